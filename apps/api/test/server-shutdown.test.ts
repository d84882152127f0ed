import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createPglite } from '../src/db/database.ts';
import { openTestDatabase } from './support/test-app.ts';

const GRACE_SECONDS = 1;
let child: ChildProcess | null = null;
let dataDir = '';
let dropDatabase = async () => undefined as void;

afterAll(async () => {
  child?.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

/**
 * On the PostgreSQL run, the server runs on a migrated copy of the test template there (its pool is
 * what shutdown closes); otherwise on the embedded database in its own DATA_DIR, loaded from the
 * migrated PGlite template (a second's load instead of 15–30 s of migrations on the server's start).
 */
async function databaseEnvironment(
  { DATABASE_URL: _unused, ...environment }: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<NodeJS.ProcessEnv> {
  if (!process.env.TEST_DATABASE_URL) {
    const template = await readFile(inject('pgliteTemplateFile'));
    const embedded = createPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: new Blob([template]) });
    await embedded.waitReady;
    await embedded.close();
    return environment;
  }
  const copy = await openTestDatabase();
  await copy.database.close();
  dropDatabase = copy.drop;
  return { ...environment, DATABASE_URL: copy.databaseUrl };
}

/** Waits for `promise`, failing after `ms` with what was awaited: a hang says where it hung. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited ${ms / 1000} s for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

// The server's own start (compiling the app) takes several seconds on a quiet 2-core machine and much
// longer beside the other test files.
it('on SIGTERM stops taking requests, gives a hung one the grace period, and exits', { timeout: 180_000 }, async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-shutdown-'));
  const environment = await within(60_000, 'the server’s database to be ready', databaseEnvironment(process.env, dataDir));
  // Taken just before the server binds it: the port is free for as short a time as possible.
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], {
    env: {
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      // Info, for the "incoming request" line that says the hung request is under way.
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Matterhorn is running')) resolve();
    });
    let errors = '';
    child!.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child!.once('exit', (code) => reject(new Error(`The server exited (${code}) before it was running: ${output}${errors}`)));
    // What the server printed, should it never come up: a failure that says why, before the test's own limit.
    setTimeout(() => reject(new Error(`The server was not running after 150 s: ${output}${errors}`)), 150_000).unref();
  });
  const origin = `http://127.0.0.1:${port}`;
  expect((await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);

  // A request whose body never finishes arriving.
  const hung = connect(port, '127.0.0.1');
  hung.on('error', () => undefined);
  // Read, so that an answer (a 503 had the request come after the SIGTERM) cannot hold the connection open.
  let answered = '';
  hung.on('data', (chunk: Buffer) => (answered += chunk.toString()));
  await once(hung, 'connect');
  const underWay = new Promise<void>((resolve) => {
    const onLog = () => /"url":"\/api\/auth\/login".*"msg":"incoming request"/.test(output) && resolve();
    child!.stdout!.on('data', onLog);
    onLog();
  });
  hung.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email');
  const hungClosed = once(hung, 'close');
  // Fastify answers 503 to a request it routes after the SIGTERM: the signal waits until the server has this one.
  await within(30_000, 'the server to log the hung request as incoming', underWay);

  const exited = once(child, 'exit');
  const signalled = performance.now();
  child.kill('SIGTERM');
  const [code] = (await within(30_000, `the server to exit after SIGTERM (it printed: ${output})`, exited)) as [number | null];
  const elapsed = performance.now() - signalled;
  await within(10_000, 'the hung request’s connection to close', hungClosed);
  child = null;

  expect(answered).toBe('');
  expect(typeof code).toBe('number');
  expect(elapsed).toBeGreaterThanOrEqual(GRACE_SECONDS * 1000 - 50);
  expect(elapsed).toBeLessThan(GRACE_SECONDS * 1000 + 5000);
  await expect(fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) })).rejects.toThrow();
});
