import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/database.ts';
import { hashPassword } from '../apps/api/src/lib/secrets.ts';
import { startBareList, type BareListSpec } from './bare-list-server.ts';
import { startStatements, type StatementSpec } from './statement-server.ts';
import { generateData, type GeneratedData, type GenerateOptions } from './generate.ts';
import { GENERATED_TABLE } from './postgres-server.ts';

/**
 * One server under test, in its own process so that it has a core to itself and autocannon
 * (in the parent) does not share its event loop. Started by run-bench.ts with fork(); it answers
 * `ready` with its port once listening, and closes everything when told `stop`.
 */
export type ServerSpec =
  | { kind: 'hello' }
  | { kind: 'app'; databaseUrl?: string; password: string; generate: Omit<GenerateOptions, 'passwordHash'>; reuse?: boolean }
  | BareListSpec
  | StatementSpec;

export type ServerReady = {
  type: 'ready';
  port: number;
  /** Database start and migrations, data generation: milliseconds. */
  timings?: { migrateMs: number; hashMs: number };
  generated?: GeneratedData;
  /** The API's DATA_DIR: its file store is DATA_DIR/files (issue 18 writes real files there). */
  dataDir?: string;
};
export type ServerFailed = { type: 'failed'; message: string };
/** The answer to `{ type: 'rss' }`: where /proc cannot be read, the parent asks the process itself. */
export type ServerRss = { type: 'rss'; rss: number };
export type ServerMessage = ServerReady | ServerFailed | ServerRss;

const send = (message: ServerMessage) => process.send?.(message);

async function startHello(): Promise<{ port: number; stop: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('hello world');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function startApp(spec: Extract<ServerSpec, { kind: 'app' }>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'matterhorn-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Sign-in is rate limited per address; the run signs in up to 25 users, and issue 4 its 20 time keepers.
    AUTH_RATE_LIMIT_PER_MINUTE: '100',
    ...(spec.databaseUrl ? { DATABASE_URL: spec.databaseUrl } : {}),
    // As a deployment chooses it: on for a direct connection (README), off behind a transaction-mode pooler.
    ...(process.env.DATABASE_PREPARED_STATEMENTS ? { DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS } : {}),
  });
  // No DATABASE_URL and no data directory: an in-memory PGlite.
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
  });
  let started = performance.now();
  await database.migrate();
  const migrateMs = Math.round(performance.now() - started);
  started = performance.now();
  const passwordHash = await hashPassword(spec.password);
  const hashMs = Math.round(performance.now() - started);
  const generated = spec.reuse ? await readGenerated(database) : await generateData(database, { ...spec.generate, passwordHash });
  if (!spec.reuse && spec.databaseUrl) await keepGenerated(database, generated);
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    timings: { migrateMs, hashMs },
    generated,
    dataDir,
    stop: async () => {
      await app.close(); // closes the database too (onClose hook)
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The facts of the rows generated, kept in the database for a later run that reuses it (BENCH_REUSE_DATABASE). */
async function keepGenerated(database: Database, generated: GeneratedData) {
  await database.db.execute(sql.raw(`drop table if exists ${GENERATED_TABLE}`));
  await database.db.execute(sql`create table ${sql.identifier(GENERATED_TABLE)} as select ${JSON.stringify(generated)}::jsonb as data`);
}

async function readGenerated(database: Database): Promise<GeneratedData> {
  const result = (await database.db.execute(sql`select data from ${sql.identifier(GENERATED_TABLE)}`)) as unknown as {
    rows: { data: GeneratedData }[];
  };
  return { ...result.rows[0]!.data, milliseconds: 0 };
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '{}') as ServerSpec;
  const server =
    spec.kind === 'hello'
      ? await startHello()
      : spec.kind === 'bare-list'
        ? await startBareList(spec)
        : spec.kind === 'statements'
          ? await startStatements(spec)
          : await startApp(spec);
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'rss') send({ type: 'rss', rss: process.memoryUsage.rss() });
    if (message.type !== 'stop') return;
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  // The parent going away (crash, Ctrl-C) must not leave this server running.
  process.on('disconnect', () => process.exit(0));
  const { stop: _stop, ...ready } = server;
  send({ type: 'ready', ...ready });
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  if (!process.send) {
    console.error(message);
    process.exit(1);
  }
  // Exit only once the parent has the message: IPC sends are asynchronous.
  process.send({ type: 'failed', message } satisfies ServerFailed, () => process.exit(1));
});
