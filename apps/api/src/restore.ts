// `npm run restore -- <backup id | latest> [--replace=<firm count>]`: restores a backup into the
// DATA_DIR (or, with DATABASE_URL, the database and file store) this configuration names, then proves
// the copy whole (issue 65, ADR 97). Exits non-zero when anything is refused or any proof misses.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openBackupDestination } from './modules/backups/backup-destination.ts';
import { readBackupKey } from './modules/backups/backup-key.ts';
import { BackupRefusal } from './modules/backups/backup-refusal.ts';
import { restoreBackup, type RestoreTarget } from './modules/backups/restore-backup.ts';

try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { replace: { type: 'string' } } });
  const [id] = positionals;
  if (!id || positionals.length > 1)
    throw new BackupRefusal('Name the backup to restore: npm run restore -- <backup id | latest> [--replace=<firm count>]');
  const replaceFirmCount = values.replace === undefined ? undefined : Number(values.replace);
  if (replaceFirmCount !== undefined && !Number.isInteger(replaceFirmCount))
    throw new BackupRefusal('--replace takes the number of firms the target holds, typed back.');
  const config = loadConfig();
  const target: RestoreTarget = config.databaseUrl
    ? { kind: 'postgres', databaseUrl: config.databaseUrl, files: config.files }
    : { kind: 'embedded', dataDir: config.dataDir };
  const destination = openBackupDestination(config.backups.destination);
  const key = await readBackupKey({ ...config.backups.key, ...('file' in config.backups.key ? { isMadeWhenMissing: false } : {}) });
  console.log(`Restoring ${id} from ${destination.where} into ${target.kind === 'embedded' ? target.dataDir : 'DATABASE_URL'}…`);
  const report = await restoreBackup(destination, key, id, target, { replaceFirmCount });
  console.log(`Restored backup ${report.id}, taken ${report.takenAt}; ${report.migrationsRun} newer migrations run.`);
  if (report.replacedInto) console.log(`What the target held is set aside in ${report.replacedInto}.`);
  for (const proof of report.proofs) console.log(`  ${proof.passed ? '✓' : '✗'} ${proof.name}: ${proof.detail}`);
  console.log(report.passed ? 'Every proof passed.' : 'A proof missed: do not put this copy to work before finding why.');
  process.exit(report.passed ? 0 : 1);
} catch (error) {
  console.error(error instanceof BackupRefusal ? error.message : `The restore failed: ${(error as Error).message}`);
  process.exit(1);
}
