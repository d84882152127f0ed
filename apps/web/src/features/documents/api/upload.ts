import {
  documentCheckInRoute,
  documentCompleteUploadRoute,
  documentStartUploadRoute,
  documentUploadRoute,
  documentUploadVersionRoute,
  pathOf,
} from '@matterhorn/shared';
import { ApiError, errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { firmToken } from '../../../lib/session-storage.ts';

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
 * server knows the folder before the bytes stream in. `path` is the contract's, filled in with pathOf.
 */
export function sendMultipart(path: string, fields: Record<string, string | undefined>, file: File, onProgress?: UploadProgress) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value);
  form.append('file', file, file.name);
  return new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
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

/** One part PUT to its presigned URL, with its progress; the bucket's ETag header names it for the completion. */
function putPart(url: string, part: Uint8Array<ArrayBuffer>, onProgress: (sentBytes: number) => void) {
  return new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    request.addEventListener('load', () => {
      const etag = request.getResponseHeader('ETag');
      if (request.status >= 200 && request.status < 300 && etag) resolve(etag);
      else reject(new UploadError(`A part of the file was refused by the storage (${request.status || 'no ETag'})`, request.status));
    });
    request.addEventListener('error', () => reject(new UploadError('The storage could not be reached', 0)));
    request.send(part);
  });
}

const hexOf = (digest: ArrayBuffer) => [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** A failed call as an UploadError, so the list offers "Upload as a new version" on a 409 as it does for the API path. */
const asUploadError = (error: unknown) =>
  error instanceof ApiError ? new UploadError(error.message, error.status) : error instanceof Error ? error : new Error(String(error));

type DirectTarget = { FolderId: string } | { DocumentId: string; note?: string };

/**
 * Where files go to a bucket: the file's SHA-256 is computed here, the server hands out presigned
 * URLs for its parts, the browser PUTs them straight to the bucket, and the server files the
 * document only after reading it back and finding the same size and hash.
 */
async function sendToBucket(target: DirectTarget, file: File, onProgress?: UploadProgress) {
  try {
    const sha256 = hexOf(await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer())));
    const { data: plan } = await callContract(
      documentStartUploadRoute,
      { body: { ...target, fileName: file.name, sizeBytes: file.size, sha256 } },
      { auth: 'firm', silent: true },
    );
    const parts: { partNumber: number; etag: string }[] = [];
    let sentBefore = 0;
    for (const [index, url] of plan.partUrls.entries()) {
      // One part (8 MiB) in memory at a time, sent as bytes.
      const part = new Uint8Array(await file.slice(index * plan.partSize, (index + 1) * plan.partSize).arrayBuffer());
      const etag = await putPart(url, part, (sent) => onProgress?.(sentBefore + sent, file.size));
      sentBefore += part.byteLength;
      parts.push({ partNumber: index + 1, etag });
    }
    return await callContract(
      documentCompleteUploadRoute,
      { body: { uploadToken: plan.uploadToken, parts } },
      { auth: 'firm', silent: true },
    );
  } catch (error) {
    throw asUploadError(error);
  }
}

export type UploadFields = { FolderId: string; category?: string; description?: string; tags?: string };

/** isDirect: the firm's files are in a bucket the browser uploads to (get-document-settings). */
export const uploadDocument = (fields: UploadFields, file: File, onProgress?: UploadProgress, isDirect = false) =>
  isDirect
    ? sendToBucket({ FolderId: fields.FolderId }, file, onProgress)
    : sendMultipart(pathOf(documentUploadRoute), fields, file, onProgress);

export const uploadNewVersion = (id: string, file: File, note?: string, onProgress?: UploadProgress, isDirect = false) =>
  isDirect
    ? sendToBucket({ DocumentId: id, note }, file, onProgress)
    : sendMultipart(pathOf(documentUploadVersionRoute, { id }), { note }, file, onProgress);

export const checkInDocument = (id: string, baseVersion: number, file: File, note?: string, onProgress?: UploadProgress) =>
  sendMultipart(pathOf(documentCheckInRoute, { id }), { BaseVersion: String(baseVersion), note }, file, onProgress);
