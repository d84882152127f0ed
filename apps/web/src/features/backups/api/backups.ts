import { backupDownloadPath, backupsContracts, type BackupRun, type BackupStatus } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

/** While a backup runs, how often the page asks how it stands. */
export const BACKUP_POLL_MS = 3000;

export const backupKeys = { status: ['backups', 'status'] as const };

export async function getBackupStatus(): Promise<BackupStatus> {
  return (await callContract(backupsContracts.status, {}, { auth: 'firm', silent: true })).data;
}

/** Polled while a backup or drill runs; the dashboard's notice reads the same answer, kept five minutes. */
export const backupStatusQuery = queryOptions({
  queryKey: backupKeys.status,
  queryFn: getBackupStatus,
  staleTime: 5 * 60 * 1000,
  refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === 'running') ? BACKUP_POLL_MS : false),
});

/** Starts a backup; the server's message in a success toast, a refusal (409: one is running) in an error toast. */
export async function backUpNow(): Promise<BackupRun> {
  return (await callContract(backupsContracts.backUpNow, {}, { auth: 'firm', toastSuccess: true })).data;
}

/** A kept embedded backup's zip (its encrypted parts): small firms keep a copy off the machine. */
export const downloadBackup = (backupId: string) =>
  downloadFile(backupDownloadPath.path.replace(':backupId', encodeURIComponent(backupId)), `matterhorn-backup-${backupId}.zip`);
