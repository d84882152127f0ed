import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { PNG } from './support/document-fixture.ts';
import { createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

const POOL_SIZE = 5;
const STALLED = 20;

// A pool of five and twenty clients that stop halfway need the PostgreSQL server: PGlite is one connection.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('stalled uploads on a pool of five (PostgreSQL server)', () => {
  let context: TestContext;
  let database: Database;
  let app: FastifyInstance;
  let origin: string;
  let token: string;
  let matterId: string;
  const sockets: Socket[] = [];
  let reachedReceiving = 0;
  let allReceiving: () => void;
  const allStalled = new Promise<void>((resolve) => (allReceiving = resolve));

  beforeAll(async () => {
    context = await createTestApp();
    const firm = await seedTestFirm(context.database);
    matterId = firm.matterIds[0]!;
    database = openDatabase({ databaseUrl: context.databaseUrl, poolSize: POOL_SIZE, timeouts: context.config.databaseTimeouts });
    // The default idle timeout (20 s): the ordinary request must be answered while the uploads still wait.
    app = await buildApp(context.config, { database });
    app.addHook('preValidation', async (request) => {
      if (request.url.endsWith('/upload-document') && ++reachedReceiving === STALLED) allReceiving();
    });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
    token = await signIn(app, firm.users.admin.email);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await app.close();
    await context.close();
  });

  it('answers an ordinary request within a second while twenty uploads with Idempotency-Keys stall', async () => {
    const { port } = new URL(origin);
    for (let index = 0; index < STALLED; index++) {
      const boundary = `----stall${randomUUID()}`;
      const start = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\n\r\n`;
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      sockets.push(socket);
      socket.write(
        'POST /api/admin/document/upload-document HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: Bearer ${token}\r\nIdempotency-Key: stalled-${randomUUID()}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n`,
      );
      // Headers and part of the file, then nothing more.
      socket.write(Buffer.concat([Buffer.from(start), PNG.subarray(0, 30)]));
    }
    await allStalled;

    const started = performance.now();
    const response = await fetch(`${origin}/api/admin/document/get-folder?MatterId=${matterId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const elapsed = performance.now() - started;
    console.log(`ordinary request with ${STALLED} stalled uploads on a pool of ${POOL_SIZE}: ${elapsed.toFixed(0)} ms`);
    expect(response.status).toBe(200);
    expect(elapsed).toBeLessThan(1000);
    // And none of the stalled uploads holds a connection: every one of the pool's can run a statement now.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => database.db.execute(sql`select 1`)));
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('request transactions time out on PostgreSQL', () => {
  let context: TestContext;
  let database: Database;
  let firmId: string;

  beforeAll(async () => {
    context = await createTestApp();
    firmId = (await seedTestFirm(context.database)).firmId;
    database = openDatabase({ databaseUrl: context.databaseUrl, poolSize: 2, timeouts: { statementMs: 200, idleInTransactionMs: 200 } });
  });
  afterAll(async () => {
    await database.close();
    await context.close();
  });

  it('ends a statement that runs too long, and a transaction left idle, and the pool carries on', async () => {
    await expect(database.withFirm(firmId, (tx) => tx.execute(sql`select pg_sleep(2)`))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
    await expect(
      database.withFirm(firmId, async (tx) => {
        await tx.execute(sql`select 1`);
        // The request's transaction waits on something else (before this change: a client's upload).
        await delay(600);
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    const query = sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`;
    const settings = await database.withFirm(firmId, (tx) => rowsOf(tx.execute(query)));
    expect(settings[0]).toEqual({ statement: '200ms', idle: '200ms' });
  });

  it('lets work that legitimately takes longer set its own limit', async () => {
    await database.withFirm(firmId, (tx) => tx.execute(sql`select pg_sleep(0.4)`), { settings: { statement_timeout: '0' } });
  });
});
