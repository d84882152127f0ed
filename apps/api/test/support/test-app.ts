import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { writePlanCatalogue } from '../../src/modules/subscriptions/plans.repository.ts';
import { createPglite, openDatabase, type Database, type DatabaseOptions } from '../../src/db/database.ts';
import { hashPassword } from '../../src/lib/secrets.ts';
import { seedFirm, type SeededFirm } from '../../src/seed/demo-seed.ts';
import { inject } from 'vitest';
import { describeTieOutFailures, findTieOutFailures } from './tie-outs.ts';

export const TEST_PASSWORD = 'correct-horse-battery-staple';

/** `databaseUrl`: the file's own database on the PostgreSQL server (undefined on PGlite). */
export type TestContext = { app: FastifyInstance; database: Database; databaseUrl?: string; config: AppConfig; close(): Promise<void> };

/**
 * A fresh database per test file: a copy of the migrated PGlite template by default, or a copy of
 * the migrated template database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function openTestDatabase(
  options: Pick<DatabaseOptions, 'connectionClass'> = {},
): Promise<{ database: Database; drop(): Promise<void>; databaseUrl?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await readFile(inject('pgliteTemplateFile'));
    const pglite = createPglite({ loadDataDir: new Blob([template]) });
    return { database: openDatabase({ pglite }), drop: async () => undefined };
  }
  const name = `matterhorn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplateDatabase')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 25, ...options });
  // Already migrated by the template: this applies nothing, but sets the database's planner settings,
  // which a copy does not inherit.
  await database.migrate();
  return {
    database,
    databaseUrl: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-test-'));
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent',
      SEED_DEMO: 'false',
      APP_URL: 'http://matterhorn.test',
      // Inside the test's own folder: beside it would be one /tmp/backups every test file's "Back up now" shares.
      BACKUP_DIR: join(dataDir, 'backups'),
    }),
    authRequestsPerMinutePerAddress: 10_000,
    webDistDir: null,
    ...overrides,
  };
  const { database, drop, databaseUrl } = await openTestDatabase();
  // As the server does after migrating: the plans table holds the catalogue.
  await writePlanCatalogue(database, config.planCatalogue);
  const app = await buildApp(config, { database, databaseUrl });
  await app.ready();
  appsByConfig.set(config, app);
  return {
    app,
    database,
    databaseUrl,
    config,
    close: async () => {
      // The books must tie out whatever the file did (issue 33 §4): checked before the database goes.
      const failures = await findTieOutFailures(database);
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
      if (failures.length > 0) throw new Error(`The books do not tie out:\n${describeTieOutFailures(failures)}`);
    },
  };
}

let firmCounter = 0;
/** A complete firm with unique slug and emails, for tests that need realistic data. */
export function seedTestFirm(database: Database): Promise<SeededFirm> {
  const suffix = `${randomBytes(3).toString('hex')}${firmCounter++}`;
  return seedFirm(database, {
    slug: `firm-${suffix}`,
    firmName: `Test Firm ${suffix}`,
    emailDomain: `${suffix}.example.law`,
    password: TEST_PASSWORD,
  });
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed for ${email}: ${response.body}`);
  return response.json().data.token as string;
}

export async function signInToPortal(
  app: FastifyInstance,
  slug: string,
  email: string,
  password = TEST_PASSWORD,
): Promise<{ token: string; clientId: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/client-portal/login', payload: { slug, email, password } });
  if (response.statusCode !== 200) throw new Error(`Portal sign-in failed for ${email}: ${response.body}`);
  return response.json().data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A portal sign-in for the firm's other client (the seed gives only one client a portal account): its token. */
export async function signInOtherPortalClient(context: TestContext, firm: SeededFirm): Promise<string> {
  const email = `second-client@${firm.slug}.example`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await context.database.withFirm(firm.firmId, async (tx) => {
    await tx.execute(sql`update clients set is_portal_enabled = true where id = ${firm.otherClientId}`);
    await tx.execute(sql`insert into portal_accounts (firm_id, client_id, email, password_hash)
      values (${firm.firmId}, ${firm.otherClientId}, ${email}, ${passwordHash})`);
  });
  return (await signInToPortal(context.app, firm.slug, email)).token;
}

export type OutboxMessage = {
  to: string;
  subject: string;
  text: string;
  link?: string;
  attachments?: { filename: string; contentType: string; size: number }[];
};

/** The app of each test config, so that reading its outbox first delivers the emails its commits queued. */
const appsByConfig = new WeakMap<AppConfig, FastifyInstance>();

/**
 * Runs the outbox's delivery job as the queue would, once work started after an answer and any
 * delivery already under way have finished: every email committed so far and due is sent.
 */
export async function deliverOutbox(app: FastifyInstance) {
  await app.afterResponse.settled();
  await app.outboxDelivery.settled();
  return app.outboxDelivery.deliverDue();
}

/** Messages the app wrote to DATA_DIR/outbox (the files of the mailer without SMTP), oldest first, once what was queued is delivered. */
export async function readOutbox(config: AppConfig): Promise<OutboxMessage[]> {
  const app = appsByConfig.get(config);
  if (app) await deliverOutbox(app);
  const directory = join(config.dataDir, 'outbox');
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(directory, name), 'utf8')) as OutboxMessage));
}

export async function lastLinkTo(config: AppConfig, email: string): Promise<string> {
  const messages = (await readOutbox(config)).filter((message) => message.to === email && message.link);
  const link = messages.at(-1)?.link;
  if (!link) throw new Error(`No email with a link to ${email}`);
  return link;
}

/** The rows of a raw SQL result; PGlite and node-postgres both answer { rows }. */
export async function rowsOf<T = Record<string, unknown>>(query: PromiseLike<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/**
 * A conflict check of these names, run and cleared ("no conflict") through the API as the forms
 * do before saving a client or matter: its id goes in the save's conflictCheckId.
 */
export async function clearedConflictCheck(app: FastifyInstance, token: string, names: string[]): Promise<string> {
  const run = await app.inject({
    method: 'POST',
    url: '/api/admin/conflict-check/run-conflict-check',
    headers: bearer(token),
    payload: { names },
  });
  if (run.statusCode !== 201 && run.statusCode !== 200) throw new Error(`Conflict check failed: ${run.body}`);
  const conflictCheckId = run.json().data.conflictCheckId as string;
  const decided = await app.inject({
    method: 'POST',
    url: `/api/admin/conflict-check/record-decision/${conflictCheckId}`,
    headers: bearer(token),
    payload: { decision: 'no_conflict' },
  });
  if (decided.statusCode !== 200) throw new Error(`Conflict decision failed: ${decided.body}`);
  return conflictCheckId;
}

/** The save body with a cleared conflict check of the names it needs (none when it needs none or names its own). */
export async function withClearedConflictCheck<T extends object>(
  app: FastifyInstance,
  token: string,
  body: T,
  names: string[],
): Promise<T> {
  if ('conflictCheckId' in body || names.length === 0) return body;
  return { ...body, conflictCheckId: await clearedConflictCheck(app, token, names) };
}
