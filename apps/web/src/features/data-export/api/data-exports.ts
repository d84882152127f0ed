import { dataExportContracts, type DataExport } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

/**
 * How often a running export's progress is asked for. Three seconds rather than two: a page that
 * follows an export still has two quiet seconds between calls (the load journey waits for them).
 */
export const EXPORT_POLL_MS = 3000;

/** Every export query lives under ['data-exports']: a start or a finished export refreshes the list. */
export const dataExportKeys = {
  all: ['data-exports'] as const,
  list: ['data-exports', 'list'] as const,
  status: (id: string) => ['data-exports', 'status', id] as const,
};

/** The firm's recent exports, newest first (at most 10); null when the list cannot be read (SPEC.md §8). */
export function getDataExports(): Promise<DataExport[] | null> {
  return listContract(dataExportContracts.list, {}, 'firm');
}

export const dataExportListQuery = queryOptions({ queryKey: dataExportKeys.list, queryFn: getDataExports });

/** One export's progress; a failure throws without a toast (the next poll tries again). */
export async function getDataExportStatus(id: string): Promise<DataExport> {
  return (await callContract(dataExportContracts.status, { params: { id } }, { auth: 'firm', silent: true })).data;
}

/**
 * Polled while the export runs, and no longer once it has finished (or before its first answer
 * arrives, which its own fetch covers).
 */
export const dataExportStatusQuery = (id: string) =>
  queryOptions({
    queryKey: dataExportKeys.status(id),
    queryFn: () => getDataExportStatus(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });

/** Starts the export; the server's message in a success toast, a refusal (409: one is running) in an error toast. */
export async function startDataExport(): Promise<DataExport> {
  return (await callContract(dataExportContracts.start, {}, { auth: 'firm', toastSuccess: true })).data;
}

/**
 * The zip, saved by the browser's own download through a one-minute link: a fetch with the bearer
 * would hold the whole zip (gigabytes for a firm with many documents) in the page's memory.
 */
export async function downloadDataExport(id: string): Promise<void> {
  const { url } = (await callContract(dataExportContracts.downloadLink, { params: { id } }, { auth: 'firm' })).data;
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
