import type { Readable } from 'node:stream';
import { BACKUP_MESSAGES, type BackupRun, type BackupStatus } from '@matterhorn/shared';
import type { AfterResponse } from '../../lib/after-response.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { createZipWriter } from '../../lib/zip-writer.ts';
import { databasePathOf, manifestPathOf } from './backup-archive.ts';
import { listBackups, readManifest } from './backup-catalogue.ts';
import { readBackupKey } from './backup-key.ts';
import { type BackupRunRow, findFirstFirmAt, findFirstRunAt, findLatestRun, findRecentRuns, startRun } from './backup-runs.repository.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { BackupSetup } from './backup-setup.ts';
import { completeBackupRun } from './run-backup.ts';
import { nextScheduledBackup } from './backup-schedule.ts';

/**
 * A backup holds every firm's records (encrypted): it is downloaded only from an embedded install
 * that holds this one firm alone, never by one firm of several.
 */
async function isDownloadableBy(database: BackupSetup['sources']['database'], firmId: string): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  const firms = await database.withIdentityLookup((tx) => listFirmIds(tx));
  return firms.length === 1 && firms[0]!.firmId === firmId;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const viewOf = (row: BackupRunRow): BackupRun => ({
  id: row.id,
  kind: row.kind,
  trigger: row.trigger,
  status: row.status,
  startedAt: row.startedAt.toISOString(),
  finishedAt: iso(row.finishedAt),
  backupId: row.backupId,
  destination: row.destination,
  bytesWritten: row.bytesWritten,
  bytesTotal: row.bytesTotal,
  files: row.files,
  durationMs: row.durationMs,
  proofs: row.proofs ?? [],
  failure: row.failure,
});

/** Settings › Backups (administrators): how the installation's backups stand, "Back up now", and a backup's download. */
export function createBackups(setup: BackupSetup, afterResponse: AfterResponse) {
  const { database } = setup.sources;
  return {
    async status(firmId: string): Promise<BackupStatus> {
      const key = await readBackupKey(setup.settings.key);
      const { runs, lastBackup, lastDrill, firstRun } = await database.withFirm(firmId, async (tx) => ({
        runs: await findRecentRuns(tx, 20),
        lastBackup: await findLatestRun(tx, 'backup', 'succeeded'),
        lastDrill: await findLatestRun(tx, 'drill'),
        firstRun: await findFirstRunAt(tx),
      }));
      const keptSince = firstRun ?? (await database.withIdentityLookup((tx) => findFirstFirmAt(tx))) ?? new Date();
      return {
        where: setup.destination.where,
        encryptedTo: key.recipient,
        isKeyInDataDirectory: 'file' in setup.settings.key && setup.settings.key.isMadeWhenMissing,
        hourUtc: setup.settings.hourUtc,
        drillWeekday: setup.settings.drillWeekday,
        nextBackupAt: nextScheduledBackup(new Date(), setup.settings.hourUtc).toISOString(),
        // A daily copy: at most the day since the last one (point-in-time recovery with pgBackRest narrows it to the archived WAL).
        recoveryPointHours: 24,
        retention: setup.settings.retention,
        keptSince: keptSince.toISOString(),
        lastBackup: lastBackup ? viewOf(lastBackup) : null,
        lastDrill: lastDrill ? viewOf(lastDrill) : null,
        runs: runs.map(viewOf),
        isDownloadable: await isDownloadableBy(database, firmId),
      };
    },

    /** Starts a backup now, in the background (409 while one runs); the page follows it through status. */
    async backUpNow(principal: FirmPrincipal): Promise<BackupRun> {
      const run = await database.withFirm(principal.firmId, (tx) =>
        startRun(tx, { kind: 'backup', trigger: 'manual', requestedBy: principal.userId }),
      );
      if (!run) throw conflict(BACKUP_MESSAGES.alreadyRunning);
      afterResponse.run(() => completeBackupRun(setup, run.id));
      return viewOf(run);
    },

    /**
     * One kept backup as a zip of its encrypted parts, laid out as the backup folder is (an embedded
     * install of one firm: a small firm keeps a copy off the machine). Unzipped, it is a BACKUP_DIR that
     * `npm run restore` reads, with the key.
     */
    async download(firmId: string, backupId: string): Promise<{ stream: Readable; fileName: string }> {
      const { store } = setup.destination;
      if (!(await isDownloadableBy(database, firmId)) || !(await listBackups(store)).some((backup) => backup.id === backupId))
        throw notFound(BACKUP_MESSAGES.notDownloadable);
      const manifest = await readManifest(store, await readBackupKey(setup.settings.key), backupId);
      const parts = [manifestPathOf(backupId), databasePathOf(backupId), ...(manifest.secret ? [manifest.secret.path] : [])];
      const zip = createZipWriter();
      const write = async () => {
        for (const path of [...parts, ...manifest.files.map((file) => file.path)]) {
          const content = await store.read(path);
          if (!content) throw new Error(`${path} is missing from the backup`);
          await zip.add(content, { name: path, deflate: false });
        }
        await zip.finish();
      };
      write().catch((error: Error) => zip.stream.destroy(error));
      return { stream: zip.stream, fileName: `matterhorn-backup-${backupId}.zip` };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackups>;
