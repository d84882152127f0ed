import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { BackupSetup } from './backup-setup.ts';
import { dueToday, startOfUtcDay } from './backup-schedule.ts';
import { failAbandonedRuns, hasScheduledRunSince } from './backup-runs.repository.ts';
import { completeBackupRun, startBackupRun } from './run-backup.ts';
import { runDrill } from './run-drill.ts';

export const BACKUP_SCHEDULE_JOB = 'backups-schedule';
/** A run left 'running' this long was abandoned by a stopped server. */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * The daily backup at the operator's hour and the weekly drill an hour after it (issue 65 §3): a
 * check every 15 minutes that finds in backup_runs whether today's is done, so a restart, a second
 * replica or a late start runs each once (ADR 26's rule for jobs).
 */
export function backupJobs(setup: BackupSetup): PeriodicJob[] {
  const { db } = setup.sources.database;
  return [
    {
      name: BACKUP_SCHEDULE_JOB,
      everyMinutes: 15,
      run: async () => {
        const now = new Date();
        await failAbandonedRuns(db, new Date(now.getTime() - ABANDONED_AFTER_MS));
        const due = dueToday(now, setup.settings.hourUtc, setup.settings.drillWeekday);
        const today = startOfUtcDay(now);
        if (due.backup && !(await hasScheduledRunSince(db, 'backup', today))) {
          const runId = await startBackupRun(setup, 'schedule');
          if (runId) await completeBackupRun(setup, runId);
        }
        if (due.drill && !(await hasScheduledRunSince(db, 'drill', today))) await runDrill(setup, 'schedule');
      },
    },
  ];
}
