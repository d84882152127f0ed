import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction already switched to a least-privilege role (see withFirm / withIdentityLookup). */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS_FOLDER = join(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK_KEY = 7_340_431_002;

export type Database = {
  kind: 'pglite' | 'postgres';
  /** The owner connection: migrations and seeding only. Requests go through withFirm. */
  db: Db;
  /** Runs fn in one transaction as the app role, seeing only the given firm's rows. */
  withFirm<T>(firmId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn as the identity-lookup role: sign-in by email, slug or token before a firm is known. */
  withIdentityLookup<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Applies the committed migrations (or those of another folder, for upgrade tests). */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; pglite?: PGlite; poolSize?: number };

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const pglite = options.pglite ?? openPgliteDirectory(options.dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return withScopes('pglite', db, {
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder }),
    close: () => pglite.close(),
  });
}

function openPgliteDirectory(dataDir: string | undefined): PGlite {
  if (!dataDir) return createPglite();
  const directory = join(dataDir, 'pglite');
  mkdirSync(directory, { recursive: true });
  return createPglite({ dataDir: directory });
}

/** An embedded PostgreSQL with the extensions our migrations use (pg_trgm for fuzzy search). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

function openPostgres(databaseUrl: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // A connection the server drops (restart, failover, a terminated backend) must not crash the
  // process: queries running on it still fail on their own promise, and the pool opens a new one.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  return withScopes('postgres', db, {
    // Replicas may start together: one migrates while the others wait on the advisory lock.
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end();
      }
    },
    close: () => pool.end(),
  });
}

function withScopes(kind: Database['kind'], db: Db, lifecycle: Pick<Database, 'migrate' | 'close'>): Database {
  return {
    kind,
    db,
    withFirm: (firmId, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'matterhorn_app', true), set_config('app.firm_id', ${firmId}, true)`);
        return fn(tx as Tx);
      }),
    withIdentityLookup: (fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'matterhorn_auth', true), set_config('app.firm_id', '', true)`);
        return fn(tx as Tx);
      }),
    ...lifecycle,
  };
}

/** Inside an identity-lookup transaction, continue as the app role for one firm. */
export async function switchToFirm(tx: Tx, firmId: string): Promise<void> {
  await tx.execute(sql`select set_config('role', 'matterhorn_app', true), set_config('app.firm_id', ${firmId}, true)`);
}
