import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, openTestDatabase, seedTestFirm, signIn } from './support/test-app.ts';

/**
 * Sequential round trips, counted through the driver's public API: a round trip starts when a
 * query is sent while none is waiting for its answer. Queries written together (pipelined) are one.
 */
const counter = { roundTrips: 0, inFlight: 0 };
class CountingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const answer = (super.query as (...queryArgs: unknown[]) => unknown)(...args);
    if (answer instanceof Promise) {
      if (counter.inFlight++ === 0) counter.roundTrips++;
      const answered = () => void counter.inFlight--;
      answer.then(answered, answered);
    }
    return answer as never;
  }
}

const idle = async () => {
  for (let wait = 0; counter.inFlight > 0 && wait < 200; wait++) await new Promise((resolve) => setTimeout(resolve, 5));
};

// PGlite runs in-process: no network, nothing to pipeline; its statements are function calls (ADR 38).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a request’s sequential round trips to PostgreSQL', () => {
  let app: FastifyInstance;
  let firm: SeededFirm;
  let close: () => Promise<void>;
  /** Round trips the answer waited for: counted when Fastify is about to serialize it. */
  let beforeAnswer = 0;
  let beforeHandler = 0;

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'matterhorn-round-trips-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, APP_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      webDistDir: null,
    };
    const { database, drop } = await openTestDatabase({ connectionClass: CountingClient });
    app = await buildApp(config, { database });
    app.addHook('preHandler', async () => {
      beforeHandler = counter.roundTrips;
    });
    // Before the answer is serialized, ahead of the app's own onSend (which sends a read's commit beside the answer).
    app.addHook('preSerialization', async (_request, _reply, payload) => {
      beforeAnswer = counter.roundTrips;
      return payload;
    });
    await app.ready();
    firm = await seedTestFirm(database);
    close = async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  const measure = async (request: InjectOptions) => {
    await idle();
    counter.roundTrips = 0;
    const response = await app.inject(request);
    await idle();
    return { response, beforeHandler, beforeAnswer, inAll: counter.roundTrips };
  };

  it('answers the session check alone in one round trip, its commit sent beside the answer', async () => {
    const token = await signIn(app, firm.users.feeEarner.email);
    const permissions = await measure({ method: 'GET', url: '/api/me/permissions', headers: bearer(token) });
    expect(permissions.response.statusCode).toBe(200);
    expect(permissions.beforeAnswer).toBe(1);
    expect(permissions.inAll).toBe(2);
  });

  it('answers a one-statement read in two round trips: begin, session check and scope in one, the statement in the other', async () => {
    const token = await signIn(app, firm.users.feeEarner.email);
    const profile = await measure({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(token) });
    expect(profile.response.statusCode, profile.response.body).toBe(200);
    expect(profile.beforeHandler).toBe(1);
    expect(profile.beforeAnswer).toBe(2);
    expect(profile.inAll).toBe(3);
  });

  it('refuses a signed-out session in the same one round trip, its rollback sent beside the answer', async () => {
    const token = await signIn(app, firm.users.billing.email);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    const refused = await measure({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(token) });
    expect(refused.response.statusCode).toBe(401);
    expect(refused.beforeAnswer).toBe(1);
  });

  it('claims an Idempotency-Key in the first flight and writes its answer in the commit’s: a keyed create costs no round trip more', async () => {
    const token = await signIn(app, firm.users.admin.email);
    const create = (name: string, key?: string) =>
      measure({
        method: 'POST',
        url: '/api/admin/practice-area/create-practice-area',
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: { name },
      });
    const plain = await create(`Maritime ${randomBytes(3).toString('hex')}`);
    const keyedName = `Aviation ${randomBytes(3).toString('hex')}`;
    expect(plain.response.statusCode, plain.response.body).toBe(201);
    const key = `round-trips-${randomBytes(6).toString('hex')}`;
    const keyed = await create(keyedName, key);
    expect(keyed.response.statusCode, keyed.response.body).toBe(201);
    // The flight, the handler's own statements, the commit: the same count with or without the key.
    expect(plain.beforeHandler).toBe(1);
    expect(keyed.beforeHandler).toBe(1);
    expect(keyed.beforeAnswer).toBe(plain.beforeAnswer);
    // A write's commit is awaited before the answer: nothing runs after it.
    expect(keyed.inAll).toBe(keyed.beforeAnswer);

    const replay = await create(keyedName, key);
    expect(replay.response.headers['idempotent-replay']).toBe('true');
    expect(replay.response.json()).toEqual(keyed.response.json());
    expect(replay.beforeAnswer).toBe(1);
  });
});
