import { documentFilePath, documentFolderZipPath, pathOf } from '@matterhorn/shared';
import { buildQueryString, errorMessageFrom } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';

const downloadUrl = (id: string, version?: number, isInline = false) =>
  `${pathOf(documentFilePath, { id })}${buildQueryString({ Version: version, inline: isInline ? 'true' : undefined })}`;

const bearer = (): Record<string, string> => {
  const token = firmToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

async function failureOf(response: Response, fallback: string): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  return new Error(errorMessageFrom(response.status, body, response.statusText || fallback));
}

/** A version saved under its file name (the newest when no version is given). */
export const downloadDocument = (id: string, fileName: string, version?: number) => downloadFile(downloadUrl(id, version), fileName);

/** The file's bytes for the preview, fetched with the bearer (an <img> or PDF.js cannot carry it). */
export async function fetchDocumentBlob(id: string, version?: number): Promise<Blob> {
  const response = await fetch(downloadUrl(id, version, true), { headers: bearer() });
  if (!response.ok) throw await failureOf(response, 'The file could not be loaded');
  return response.blob();
}

export function saveBlob(blob: Blob, fileName: string) {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(objectUrl);
}

/**
 * A folder as a zip, read as a stream so the page can show progress: X-Content-Bytes is the files'
 * total, which the zip's own size roughly follows (it stores rather than compresses most files).
 */
export async function downloadFolderZip(id: string, folderName: string, onProgress: (fraction: number | null) => void): Promise<void> {
  const response = await fetch(pathOf(documentFolderZipPath, { id }), { headers: bearer() });
  if (!response.ok) throw await failureOf(response, 'The folder could not be downloaded');
  const total = Number(response.headers.get('X-Content-Bytes') ?? '');
  const chunks: Uint8Array[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(total > 0 ? Math.min(1, received / total) : null);
    }
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  onProgress(1);
  saveBlob(new Blob(chunks as BlobPart[], { type: 'application/zip' }), `${folderName}.zip`);
}
