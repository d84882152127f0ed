import { API_BASE, ApiError, buildQueryString } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { toast } from '../../../lib/toasts.ts';
import { CLIENTS_LIST_PATH, type ClientListParams } from './get-clients-list.ts';

/** The CSV address of the filtered list: the same filters and sort, every page. */
export function clientsCsvUrl(params: Omit<ClientListParams, 'page' | 'size'>): string {
  return `${API_BASE}${CLIENTS_LIST_PATH}${buildQueryString({ ...params, IsDownlodCsv: true })}`;
}

/** Fetches the CSV with the bearer token and saves it as a file; a failure shows its message in a toast. */
export async function downloadClientsCsv(params: Omit<ClientListParams, 'page' | 'size'>): Promise<void> {
  try {
    await downloadCsv(clientsCsvUrl(params), 'clients.csv');
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Network error';
    toast.error(message);
    throw new ApiError(message, 0, null);
  }
}
