import { API_BASE, errorMessageFrom } from '../../../lib/api-client.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { documentPath } from './document-keys.ts';

export class UploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

export type UploadProgress = (sentBytes: number, totalBytes: number) => void;

/**
 * One multipart POST through XMLHttpRequest: fetch cannot report how much of a request body has
 * been sent, and each file shows its own progress bar. Text fields go before the file, so the
 * server knows the folder before the bytes stream in.
 */
export function sendMultipart(path: string, fields: Record<string, string | undefined>, file: File, onProgress?: UploadProgress) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    const token = firmToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size));
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(body);
      else
        reject(
          new UploadError(
            errorMessageFrom(request.status, body, request.statusText || `${file.name} could not be uploaded`),
            request.status,
          ),
        );
    });
    request.addEventListener('error', () => reject(new UploadError(`${file.name} could not be uploaded: the connection failed`, 0)));
    request.send(form);
  });
}

export type UploadFields = { FolderId: string; category?: string; description?: string; tags?: string };

export const uploadDocument = (fields: UploadFields, file: File, onProgress?: UploadProgress) =>
  sendMultipart(documentPath('upload-document'), fields, file, onProgress);

export const uploadNewVersion = (id: string, file: File, note?: string, onProgress?: UploadProgress) =>
  sendMultipart(documentPath('upload-new-version', id), { note }, file, onProgress);

export const checkInDocument = (id: string, baseVersion: number, file: File, note?: string, onProgress?: UploadProgress) =>
  sendMultipart(documentPath('check-in', id), { BaseVersion: String(baseVersion), note }, file, onProgress);
