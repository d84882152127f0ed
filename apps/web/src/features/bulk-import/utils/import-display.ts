import { BULK_IMPORT_WORKING_STATUSES, countOf, type BulkImport } from '@matterhorn/shared';

type Finding = NonNullable<BulkImport['dryRun']>['findings'][number];
type ImportStatus = BulkImport['status'];

/** The error CSV's name as the server gives it: clients.csv's refused rows are clients-errors.csv. */
export const errorFileNameOf = (fileName: string) => `${fileName.replace(/\.(csv|xlsx)$/i, '')}-errors.csv`;

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Columns to check',
  checking: 'Checking',
  checked: 'Checked, not imported',
  running: 'Importing',
  done: 'Done',
  failed: 'Failed',
};

export const IMPORT_STATUS_COLORS: Record<ImportStatus, string> = {
  uploaded: 'gray',
  checking: 'blue',
  checked: 'yellow',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

export const OUTCOME_LABELS: Record<Finding['outcome'], string> = {
  create: 'Will be created',
  duplicate: 'Duplicate: skipped',
  invalid: 'Invalid',
};

/** Why a row is listed: what is wrong with it, and the names it shares with the firm's records. */
export function findingReason(finding: Finding): string {
  const conflicts = finding.conflicts ? [`${countOf(finding.conflicts, 'possible conflict')} — review in Conflict checks`] : [];
  return [...finding.errors, ...conflicts].join('; ');
}

/** A run's counts ("2 created · 1 skipped · 1 failed"); "—" before it has started. */
export function resultText(bulkImport: BulkImport): string {
  if (bulkImport.status === 'uploaded' || bulkImport.status === 'checking' || bulkImport.status === 'checked') return '—';
  return `${bulkImport.createdCount} created · ${bulkImport.skippedCount} skipped · ${bulkImport.failedCount} failed`;
}

/** Background work under way (a dry run or the run): followed until it ends. */
export const isWorking = (bulkImport: BulkImport | null | undefined) =>
  Boolean(bulkImport && BULK_IMPORT_WORKING_STATUSES.includes(bulkImport.status));

/** The step an import is at: 1 columns, 2 its dry run (its progress, then its report), 3 its run (0, choosing a file, has no import). */
export function stepOf(bulkImport: BulkImport | null, isChangingMapping: boolean): 0 | 1 | 2 | 3 {
  if (!bulkImport) return 0;
  if (bulkImport.status === 'uploaded' || (bulkImport.status === 'checked' && isChangingMapping)) return 1;
  if (bulkImport.status === 'checking' || bulkImport.status === 'checked') return 2;
  return 3;
}

/** An import the page takes up again on opening: one being checked or run, or the newest when it was left before its run. */
export function importToResume(imports: readonly BulkImport[]): BulkImport | null {
  const working = imports.find(isWorking);
  if (working) return working;
  const newest = imports[0];
  return newest && (newest.status === 'uploaded' || newest.status === 'checked') ? newest : null;
}
