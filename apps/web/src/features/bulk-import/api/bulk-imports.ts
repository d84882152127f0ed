import {
  bulkImportContracts,
  bulkImportErrorsPath,
  bulkImportSchema,
  bulkImportUploadPath,
  pathOf,
  type BulkImport,
  type BulkImportKind,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { errorFileNameOf, isWorking } from '../utils/import-display.ts';

/** How often a running import's progress is asked for: as an export's, two quiet seconds between calls. */
export const IMPORT_POLL_MS = 3000;
/** How often a dry run's progress is asked for. */
export const CHECK_POLL_MS = 1000;

/** Every import query lives under ['bulk-imports']: an upload or a finished run refreshes the list. */
export const bulkImportKeys = {
  all: ['bulk-imports'] as const,
  list: ['bulk-imports', 'list'] as const,
  status: (id: string) => ['bulk-imports', 'status', id] as const,
};

/** The firm's recent imports, newest first (at most 20); null when the list cannot be read (SPEC.md §8). */
export function getBulkImports(): Promise<BulkImport[] | null> {
  return listContract(bulkImportContracts.list, {}, 'firm');
}

export const bulkImportListQuery = queryOptions({ queryKey: bulkImportKeys.list, queryFn: getBulkImports });

/** One import; a failure throws without a toast (the next poll tries again). */
export async function getBulkImportStatus(id: string): Promise<BulkImport> {
  return (await callContract(bulkImportContracts.status, { params: { id } }, { auth: 'firm', silent: true })).data;
}

/**
 * Polled while the import runs, and no longer once it has finished. An answer this page has just
 * put in the cache (the upload's, the dry run's) is not asked for again at once.
 */
export const bulkImportStatusQuery = (id: string) =>
  queryOptions({
    queryKey: bulkImportKeys.status(id),
    queryFn: () => getBulkImportStatus(id),
    staleTime: IMPORT_POLL_MS,
    // A dry run of a small file ends within a second: asked for sooner than a run's progress.
    refetchInterval: (query) =>
      query.state.data?.status === 'checking' ? CHECK_POLL_MS : isWorking(query.state.data) ? IMPORT_POLL_MS : false,
  });

/**
 * Multipart, so not through callContract (which sends JSON): the kind goes before the file, as the
 * API reads it. A refusal (a file that is not CSV or .xlsx, 413 past 25 MB) throws the server's message.
 */
export async function uploadBulkImport(kind: BulkImportKind, file: File): Promise<BulkImport> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const token = firmToken();
  const response = await fetch(bulkImportUploadPath.path, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The file could not be uploaded'));
  return bulkImportSchema.parse((body as { data: unknown }).data);
}

/** Each field to its column (null: none); saved for the firm's next file of this kind. A refusal throws, shown by the step. */
export async function saveBulkImportMapping(id: string, mapping: Record<string, string | null>): Promise<BulkImport> {
  return (await callContract(bulkImportContracts.map, { params: { id }, body: { mapping } }, { auth: 'firm', silent: true })).data;
}

/** Checks every row and writes nothing: the report. */
export async function dryRunBulkImport(id: string): Promise<BulkImport> {
  return (await callContract(bulkImportContracts.dryRun, { params: { id } }, { auth: 'firm', silent: true })).data;
}

/** Starts the run in the background; followed with the status query. */
export async function runBulkImport(id: string): Promise<BulkImport> {
  return (await callContract(bulkImportContracts.run, { params: { id } }, { auth: 'firm', silent: true })).data;
}

/** The refused rows as CSV (the file's columns plus error), fetched with the bearer and saved by the browser. */
export const downloadBulkImportErrors = (bulkImport: Pick<BulkImport, 'id' | 'fileName'>) =>
  downloadFile(pathOf(bulkImportErrorsPath, { id: bulkImport.id }), errorFileNameOf(bulkImport.fileName), 'text/csv');
