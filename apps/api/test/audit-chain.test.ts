import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENTS } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { recordAuditEvent } from '../src/platform/audit/audit.ts';
import { refusalOf } from './support/refusal.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/**
 * The tamper-evident audit trail (issue 39): every record linked to the firm's previous one by
 * hash, written by a trigger one writer per firm at a time; the application's role cannot change
 * or remove a record, and GET /api/admin/audit/verify names the first one that does not hold.
 */
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;
let tokens: { admin: string; feeEarner: string; other: string };

const verify = async (token: string) => {
  const answer = await context.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: bearer(token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { message: string; data: Record<string, unknown> & { firstBreak: Record<string, unknown> | null } };
};
const chainOf = (of: SeededFirm) =>
  context.database.withFirm(of.firmId, (tx) =>
    rowsOf<{ id: string; position: number; previousHash: string | null; rowHash: string }>(
      tx.execute(sql`select id::text, chain_position::int as position, previous_hash as "previousHash", row_hash as "rowHash"
        from audit_events where firm_id = ${of.firmId} order by chain_position`),
    ),
  );
/** Ten changes written at once, each in its own transaction, as ten requests would. */
const recordTen = (of: SeededFirm) =>
  Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      context.database.withFirm(of.firmId, (tx) =>
        recordAuditEvent(tx, { firmId: of.firmId, userId: of.users.admin.id }, AUDIT_EVENTS[0]!, of.firmId, { after: { index } }),
      ),
    ),
  );

beforeAll(async () => {
  context = await createTestApp();
  [firm, other] = [await seedTestFirm(context.database), await seedTestFirm(context.database)];
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    other: await signIn(context.app, other.users.admin.email),
  };
  await Promise.all([recordTen(firm), recordTen(other)]);
});
afterAll(() => context.close());

describe('the audit chain', () => {
  it('links each record to the one before it, without gaps, however many are written at once', async () => {
    const chain = await chainOf(firm);
    expect(chain.length).toBeGreaterThanOrEqual(10);
    chain.forEach((link, index) => {
      expect(link.position).toBe(index + 1);
      expect(link.previousHash).toBe(index === 0 ? null : chain[index - 1]!.rowHash);
      expect(link.rowHash).toMatch(/^[0-9a-f]{64}$/);
    });
    const answer = await verify(tokens.admin);
    expect(answer.message).toBe('The audit trail is intact');
    expect(answer.data).toEqual({ isIntact: true, recordsChecked: chain.length, lastHash: chain.at(-1)!.rowHash, firstBreak: null });
  });

  it('cannot be changed or removed by the application', async () => {
    for (const statement of [sql`update audit_events set details = '{}'`, sql`delete from audit_events`])
      expect(await refusalOf(context.database.withFirm(firm.firmId, (tx) => tx.execute(statement)))).toMatch(/permission denied/);
  });

  it('names the first record edited behind the application’s back, and one removed', async () => {
    const [, second, third, fourth] = await chainOf(firm);
    // As the database's owner, who can.
    await context.database.db.execute(sql`update audit_events set details = '{"after":{"index":99}}' where id = ${second!.id}::bigint`);
    expect((await verify(tokens.admin)).data).toMatchObject({
      isIntact: false,
      firstBreak: { id: second!.id, chainPosition: 2, reason: 'contentChanged' },
    });
    await context.database.db.execute(sql`delete from audit_events where id = ${second!.id}::bigint`);
    expect((await verify(tokens.admin)).data.firstBreak).toMatchObject({ id: third!.id, chainPosition: 3, reason: 'linkBroken' });
    expect(fourth).toBeDefined();
    // Another firm's chain is its own.
    expect((await verify(tokens.other)).data).toMatchObject({ isIntact: true, firstBreak: null });
  });

  it('is for those who may read the audit trail', async () => {
    const answer = await context.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: bearer(tokens.feeEarner) });
    expect(answer.statusCode).toBe(403);
  });
});
