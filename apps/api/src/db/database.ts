import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
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
  /**
   * The owner connection: migrations and seeding, and the one-statement calls of the SECURITY
   * DEFINER session checks (migration 0015). Requests go through withFirm.
   */
  db: Db;
  /**
   * Runs fn in one transaction as the app role, seeing only the given firm's rows. Statements are
   * planned for their parameters on every run, because one large firm among many small ones makes a
   * plan cached for "any firm" wrong for it.
   */
  withFirm<T>(firmId: string, fn: (tx: Tx) => Promise<T>, options?: ScopeOptions): Promise<T>;
  /** Runs fn as the identity-lookup role: sign-in by email, slug or token before a firm is known. */
  withIdentityLookup<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Applies the committed migrations (or those of another folder, for upgrade tests). */
  migrate(migrationsFolder?: string): Promise<void>;
  /** What may have ended sessions or changed what they may do, for the sessions' checks kept in memory. */
  sessionChanges: SessionChanges;
  close(): Promise<void>;
};

/**
 * A firm's sessions may have changed (a firm id), or any firm's (null): after a committed transaction
 * of this process that fired migration 0019's triggers (null), before its caller goes on, and on each
 * notice of those triggers (other processes sharing the database, and writes made outside withFirm).
 */
export type SessionChangeListener = (firmId: string | null) => void;
export type SessionChanges = {
  subscribe(listener: SessionChangeListener): void;
  /** Whether the notices are being heard: while they are not, no check kept in memory may be trusted. */
  isHeard(): boolean;
};
export const SESSION_CHANGES_CHANNEL = 'matterhorn_session_changes';

function sessionChangeFeed() {
  const listeners = new Set<SessionChangeListener>();
  let isHeard = false;
  return {
    changes: { subscribe: (listener) => void listeners.add(listener), isHeard: () => isHeard } satisfies SessionChanges,
    changed: (firmId: string | null) => listeners.forEach((listener) => listener(firmId)),
    setHeard(heard: boolean) {
      isHeard = heard;
      // Whatever was missed while not heard (or before), nothing kept from then stands.
      listeners.forEach((listener) => listener(null));
    },
  };
}

/**
 * What a request transaction runs as, set for the transaction only: the role, the firm its
 * row-level security sees, and how it plans. random_page_cost 1.1 (instead of 4) tells the planner
 * that the working set is in memory or on SSD, as it is for this workload: at 4 it preferred a
 * sequential scan to a covering index-only scan that was five times faster for a list's count.
 */
type Scope = Record<'role' | 'app.firm_id' | 'plan_cache_mode' | 'random_page_cost', string>;
/** Further settings for one transaction (such as pg_trgm's thresholds), sent with its begin. */
export type TransactionSettings = Record<string, string>;
/**
 * `readOnly`: the transaction only reads (PostgreSQL refuses any write in it), so its commit has
 * nothing to make durable and the caller's answer does not wait for it. `isolation: 'repeatable
 * read'`: every statement sees the snapshot of the first (a CSV export read in batches).
 */
export type ScopeOptions = { settings?: TransactionSettings; readOnly?: boolean; isolation?: 'repeatable read' };
export const READ_ONLY: ScopeOptions = { readOnly: true };
const firmScope = (firmId: string, settings: TransactionSettings = {}): Scope => ({
  ...settings,
  role: 'matterhorn_app',
  'app.firm_id': firmId,
  plan_cache_mode: 'force_custom_plan',
  random_page_cost: '1.1',
});
const identityLookupScope: Scope = { role: 'matterhorn_auth', 'app.firm_id': '', plan_cache_mode: 'auto', random_page_cost: '1.1' };

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; pglite?: PGlite; poolSize?: number };

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const pglite = options.pglite ?? openPgliteDirectory(options.dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const feed = sessionChangeFeed();
  // One process owns an embedded database, so its own notices are all there are.
  pglite
    .listen(SESSION_CHANGES_CHANNEL, (firmId) => feed.changed(firmId || null))
    .then(
      () => feed.setHeard(true),
      () => undefined,
    );
  const inScope = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>, readOnly = false, isolation?: 'repeatable read') => {
    let changedSessions = false;
    const result = await db.transaction(
      async (tx) => {
        await applyScope(tx as Tx, scope);
        const fnResult = await fn(tx as Tx);
        if (!readOnly) changedSessions = await hasChangedSessions(tx as Tx);
        return fnResult;
      },
      { accessMode: readOnly ? 'read only' : 'read write', ...(isolation && { isolationLevel: isolation }) },
    );
    if (changedSessions) feed.changed(null);
    return result;
  };
  return {
    kind: 'pglite',
    db,
    withFirm: (firmId, fn, options) => inScope(firmScope(firmId, options?.settings), fn, options?.readOnly, options?.isolation),
    withIdentityLookup: (fn) => inScope(identityLookupScope, fn),
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder }),
    sessionChanges: feed.changes,
    close: () => pglite.close(),
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
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

/** Named statements one connection keeps at most; further query shapes run unnamed. */
const MAX_NAMED_STATEMENTS = 2000;

/**
 * A connection that prepares every query shape once. Planning, not executing, is most of the cost
 * of the short indexed queries requests run (a list page: about 1 ms planning, 0.05 ms executing),
 * and a named statement lets PostgreSQL switch to its cached generic plan after a few executions.
 * The name is a hash of the text, so a name always means the same statement.
 */
class PreparingClient extends pg.Client {
  private readonly namedStatements = new Set<string>();

  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && config.name)) {
      const text = String((config as { text: unknown }).text);
      const name = `q_${createHash('sha1').update(text).digest('base64url')}`;
      if (this.namedStatements.has(name) || this.namedStatements.size < MAX_NAMED_STATEMENTS) {
        this.namedStatements.add(name);
        args[0] = { ...config, name };
      }
    }
    return (super.query as (...queryArgs: unknown[]) => never)(...args);
  }
}

function openPostgres(databaseUrl: string, poolSize: number): Database {
  // Pipelining lets a transaction's begin travel with its first statement (inScope).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, Client: PreparingClient, pipeline: true });
  // A connection the server drops (restart, failover, a terminated backend) must not crash the
  // process: queries running on it still fail on their own promise, and the pool opens a new one.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  const dialect = new PgDialect();
  const feed = sessionChangeFeed();
  const notices = listenForNotices(databaseUrl, SESSION_CHANGES_CHANNEL, feed);

  /**
   * A transaction whose first round trip also switches role and firm and runs its first statement.
   * `begin; select set_config(…)` is one simple-protocol message (values quoted by the driver), where
   * drizzle's transaction would send begin and the settings as two, and it is not awaited: the socket
   * is corked until the end of this turn of the event loop, so the first statement fn sends in that
   * turn leaves in the same write, pipelined behind it. PostgreSQL runs messages in order, so that
   * statement runs inside the transaction, as the role, or fails if the scope failed (the
   * transaction is then aborted). Requests are short: each round trip and each write saved is a
   * large share of their cost. A read-only transaction's commit is sent but not waited for: its
   * results stand whatever the commit answers, and the connection returns to the pool once it ends.
   */
  const inScope = async <T>(scope: Scope, fn: (tx: Tx) => Promise<T>, readOnly = false, isolation?: 'repeatable read'): Promise<T> => {
    const client = await pool.connect();
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined) as unknown as Tx;
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    let broken: Error | undefined;
    let isReleasedOnCommit = false;
    socket.cork();
    // Settled to its error at once: a rejection left unobserved while fn runs would end the process.
    const scoped = client
      .query(
        `begin${isolation ? ` isolation level ${isolation}` : ''}${readOnly ? ' read only' : ''}; select ${Object.entries(scope)
          .map(([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`)
          .join(', ')}`,
      )
      .then(
        () => undefined,
        (error: Error) => error,
      );
    process.nextTick(() => socket.uncork());
    try {
      const result = await fn(tx);
      const scopeError = await scoped;
      if (scopeError) throw scopeError;
      if (readOnly) {
        isReleasedOnCommit = true;
        client.query('commit').then(
          () => client.release(),
          (commitError: Error) => client.release(commitError),
        );
      } else {
        // Asked in the commit's own message: whether the transaction changed any session (migration 0020).
        const [marked] = (await client.query(`${SESSION_CHANGED_MARK}; commit`)) as unknown as [pg.QueryResult<MarkRow>];
        if (isMarked(marked.rows)) feed.changed(null);
      }
      return result;
    } catch (error) {
      const scopeError = await scoped;
      // A connection that cannot even roll back is dropped rather than handed to the next request.
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw scopeError ?? error;
    } finally {
      if (!isReleasedOnCommit) client.release(broken);
    }
  };

  return {
    kind: 'postgres',
    db,
    withFirm: (firmId, fn, options) => inScope(firmScope(firmId, options?.settings), fn, options?.readOnly, options?.isolation),
    withIdentityLookup: (fn) => inScope(identityLookupScope, fn),
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
    sessionChanges: feed.changes,
    close: async () => {
      await notices.close();
      await pool.end();
    },
  };
}

const NOTICE_RECONNECT_MS = 1000;

/**
 * Listens on its own connection (a pooled one is shared between transactions) and reconnects after
 * losing it; the feed is heard only while the listen stands.
 */
function listenForNotices(databaseUrl: string, channel: string, feed: ReturnType<typeof sessionChangeFeed>) {
  let isClosed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    feed.setHeard(false);
    lostClient.end().catch(() => undefined);
    if (!isClosed) retry = setTimeout(connect, NOTICE_RECONNECT_MS);
  };
  const connect = () => {
    const listening = new pg.Client({ connectionString: databaseUrl });
    client = listening;
    listening.on('notification', (notice) => feed.changed(notice.payload || null));
    listening.on('error', () => lost(listening));
    listening.on('end', () => lost(listening));
    listening
      .connect()
      .then(() => listening.query(`listen ${channel}`))
      .then(
        () => client === listening && !isClosed && feed.setHeard(true),
        () => lost(listening),
      );
  };
  connect();
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(retry);
      feed.setHeard(false);
      const closing = client;
      client = undefined;
      await closing?.end().catch(() => undefined);
    },
  };
}

/**
 * Set by migration 0020's triggers in a transaction that ended a session or changed what one may do
 * (or its firm's): after committing one, this process forgets every kept check at once. Such changes
 * are rare (sign-out, a member deactivated, a role edited), so nothing finer is needed.
 */
const SESSION_CHANGED_MARK = `select current_setting('matterhorn.session_changed', true) as changed`;
type MarkRow = { changed: string | null };
const isMarked = (rows: MarkRow[]) => rows[0]?.changed === 'on';

async function hasChangedSessions(tx: Tx): Promise<boolean> {
  return isMarked(((await tx.execute(sql.raw(SESSION_CHANGED_MARK))) as unknown as { rows: MarkRow[] }).rows);
}

/** Sets a scope's settings for the rest of the transaction, one parameterised statement. */
async function applyScope(tx: Tx, scope: Scope): Promise<void> {
  const settings = Object.entries(scope).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
}

/** Inside an identity-lookup transaction, continue as withFirm would: the app role, one firm, its planning. */
export const switchToFirm = (tx: Tx, firmId: string): Promise<void> => applyScope(tx, firmScope(firmId));
