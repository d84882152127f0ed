import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/database.ts';
import { bearer, createTestApp, seedTestFirm, signIn } from './support/test-app.ts';
import { freePort } from './support/local-postgres.ts';

const OUTAGE = {
  success: false,
  message: 'The service is briefly unavailable. Please try again in a moment.',
  code: 'SERVICE_UNAVAILABLE',
  data: null,
};

/** A normal route, sign-in, and the health check all answer 503 with Retry-After, never 500. */
async function expectOutageAnswers(app: FastifyInstance, token: string) {
  const calls = [
    { method: 'GET' as const, url: '/api/health' },
    { method: 'GET' as const, url: '/api/admin/matter-master/get-matter-list', headers: bearer(token) },
    { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'someone@example.law', password: 'correct-horse-battery' } },
    { method: 'GET' as const, url: '/api/client-portal/get-firm-branding?Slug=any-firm' },
  ];
  for (const call of calls) {
    const response = await app.inject(call);
    expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(503);
    expect(Number(response.headers['retry-after']), call.url).toBeGreaterThan(0);
    expect(response.json(), call.url).toEqual(OUTAGE);
  }
}

describe('a database outage', () => {
  it('answers 503 with Retry-After when the database cannot be reached at all (a closed port)', async () => {
    const context = await createTestApp();
    const firm = await seedTestFirm(context.database);
    const token = await signIn(context.app, firm.users.admin.email);
    const database = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/matterhorn`, poolSize: 2 });
    const unreachable = await buildApp(context.config, { database });
    try {
      await expectOutageAnswers(unreachable, token);
    } finally {
      await unreachable.close();
      await context.close();
    }
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('answers 503 with Retry-After once the embedded database is closed', async () => {
    const context = await createTestApp();
    const firm = await seedTestFirm(context.database);
    const token = await signIn(context.app, firm.users.admin.email);
    await context.database.close();
    try {
      await expectOutageAnswers(context.app, token);
    } finally {
      await context.close().catch(() => undefined);
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers 503 with Retry-After when the server ends our connections and refuses new ones, and recovers after',
    async () => {
      const context = await createTestApp();
      const firm = await seedTestFirm(context.database);
      const token = await signIn(context.app, firm.users.admin.email);
      const name = new URL(context.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        await expectOutageAnswers(context.app, token);
        await admin.query(`alter database ${name} with allow_connections true`);
        const health = await context.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
      } finally {
        await admin.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
        await admin.end();
        await context.close();
      }
    },
  );
});
