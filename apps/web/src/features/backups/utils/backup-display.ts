import { BACKUP_OVERDUE_DAYS, daysWithoutBackup, type BackupRun, type BackupRunStatus, type BackupStatus } from '@matterhorn/shared';

export const RUN_STATUS_LABELS: Record<BackupRunStatus, string> = { running: 'Running', succeeded: 'Succeeded', failed: 'Failed' };
export const RUN_STATUS_COLORS: Record<BackupRunStatus, string> = { running: 'blue', succeeded: 'green', failed: 'red' };
export const RUN_KIND_LABELS: Record<BackupRun['kind'], string> = { backup: 'Backup', drill: 'Restore drill' };
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 3 s, 1 min 12 s: how long a run took. */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Days without a backup once the schedule has missed two, else null: the red notice's reason to show. */
export function overdueDays(status: BackupStatus, now = new Date()): number | null {
  const days = daysWithoutBackup(status.lastBackup?.finishedAt ?? null, status.keptSince, now);
  return days >= BACKUP_OVERDUE_DAYS ? days : null;
}

/** For each kind, its newest finished run when that failed: shown until a run of its kind succeeds. */
export function unresolvedFailures(status: BackupStatus): BackupRun[] {
  return (['backup', 'drill'] as const)
    .map((kind) => status.runs.find((run) => run.kind === kind && run.status !== 'running'))
    .filter((run): run is BackupRun => run?.status === 'failed');
}

export const overdueText = (days: number) =>
  `No backup has succeeded for ${days} days: the firm's recent work is in no backup. Back up now, and find out why the daily backup did not run.`;
