import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let token: string;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  token = await signIn(context.app, firm.users.admin.email);
});
afterAll(() => context.close());

const createActivityType = (activityType: string, key?: string) =>
  context.app.inject({
    method: 'POST',
    url: '/api/admin/activity/create-activity-type',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { activityType },
  });

const countActivityTypes = async (name: string) => {
  const [row] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from activity_types where activity_type = ${name}`)),
  );
  return row?.n;
};

const countPracticeAreas = async (name: string) => {
  const [row] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from practice_areas where name = ${name}`)),
  );
  return row?.n;
};

describe('Idempotency-Key', () => {
  it('replays the first answer to a retried create and creates the record once', async () => {
    const first = await createActivityType('Court filing', 'retry-key-0001');
    const second = await createActivityType('Court filing', 'retry-key-0001');
    expect(first.statusCode).toBeLessThan(300);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(await countActivityTypes('Court filing')).toBe(1);
  });

  it('runs simultaneous duplicates once', async () => {
    const answers = await Promise.all([
      createActivityType('Site visit', 'burst-key-0001'),
      createActivityType('Site visit', 'burst-key-0001'),
      createActivityType('Site visit', 'burst-key-0001'),
    ]);
    // The duplicates wait for the first to commit, then replay its answer.
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(300);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replay'] === 'true')).toHaveLength(2);
    expect(await countActivityTypes('Site visit')).toBe(1);
  });

  it('refuses a key reused for a different request, and a malformed key', async () => {
    await createActivityType('Travel', 'reused-key-0001');
    const other = await context.app.inject({
      method: 'POST',
      url: '/api/admin/practice-area/create-practice-area',
      headers: { ...bearer(token), 'idempotency-key': 'reused-key-0001' },
      payload: { name: 'Maritime' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    expect(await countPracticeAreas('Maritime')).toBe(0);
    const malformed = await createActivityType('Mediation', 'bad key!');
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses the same key with another body, and from another member of the firm, writing nothing', async () => {
    const first = await createActivityType('Conveyancing', 'body-key-0001');
    expect(first.statusCode).toBeLessThan(300);
    const otherBody = await createActivityType('Probate', 'body-key-0001');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ success: false, message: 'This Idempotency-Key was already used for a different request' });
    expect(await countActivityTypes('Probate')).toBe(0);

    const colleagueToken = await signIn(context.app, firm.users.billing.email);
    await context.database.db.execute(
      sql`update roles set permissions = array_append(permissions, 'updateAccountSettings') where id = (select role_id from users where id = ${firm.users.billing.id})`,
    );
    const colleague = await context.app.inject({
      method: 'POST',
      url: '/api/admin/activity/create-activity-type',
      headers: { ...bearer(colleagueToken), 'idempotency-key': 'body-key-0001' },
      payload: { activityType: 'Conveyancing' },
    });
    expect(colleague.statusCode).toBe(422);
    expect(colleague.headers['idempotent-replay']).toBeUndefined();
    expect(await countActivityTypes('Conveyancing')).toBe(1);
  });

  it('stores no answer for a request the service refuses: the key stays free for the corrected retry', async () => {
    await createActivityType('Witness interview');
    const refused = await createActivityType('Witness interview', 'refused-key-0001');
    expect(refused.statusCode).toBe(409);
    const corrected = await createActivityType('Witness statement', 'refused-key-0001');
    expect(corrected.statusCode).toBeLessThan(300);
    expect(corrected.headers['idempotent-replay']).toBeUndefined();
    expect(await countActivityTypes('Witness statement')).toBe(1);
  });

  it("keeps one firm's keys apart from another's", async () => {
    const other = await seedTestFirm(context.database);
    const otherToken = await signIn(context.app, other.users.admin.email);
    await createActivityType('Arbitration', 'shared-key-0001');
    const theirs = await context.app.inject({
      method: 'POST',
      url: '/api/admin/activity/create-activity-type',
      headers: { ...bearer(otherToken), 'idempotency-key': 'shared-key-0001' },
      payload: { activityType: 'Arbitration' },
    });
    expect(theirs.statusCode).toBeLessThan(300);
    expect(theirs.headers['idempotent-replay']).toBeUndefined();
  });

  it('without a key, a second identical create meets the duplicate-name rule instead', async () => {
    await createActivityType('Negotiation');
    const again = await createActivityType('Negotiation');
    expect(again.statusCode).toBe(409);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('Idempotency-Key when the process dies mid-request (PostgreSQL)', () => {
  it('leaves the key free: the retry creates the record once', async () => {
    const blocker = new pg.Client({ connectionString: context.databaseUrl });
    await blocker.connect();
    try {
      // Hold the table so the request stops inside its transaction, after claiming its key.
      await blocker.query('begin');
      await blocker.query('lock table activity_types in exclusive mode');
      const dying = createActivityType('Deposition', 'killed-key-0001');
      await eventually(async () => (await blocker.query(waitingRequests)).rows.length === 1);
      // What a killed process or a restarted database does to its transaction: it ends, uncommitted.
      await blocker.query(`select pg_terminate_backend(pid) from (${waitingRequests}) waiting`);
      // A connection lost mid-request is an outage to the caller (issue 13): 503, to be retried.
      const lost = await dying;
      expect(lost.statusCode).toBe(503);
      expect(lost.headers['retry-after']).toBeDefined();
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    expect(await countActivityTypes('Deposition')).toBe(0);
    const retry = await createActivityType('Deposition', 'killed-key-0001');
    expect(retry.statusCode).toBeLessThan(300);
    expect(retry.headers['idempotent-replay']).toBeUndefined();
    const replay = await createActivityType('Deposition', 'killed-key-0001');
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(await countActivityTypes('Deposition')).toBe(1);
  });
});

const waitingRequests = `select pid from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`;

async function eventually(check: () => Promise<boolean>, withinMs = 5000): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('The condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
