import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { openClient } from './database-client.ts';
import type { Database } from '../../db/database.ts';
import { BackupRefusal } from './backup-refusal.ts';
import { countMigrations, countRowsPerFirm, type Query, type RowCounts } from './backups.repository.ts';

export type DatabaseCopy = {
  kind: 'pglite' | 'postgres';
  content: Readable;
  counts: RowCounts;
  migrationsApplied: number;
  /** Settles once the copy is whole (pg_dump exited 0) and its snapshot released. */
  finished: Promise<void>;
  /** Stops a copy whose bytes are no longer wanted (the backup failed), releasing its snapshot. */
  abandon(): void;
};

/**
 * A consistent copy of the database while the firm works (ADR 97), with the rows per firm counted in
 * the same moment. Embedded: PGlite's own data directory as a tarball; PGlite is one connection, so
 * transactions wait while it is taken (measured in `npm run bench`), none is refused. PostgreSQL:
 * pg_dump's custom format on a snapshot exported from a transaction that counted the rows first;
 * writes go on meanwhile.
 */
export function copyDatabase(database: Database, databaseUrl: string | undefined): Promise<DatabaseCopy> {
  if (database.embedded) return copyEmbedded(database.embedded);
  if (!databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL');
  return copyPostgres(databaseUrl);
}

async function copyEmbedded(pglite: NonNullable<Database['embedded']>): Promise<DatabaseCopy> {
  // Inside a transaction of its own, which holds PGlite's one connection: no other transaction is
  // open while the rows are counted and the files copied (a read-only one, rolled back by the copy's start-up).
  const { tarball, counts, migrationsApplied } = await pglite.transaction(async (tx) => {
    const query: Query = async (text) => (await tx.query(text)).rows as never;
    const counts = await countRowsPerFirm(query);
    const migrationsApplied = await countMigrations(query);
    return { tarball: await pglite.dumpDataDir('gzip'), counts, migrationsApplied };
  });
  return {
    kind: 'pglite',
    content: Readable.fromWeb(tarball.stream() as never),
    counts,
    migrationsApplied,
    finished: Promise.resolve(),
    abandon: () => undefined,
  };
}

async function copyPostgres(databaseUrl: string): Promise<DatabaseCopy> {
  const client = openClient(databaseUrl);
  await client.connect();
  const query: Query = async (text) => (await client.query(text)).rows as never;
  let counts: RowCounts;
  let migrationsApplied: number;
  let snapshot: string;
  try {
    await client.query('begin isolation level repeatable read read only');
    try {
      // Off, or an error: pg_dump must see every firm's rows, so the role must be able to (superuser or BYPASSRLS).
      await client.query('set local row_security = off');
      [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [{ snapshot: string }];
      counts = await countRowsPerFirm(query);
    } catch (error) {
      if ((error as { code?: string }).code === '42501')
        throw new BackupRefusal('The backup must read every firm’s rows: run it as the database’s owner with BYPASSRLS, or a superuser.');
      throw error;
    }
    migrationsApplied = await countMigrations(query);
  } catch (error) {
    await client.end();
    throw error;
  }
  const dump = spawn('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--dbname=${databaseUrl}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  dump.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const finished = new Promise<void>((resolve, reject) => {
    dump.once('error', reject);
    dump.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed (${code}): ${errors.trim()}`))));
  }).finally(() => client.query('commit').finally(() => client.end()));
  // The dump's stream ends with an error, not quietly, when pg_dump fails: a cut dump is never taken for whole.
  finished.catch((error: Error) => dump.stdout.destroy(error));
  finished.catch(() => undefined);
  return { kind: 'postgres', content: dump.stdout, counts, migrationsApplied, finished, abandon: () => dump.kill() };
}
