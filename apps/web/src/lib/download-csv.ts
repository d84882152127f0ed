import { errorMessageFrom } from './api-client.ts';
import { firmToken } from './session-storage.ts';

/** The file name from Content-Disposition (attachment; filename="x.csv"), else the fallback. */
export function csvFileNameFrom(disposition: string | null, fallbackFileName: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallbackFileName;
}

/**
 * A list's CSV, fetched with the bearer (a plain link cannot carry it) and handed to the browser as
 * a Blob download. A refusal throws the server's message; a network failure throws as fetch does.
 */
export async function downloadCsv(url: string, fallbackFileName: string): Promise<void> {
  await downloadFile(url, fallbackFileName, 'text/csv');
}

/** Any file the bearer may fetch (a receipt, a CSV; the firm's unless a portal client's token is given), saved under the server's name. */
export async function downloadFile(url: string, fallbackFileName: string, accept = '*/*', token = firmToken()): Promise<void> {
  const response = await fetch(url, { headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The file could not be downloaded'));
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = csvFileNameFrom(response.headers.get('Content-Disposition'), fallbackFileName);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(objectUrl);
}
