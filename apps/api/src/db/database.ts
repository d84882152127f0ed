import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { connectionOptionsOf } from './multi-host.ts';
import { plannerSettingsAsConfiguration, setPlannerSettings } from './planner-settings.ts';
import { PreparingClient } from './preparing-client.ts';
import { originSettings } from './request-origin.ts';
import { openPgliteRequest, openPostgresRequest, type OpenedRequest, type RequestFlight } from './request-flight.ts';
import {
  joinRequestTransaction,
  openRequestTransaction,
  runInRequestTransaction,
  settingsStatement,
  type RequestTransaction,
} from './request-transaction.ts';
import * as schema from './schema/index.ts';
import type { Db, Tx } from './transaction-types.ts';

export type { Db, Tx } from './transaction-types.ts';

/** The rows of a `tx.execute(sql`…`)`, typed by the caller (both drivers answer `{ rows }`). */
export const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as { rows: T[] }).rows;

export const MIGRATIONS_FOLDER = join(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK_KEY = 7_340_431_002;

/**
 * `readOnly`: PostgreSQL refuses any write in the transaction. `isolation: 'repeatable read'`: every
 * statement sees one snapshot (a CSV export read in batches). `settings`: further settings for this
 * transaction only (such as pg_trgm's thresholds).
 */
export type ScopeOptions = { readOnly?: boolean; isolation?: 'repeatable read'; settings?: Record<string, string> };
export const READ_ONLY: ScopeOptions = { readOnly: true };

export type Database = {
  kind: 'pglite' | 'postgres';
  /**
   * The owner connection: migrations and seeding, and the one-statement calls of the SECURITY
   * DEFINER session checks (migration 0015). Requests go through withFirm.
   */
  db: Db;
  /** Runs fn in one transaction as the app role, seeing only the given firm's rows. */
  withFirm<T>(firmId: string, fn: (tx: Tx) => Promise<T>, options?: ScopeOptions): Promise<T>;
  /**
   * Reads that may come from the read replica (reports, exports, the dashboard; ADR 53): on
   * DATABASE_REPLICA_URL in a read-only transaction of their own when the replica has replayed all
   * the primary had written when this was called (so a user always reads their own writes), else
   * as withFirm(…, read-only) on the primary.
   */
  withFirmFromReplica<T>(firmId: string, fn: (tx: Tx) => Promise<T>, options?: Omit<ScopeOptions, 'readOnly'>): Promise<T>;
  /** Runs fn as the identity-lookup role: sign-in by email, slug or token before a firm is known. */
  withIdentityLookup<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Opens a request's one transaction in one flight (ADR 38): begin, the check that sets its scope,
   * and the statements behind it. The caller ends it (RequestTransaction.end), refused or not.
   * Run the request's work with runInRequestTransaction; every withFirm inside joins it.
   */
  openRequest(flight: RequestFlight): Promise<OpenedRequest>;
  /** Applies the committed migrations (or those of another folder, for upgrade tests). */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded database itself (kind 'pglite' only): a backup copies its data directory (ADR 97). */
  embedded?: PGlite;
};

/**
 * PostgreSQL's own limits on a request's transaction (0: none): a statement that runs longer, or a
 * transaction left idle longer (its request stopped halfway), is ended by the server, so a stuck
 * request cannot keep a connection from the pool. Migrations run on their own connection, without
 * them; work that legitimately takes longer passes its own values in ScopeOptions.settings.
 */
export type DatabaseTimeouts = { statementMs: number; idleInTransactionMs: number };

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
  /** Named prepared statements on DATABASE_URL (see PreparingClient); off for transaction-mode poolers. */
  preparedStatements?: boolean;
  /** On DATABASE_URL only: PGlite is one in-process connection that a terminated session would take down. */
  timeouts?: DatabaseTimeouts;
  /** The pool's connection class on DATABASE_URL (a test counts round trips with one); pipelined either way. */
  connectionClass?: typeof pg.Client;
  /** A streaming replica of databaseUrl for withFirmFromReplica (ADR 53). */
  replicaUrl?: string;
};

/** The settings a transaction starts with, before its own: the timeouts, as PostgreSQL reads them. */
const timeoutSettingsOf = (timeouts: DatabaseTimeouts | undefined): Record<string, string> =>
  timeouts
    ? { statement_timeout: String(timeouts.statementMs), idle_in_transaction_session_timeout: String(timeouts.idleInTransactionMs) }
    : {};

/** Who a transaction runs as: the role, and the firm its row-level security sees ('' for none). */
type Scope = { role: 'matterhorn_app' | 'matterhorn_auth'; firmId: string; settings?: Record<string, string> };

/** Switches the open transaction to a scope, for the rest of the transaction only: one statement. */
async function applyScope(tx: Tx, { role, firmId, settings = {} }: Scope): Promise<void> {
  await tx.execute(settingsStatement({ ...settings, role, 'app.firm_id': firmId }));
}

/** Inside an identity-lookup transaction, continue as withFirm would: the app role, one firm. */
export const switchToFirm = (tx: Tx, firmId: string): Promise<void> => applyScope(tx, { role: 'matterhorn_app', firmId });

/** The begin's own words, only when they differ from PostgreSQL's default (read write, read committed). */
const transactionConfigOf = ({ readOnly, isolation }: ScopeOptions) =>
  readOnly || isolation
    ? { accessMode: readOnly ? ('read only' as const) : ('read write' as const), isolationLevel: isolation }
    : undefined;

/**
 * Runs fn so that every withFirm of the same firm inside it joins tx instead of opening a
 * transaction of its own: a write's records and its idempotency key's answer commit together.
 * The caller owns tx (begins and ends it). Once fn is done the join is over: work fn started and
 * did not wait for (a job, a log) opens its own transaction rather than one about to close.
 */
export async function joinedByWrites<T>(firmId: string, tx: Tx, fn: () => Promise<T>): Promise<T> {
  const joined = {
    firmId,
    tx,
    hasWritten: true,
    hasFailed: false,
    isEnded: false,
    pending: [],
    end: () => Promise.reject(new Error('A joined transaction is ended by its owner')),
  };
  try {
    return await runInRequestTransaction(joined, fn);
  } finally {
    joined.isEnded = true;
  }
}

/**
 * A section of the request run under another scope (another firm, or the identity lookup) in the
 * request's own transaction, then the request's scope again: one connection, so PGlite's single
 * one never waits on itself and a full pool never waits on a second connection.
 */
async function inOtherScope<T>(request: RequestTransaction, scope: Scope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return joinRequestTransaction(
    request,
    async (tx) => {
      await applyScope(tx, scope);
      const result = await fn(tx);
      await applyScope(tx, { role: 'matterhorn_app', firmId: request.firmId });
      return result;
    },
    {},
  );
}

/**
 * The request transaction, the same for both drivers: begin (read-only or not, at the isolation
 * asked), switch role and firm, run fn, commit — or roll back on any error. Inside a request's
 * own transaction (ADR 38) a section joins it instead.
 */
function scopedTransactions(db: Db, kind: Database['kind'], timeouts?: DatabaseTimeouts) {
  const defaults = timeoutSettingsOf(timeouts);
  const inScope = <T>(scope: Scope, fn: (tx: Tx) => Promise<T>, options: ScopeOptions = {}) =>
    db.transaction(async (tx) => {
      // Set with the role in the same statement, local to the transaction: no round trip, and right behind a transaction-mode pooler.
      // The request's origin rides along, for the audit events the transaction may write.
      await applyScope(tx, { ...scope, settings: { ...defaults, ...originSettings(), ...scope.settings } });
      return fn(tx);
    }, transactionConfigOf(options));
  return {
    /** A transaction of its own in one firm, even inside a request (the replica's reads). */
    withFirmAlone: <T>(firmId: string, fn: (tx: Tx) => Promise<T>, options: ScopeOptions = {}) =>
      inScope({ role: 'matterhorn_app', firmId, settings: options.settings }, fn, options),
    withFirm: async <T>(firmId: string, fn: (tx: Tx) => Promise<T>, options: ScopeOptions = {}): Promise<T> => {
      const request = openRequestTransaction();
      if (!request) return inScope({ role: 'matterhorn_app', firmId, settings: options.settings }, fn, options);
      // PostgreSQL fixes a transaction's isolation at its first statement; PGlite's one connection
      // runs nothing beside the request, so any of its transactions already sees one snapshot.
      if (options.isolation && kind === 'postgres') {
        if (request.hasWritten) throw new Error('A repeatable-read section cannot follow writes in the same request');
        // Nothing written yet: its commit goes out on its own connection while this section takes another.
        request.end('commit').catch(() => undefined);
        return inScope({ role: 'matterhorn_app', firmId, settings: options.settings }, fn, options);
      }
      if (request.firmId !== firmId) return inOtherScope(request, { role: 'matterhorn_app', firmId, settings: options.settings }, fn);
      return joinRequestTransaction(request, fn, options);
    },
    withIdentityLookup: <T>(fn: (tx: Tx) => Promise<T>) => {
      const request = openRequestTransaction();
      if (request) return inOtherScope(request, { role: 'matterhorn_auth', firmId: '' }, fn);
      return inScope({ role: 'matterhorn_auth', firmId: '' }, fn);
    },
  };
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl)
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.preparedStatements ?? false,
      options.timeouts,
      options.connectionClass,
      options.replicaUrl,
    );
  const pglite = options.pglite ?? openPgliteDirectory(options.dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const { withFirmAlone: _alone, ...scoped } = scopedTransactions(db, 'pglite');
  return {
    kind: 'pglite',
    db,
    ...scoped,
    withFirmFromReplica: (firmId, fn, options = {}) => scoped.withFirm(firmId, fn, { ...options, readOnly: true }),
    openRequest: (flight) => openPgliteRequest(pglite, db, flight, originSettings()),
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder }),
    close: () => pglite.close(),
    embedded: pglite,
  };
}

function openPgliteDirectory(dataDir: string | undefined): PGlite {
  if (!dataDir) return createPglite();
  const directory = join(dataDir, 'pglite');
  mkdirSync(directory, { recursive: true });
  return createPglite({ dataDir: directory });
}

/** An embedded PostgreSQL with the extensions our migrations use (pg_trgm for fuzzy search). */
export function createPglite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm }, postgresqlconf: plannerSettingsAsConfiguration() });
}

function openPostgres(
  databaseUrl: string,
  poolSize: number,
  preparedStatements: boolean,
  timeouts?: DatabaseTimeouts,
  connectionClass?: typeof pg.Client,
  replicaUrl?: string,
): Database {
  // Pipelined (pg 8.23's public option): a request's begin, session check and scope go out in one flight (ADR 38).
  const Client = connectionClass ?? (preparedStatements ? PreparingClient : pg.Client);
  // A multi-host URL (a failover pair) connects each new connection to the current primary: after a
  // promotion the pool's next connections reach the promoted standby, without a restart.
  const pool = new pg.Pool({ ...connectionOptionsOf(databaseUrl, Client), max: poolSize, pipeline: true } as pg.PoolConfig);
  // A connection the server drops (restart, failover, a terminated backend) must not crash the
  // process: queries running on it still fail on their own promise, and the pool opens a new one.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // A statement prepared once is planned for each call's values: one large firm among many small
    // ones makes a plan cached for "any firm" wrong for it (the session checks keep theirs: 0023).
    if (preparedStatements) client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined);
  });
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  const { withFirmAlone: _alone, ...scoped } = scopedTransactions(db, 'postgres', timeouts);
  const replica = replicaUrl ? openReplica(replicaUrl, poolSize, Client, timeouts) : null;
  return {
    kind: 'postgres',
    db,
    ...scoped,
    withFirmFromReplica: async (firmId, fn, options = {}) => {
      const request = openRequestTransaction();
      const readOnly = { ...options, readOnly: true };
      // What this request wrote, or anything written since it began, is on the primary until the replica has it.
      if (!replica || request?.hasWritten || !(await replica.hasReplayed(await walPositionOf(db))))
        return scoped.withFirm(firmId, fn, readOnly);
      return replica.withFirmAlone(firmId, fn, readOnly);
    },
    openRequest: (flight) => openPostgresRequest(pool, db, flight, { ...timeoutSettingsOf(timeouts), ...originSettings() }),
    // Replicas may start together: one migrates while the others wait on the advisory lock.
    migrate: async (migrationsFolder = MIGRATIONS_FOLDER) => {
      const { connectionString, Client: MigrationClient } = connectionOptionsOf(databaseUrl);
      const client = new MigrationClient({ connectionString });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder });
        await setPlannerSettings(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end();
      }
    },
    close: async () => {
      await pool.end();
      await replica?.close();
    },
  };
}

/** Where the primary's write-ahead log stands: every transaction committed before now is at or before it. */
async function walPositionOf(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_lsn()::text as position`)) as unknown as { rows: { position: string }[] };
  return result.rows[0]!.position;
}

/**
 * The read replica's pool (ADR 53): a hot standby streaming from the primary, read in transactions
 * of its own. A replica that cannot be reached, or lags, leaves the reads on the primary.
 */
function openReplica(replicaUrl: string, poolSize: number, Client: typeof pg.Client, timeouts?: DatabaseTimeouts) {
  const pool = new pg.Pool({ connectionString: replicaUrl, max: poolSize, Client, pipeline: true } as pg.PoolConfig);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  const { withFirmAlone } = scopedTransactions(db, 'postgres', timeouts);
  return {
    withFirmAlone,
    /** Whether the replica has replayed the primary's log up to `position`. */
    hasReplayed: async (position: string): Promise<boolean> => {
      try {
        const result = (await db.execute(
          sql`select coalesce(pg_last_wal_replay_lsn() >= ${position}::pg_lsn, false) as "isCaughtUp"`,
        )) as unknown as { rows: { isCaughtUp: boolean }[] };
        return result.rows[0]?.isCaughtUp === true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
