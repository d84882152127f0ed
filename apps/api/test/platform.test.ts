import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { AUDIT_EVENTS, recordAuditEvent } from '../src/platform/audit/audit.ts';
import { takeNextNumber } from '../src/platform/numbering/numbering.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { openTestDatabase, rowsOf, seedTestFirm } from './support/test-app.ts';

let database: Database;
let drop: () => Promise<void>;
let firm: SeededFirm;
let otherFirm: SeededFirm;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  firm = await seedTestFirm(database);
  otherFirm = await seedTestFirm(database);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const eventsAbout = (firmId: string, entityId: string) =>
  database.withFirm(firmId, (tx) =>
    rowsOf<{ action: string; entity_type: string; actor_user_id: string; details: unknown }>(
      tx.execute(sql`select action, entity_type, actor_user_id, details from audit_events where entity_id = ${entityId} order by id`),
    ),
  );

describe('the audit trail (platform/audit)', () => {
  const actor = () => ({ firmId: firm.firmId, userId: firm.users.admin.id });

  it('names every event <entity>.<what happened>, once', () => {
    for (const event of AUDIT_EVENTS) expect(event).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
    expect(new Set(AUDIT_EVENTS).size).toBe(AUDIT_EVENTS.length);
  });

  it("records who, what and the change's before and after, in the caller's transaction", async () => {
    const entityId = crypto.randomUUID();
    await database.withFirm(firm.firmId, (tx) =>
      recordAuditEvent(tx, actor(), 'client.updated', entityId, {
        before: { email: 'old@example.com' },
        after: { email: 'new@example.com' },
      }),
    );
    expect(await eventsAbout(firm.firmId, entityId)).toEqual([
      {
        action: 'client.updated',
        entity_type: 'client',
        actor_user_id: firm.users.admin.id,
        details: { before: { email: 'old@example.com' }, after: { email: 'new@example.com' } },
      },
    ]);
  });

  it('leaves no event when the write it describes fails', async () => {
    const entityId = crypto.randomUUID();
    const failing = database.withFirm(firm.firmId, async (tx) => {
      await recordAuditEvent(tx, actor(), 'matter.created', entityId);
      throw new Error('the write failed after its event');
    });
    await expect(failing).rejects.toThrow('the write failed after its event');
    expect(await eventsAbout(firm.firmId, entityId)).toEqual([]);
  });
});

describe('numbering (platform/numbering)', () => {
  const take = (firmId: string) => database.withFirm(firmId, (tx) => takeNextNumber(tx, firmId, 'invoice'));

  it("counts each firm's sequence from 1, one after another", async () => {
    expect([await take(firm.firmId), await take(firm.firmId), await take(otherFirm.firmId), await take(firm.firmId)]).toEqual([1, 2, 1, 3]);
  });

  it('gives a rolled-back number back, so the sequence has no gap', async () => {
    const before = await take(firm.firmId);
    const failing = database.withFirm(firm.firmId, async (tx) => {
      await takeNextNumber(tx, firm.firmId, 'invoice');
      throw new Error('the invoice was not saved');
    });
    await expect(failing).rejects.toThrow('the invoice was not saved');
    expect(await take(firm.firmId)).toBe(before + 1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('hands 50 concurrent creates 50 consecutive numbers (PostgreSQL)', async () => {
    const firmId = otherFirm.firmId;
    const start = await database.withFirm(firmId, (tx) => takeNextNumber(tx, firmId, 'receipt'));
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        database.withFirm(firmId, async (tx) => {
          const taken = await takeNextNumber(tx, firmId, 'receipt');
          // Some work after taking the number, as a create does: the others wait for the commit.
          await tx.execute(sql`select pg_sleep(0.002)`);
          return taken;
        }),
      ),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => start + 1 + index));
  });
});
