// `npm run backup`: one backup now, of the database and every stored file (issue 65, ADR 97). On the
// embedded database, run it while the app is stopped (PGlite is one process's); on PostgreSQL, any time.
import { loadConfig } from './config.ts';
import { DataDirectoryInUseError, lockDataDirectory } from './db/data-directory-lock.ts';
import { openDatabase } from './db/database.ts';
import { createFileStore } from './platform/files/files.ts';
import { openBackupDestination } from './modules/backups/backup-destination.ts';
import { readBackupKey } from './modules/backups/backup-key.ts';
import { BackupRefusal } from './modules/backups/backup-refusal.ts';
import { takeBackup } from './modules/backups/take-backup.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const config = loadConfig();
  let release: (() => Promise<void>) | null = null;
  if (!config.databaseUrl) {
    try {
      release = await lockDataDirectory(config.dataDir, () => process.exit(1));
    } catch (error) {
      if (!(error instanceof DataDirectoryInUseError)) throw error;
      throw new BackupRefusal(
        `The app is running on ${config.dataDir}. The embedded database is one process's: stop the app, then back up.`,
      );
    }
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const destination = openBackupDestination(config.backups.destination);
    const key = await readBackupKey(config.backups.key);
    const sources = { database, databaseUrl: config.databaseUrl, fileStore: createFileStore(config.files), dataDir: config.dataDir };
    const backup = await takeBackup(sources, destination, key, config.backups.retention);
    console.log(`Backup ${backup.id} taken in ${(backup.durationMs / 1000).toFixed(1)} s, to ${backup.where}:`);
    console.log(`  ${backup.firms} firms; ${backup.files} stored files, ${backup.newFiles} of them new since the last backup`);
    console.log(`  ${megabytes(backup.bytesWritten)} written, ${megabytes(backup.bytesTotal)} to restore`);
    if (backup.removedByRetention.length) console.log(`  Retention removed ${backup.removedByRetention.join(', ')}`);
    console.log(`Encrypted to ${key.recipient}. Keep the key that opens it away from the backups.`);
  } finally {
    await database.close();
    await release?.();
  }
} catch (error) {
  console.error(error instanceof BackupRefusal ? error.message : `The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
