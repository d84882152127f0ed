import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { openClient } from './database-client.ts';
import { createPglite, openDatabase, type Database } from '../../db/database.ts';
import { countMigrations, queryOn } from './backups.repository.ts';
import { DataDirectoryInUseError, lockDataDirectory } from '../../db/data-directory-lock.ts';
import { createFileStore, type FileStore, type FileStoreSettings } from '../../platform/files/files.ts';
import { createLocalFileStore } from '../../platform/files/local-file-store.ts';
import type { BackupManifest } from './backup-archive.ts';
import { listBackups, readManifest } from './backup-catalogue.ts';
import { measurePart, readWhole, type BackupDestination } from './backup-destination.ts';
import { decryptBytes, decrypting, type BackupKey } from './backup-key.ts';
import { BackupRefusal } from './backup-refusal.ts';
import { proveRestoredCopy, type RestoreProof } from './restore-proofs.ts';

/** Where a backup is restored: an embedded install's DATA_DIR, or a PostgreSQL database and its file store. */
export type RestoreTarget = { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; databaseUrl: string; files: FileStoreSettings };

/** A target that holds data is replaced only when the operator types back how many firms it holds. */
export type RestoreOptions = { replaceFirmCount?: number };

export type RestoreReport = {
  id: string;
  takenAt: string;
  migrationsRun: number;
  /** Where what the target held before was moved (nothing is deleted), when it was replaced. */
  replacedInto: string | null;
  proofs: RestoreProof[];
  passed: boolean;
};

/**
 * Restores a backup (issue 65 §2): the key and every part's SHA-256 are checked before anything is
 * written; a target that holds data is refused unless the operator typed back its firm count; the
 * migrations newer than the backup run forward; then the copy is proved whole.
 */
export async function restoreBackup(
  destination: BackupDestination,
  key: BackupKey,
  id: string | 'latest',
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const backupId = id === 'latest' ? (await listBackups(destination.store))[0]?.id : id;
  if (!backupId) throw new BackupRefusal(`There is no finished backup at ${destination.where}.`);
  const manifest = await readManifest(destination.store, key, backupId);
  const expectedKind = target.kind === 'embedded' ? 'pglite' : 'postgres';
  if (manifest.database.kind !== expectedKind)
    throw new BackupRefusal(
      manifest.database.kind === 'pglite'
        ? `Backup ${backupId} is of the embedded database: restore it into a DATA_DIR (without DATABASE_URL).`
        : `Backup ${backupId} is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.`,
    );
  await expectWholeParts(destination, manifest);
  return target.kind === 'embedded'
    ? restoreEmbedded(destination, key, manifest, target.dataDir, options)
    : restorePostgres(destination, key, manifest, target, options);
}

/** Every part the manifest names is there with the SHA-256 and size it was written with. */
async function expectWholeParts({ store }: BackupDestination, manifest: BackupManifest): Promise<void> {
  const damaged: string[] = [];
  for (const part of [manifest.database, ...(manifest.secret ? [manifest.secret] : []), ...manifest.files]) {
    const stored = await measurePart(store, part.path);
    if (!stored) damaged.push(`${part.path} is missing`);
    else if (stored.sha256 !== part.sha256 || stored.bytes !== part.bytes) damaged.push(`${part.path} is not as it was written`);
    if (damaged.length === 5) break;
  }
  if (damaged.length) throw new BackupRefusal(`Backup ${manifest.id} is damaged: ${damaged.join('; ')}. Nothing was written.`);
}

const replaceAdvice = (where: string, firms: number) =>
  `${where} already holds a database of ${firms} firm${firms === 1 ? '' : 's'}. Restore into an empty one, or replace it ` +
  `by typing that number back: --replace=${firms}. Nothing was written.`;

async function restoreEmbedded(
  destination: BackupDestination,
  key: BackupKey,
  manifest: BackupManifest,
  dataDir: string,
  options: RestoreOptions,
): Promise<RestoreReport> {
  let release: () => Promise<void>;
  try {
    release = await lockDataDirectory(dataDir, () => undefined);
  } catch (error) {
    if (error instanceof DataDirectoryInUseError)
      throw new BackupRefusal(`The app is running on ${dataDir}: stop it before restoring into it. Nothing was written.`);
    throw error;
  }
  try {
    // A secret alone is not data: reading the configuration makes one in a new DATA_DIR.
    const held = ['pglite', 'files'].filter((name) => holdsSomething(join(dataDir, name)));
    let replacedInto: string | null = null;
    if (held.length) {
      const firms = held.includes('pglite') ? await countEmbeddedFirms(dataDir) : 0;
      if (options.replaceFirmCount !== firms) throw new BackupRefusal(replaceAdvice(dataDir, firms));
      replacedInto = join(dataDir, `replaced-${new Date().toISOString().replaceAll(':', '-')}`);
      await mkdir(replacedInto);
      for (const name of [...held, 'app-secret'].filter((name) => existsSync(join(dataDir, name))))
        await rename(join(dataDir, name), join(replacedInto, name));
    }
    const tarball = await decryptBytes(key, (await readWhole(destination.store, manifest.database.path))!);
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    const pglite = createPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Blob([tarball]) });
    const database = openDatabase({ pglite });
    try {
      const fileStore = createLocalFileStore(join(dataDir, 'files'));
      await restoreFiles(destination, key, manifest, fileStore);
      if (manifest.secret) {
        const secret = await decryptBytes(key, (await readWhole(destination.store, manifest.secret.path))!);
        await writeFile(join(dataDir, 'app-secret'), secret, { mode: 0o600 });
      }
      return await migrateAndProve(database, fileStore, manifest, replacedInto);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

/** A file, or a folder with anything in it. */
const holdsSomething = (path: string) => existsSync(path) && (!statSync(path).isDirectory() || readdirSync(path).length > 0);

async function countEmbeddedFirms(dataDir: string): Promise<number> {
  const pglite = createPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    const exists = await pglite.query<{ present: boolean }>(`select to_regclass('public.firms') is not null as present`);
    if (!exists.rows[0]?.present) return 0;
    return (await pglite.query<{ firms: number }>('select count(*)::int as firms from firms')).rows[0]!.firms;
  } finally {
    await pglite.close();
  }
}

/** The roles migration 0001 makes: they belong to the server, not the database, so a new server lacks them. */
const APP_ROLES = `
DO $$ BEGIN CREATE ROLE matterhorn_app NOLOGIN NOBYPASSRLS; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE matterhorn_auth NOLOGIN NOBYPASSRLS; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN EXECUTE format('GRANT matterhorn_app, matterhorn_auth TO %I', current_user); EXCEPTION WHEN OTHERS THEN NULL; END $$;`;

async function restorePostgres(
  destination: BackupDestination,
  key: BackupKey,
  manifest: BackupManifest,
  target: Extract<RestoreTarget, { kind: 'postgres' }>,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const client = openClient(target.databaseUrl);
  await client.connect();
  let replacedInto: string | null = null;
  try {
    const { rows } = await client.query<{ schema: string }>(
      `select distinct table_schema as schema from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (rows.length) {
      const firms = rows.some((row) => row.schema === 'public')
        ? await client.query<{ firms: number }>(`select count(*)::int as firms from firms`).then(
            (result) => result.rows[0]!.firms,
            () => 0,
          )
        : 0;
      if (options.replaceFirmCount !== firms) throw new BackupRefusal(replaceAdvice('The database', firms));
      // Set aside, not dropped: each schema renamed, for the operator to drop once the restore is proved.
      const stamp = new Date().toISOString().slice(0, 19).replace(/\D/g, '');
      await client.query('begin');
      for (const { schema } of rows)
        await client.query(`alter schema ${pg.escapeIdentifier(schema)} rename to ${pg.escapeIdentifier(`replaced_${stamp}_${schema}`)}`);
      await client.query('create schema public');
      // Extensions move with their schema, and the restore's CREATE EXTENSION IF NOT EXISTS would find them there.
      const extensions = await client.query<{ name: string }>(
        `select extname as name from pg_extension where extnamespace::regnamespace::text like 'replaced\\_${stamp}\\_%'`,
      );
      for (const { name } of extensions.rows) await client.query(`alter extension ${pg.escapeIdentifier(name)} set schema public`);
      await client.query('commit');
      replacedInto = `the schemas replaced_${stamp}_*`;
    }
    await client.query(APP_ROLES);
  } finally {
    await client.end();
  }
  const restore = spawn(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${target.databaseUrl}`],
    {
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  restore.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const exited = new Promise<number | null>((resolve, reject) => {
    restore.once('error', reject);
    restore.once('close', resolve);
  });
  await pipeline(await decrypting(key, (await destination.store.read(manifest.database.path))!), restore.stdin);
  const code = await exited;
  if (code !== 0) throw new Error(`pg_restore failed (${code}): ${errors.trim()}`);
  const database = openDatabase({ databaseUrl: target.databaseUrl, poolSize: 2 });
  try {
    const fileStore = createFileStore(target.files);
    await restoreFiles(destination, key, manifest, fileStore);
    return await migrateAndProve(database, fileStore, manifest, replacedInto);
  } finally {
    await database.close();
  }
}

async function restoreFiles(destination: BackupDestination, key: BackupKey, manifest: BackupManifest, fileStore: FileStore): Promise<void> {
  for (const file of manifest.files) {
    const sealed = await destination.store.read(file.path);
    await fileStore.write(file.key, await decrypting(key, sealed ?? Readable.from([])));
  }
}

async function migrateAndProve(
  database: Database,
  fileStore: FileStore,
  manifest: BackupManifest,
  replacedInto: string | null,
): Promise<RestoreReport> {
  await database.migrate();
  const applied = await countMigrations(queryOn(database.db));
  const proofs = await proveRestoredCopy(database, fileStore, manifest);
  return {
    id: manifest.id,
    takenAt: manifest.takenAt,
    migrationsRun: applied - manifest.database.migrationsApplied,
    replacedInto,
    proofs,
    passed: proofs.every((proof) => proof.passed),
  };
}
