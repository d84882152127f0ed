import type { BackupSetup } from './backup-setup.ts';
import { readBackupKey } from './backup-key.ts';
import { finishRun, startRun } from './backup-runs.repository.ts';
import { takeBackup } from './take-backup.ts';
import { tellOwnersOfFailure } from './tell-owners-of-failure.ts';

/** Starts a recorded backup run, or answers null when one is running already. */
export const startBackupRun = async (setup: BackupSetup, trigger: 'schedule' | 'manual', requestedBy: string | null = null) =>
  (await startRun(setup.sources.database.db, { kind: 'backup', trigger, requestedBy }))?.id ?? null;

/** Takes the backup of a started run and records how it went; a failure is e-mailed to the owners. */
export async function completeBackupRun(setup: BackupSetup, runId: string): Promise<void> {
  const { db } = setup.sources.database;
  try {
    const key = await readBackupKey(setup.settings.key);
    const backup = await takeBackup(setup.sources, setup.destination, key, setup.settings.retention);
    await finishRun(db, runId, {
      status: 'succeeded',
      backupId: backup.id,
      destination: backup.where,
      bytesWritten: backup.bytesWritten,
      bytesTotal: backup.bytesTotal,
      files: backup.files,
      newFiles: backup.newFiles,
      durationMs: backup.durationMs,
    });
    setup.logger?.info({ backupId: backup.id, durationMs: backup.durationMs }, 'backup taken');
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    setup.logger?.error({ err: error }, 'backup failed');
    await finishRun(db, runId, { status: 'failed', destination: setup.destination.where, failure });
    await tellOwnersOfFailure(setup, 'backup', failure);
  }
}
