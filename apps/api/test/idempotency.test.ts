import { sql } from 'drizzle-orm';
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
    expect(answers.filter((answer) => answer.statusCode < 300).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
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
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    const malformed = await createActivityType('Mediation', 'bad key!');
    expect(malformed.statusCode).toBe(400);
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
