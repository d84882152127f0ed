import { API_BASE, ApiError, buildQueryString, errorMessageFrom } from '../../../lib/api-client.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { toast } from '../../../lib/toasts.ts';
import { CLIENTS_LIST_PATH, type ClientListParams } from './get-clients-list.ts';

const FALLBACK_FILE_NAME = 'clients.csv';

function fileNameFrom(disposition: string | null): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : FALLBACK_FILE_NAME;
}

/** The CSV address of the filtered list: the same filters and sort, every page. */
export function clientsCsvUrl(params: Omit<ClientListParams, 'page' | 'size'>): string {
  return `${API_BASE}${CLIENTS_LIST_PATH}${buildQueryString({ ...params, IsDownlodCsv: true })}`;
}

/** Fetches the CSV with the bearer token (a plain link could not carry it) and saves it as a file. */
export async function downloadClientsCsv(params: Omit<ClientListParams, 'page' | 'size'>): Promise<void> {
  const token = firmToken();
  let response: Response;
  try {
    response = await fetch(clientsCsvUrl(params), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Network error';
    toast.error(message);
    throw new ApiError(message, 0, null);
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const message = errorMessageFrom(response.status, body, response.statusText || 'The CSV could not be downloaded');
    toast.error(message);
    throw new ApiError(message, response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('Content-Disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
