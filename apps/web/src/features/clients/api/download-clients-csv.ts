import { clientListRoute } from '@matterhorn/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { toast } from '../../../lib/toasts.ts';
import type { ClientListParams } from './get-clients-list.ts';

/** The CSV address of the filtered list: the same filters and sort, every page. */
export function clientsCsvUrl(params: Omit<ClientListParams, 'page' | 'size'>): string {
  return contractUrl(clientListRoute, { query: { ...params, IsDownlodCsv: true } });
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
