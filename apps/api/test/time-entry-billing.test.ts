import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTimeEntryBilling, TIME_ENTRY_BILLING_MESSAGES } from '../src/modules/time-entries/time-entries.api.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE as base, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

let fixture: TimeEntryFixture;
beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const billing = createTimeEntryBilling();
const LOCKED = 'This time entry is on an invoice: its date, client, matter and duration cannot change';

async function createEntry(duration = '1.5'): Promise<string> {
  const response = await fixture.call('POST', base, fixture.tokens.admin, {
    clientId: fixture.references.openMatter.clientId,
    matterId: fixture.references.openMatter.id,
    activityId: fixture.references.activityIds[1],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.feeEarner.id,
    description: 'Drafting the tenancy agreement',
    timeEntryDate: '2025-05-06',
    duration,
    userRate: '40000',
    exchangeRate: '1',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

const lock = (invoiceId: string, ids: string[], firmId = fixture.firm.firmId) =>
  fixture.context.database.withFirm(firmId, (tx) => billing.lockForInvoice(tx, firmId, invoiceId, ids));
const release = (invoiceId: string) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => billing.releaseFromInvoice(tx, fixture.firm.firmId, invoiceId));
const invoicesOf = async (ids: string[]) =>
  rowsOf<{ id: string; invoice_id: string | null; status: number }>(
    fixture.context.database.db.execute(
      sql`select id, invoice_id, status from time_entries where id = any(${`{${ids.join(',')}}`}::uuid[]) order by id`,
    ),
  );
const changeDuration = (id: string, duration: string) =>
  fixture.call('GET', `${base}/${id}`, fixture.tokens.admin).then((view) =>
    fixture.call('PUT', `${base}/${id}`, fixture.tokens.admin, {
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      activityId: fixture.references.activityIds[1],
      isBillable: 4,
      timeEntryUserId: fixture.firm.users.feeEarner.id,
      description: view.json().data.description,
      timeEntryDate: '2025-05-06',
      duration,
      userRate: '40000',
      exchangeRate: '1',
    }),
  );

describe('the time-entry lock an invoice takes (time-entries.api.ts)', () => {
  it('bills the entries for invoice X: status 5, frozen against edits and deletes, until released', async () => {
    const ids = [await createEntry(), await createEntry('2')];
    const invoiceId = randomUUID();
    await lock(invoiceId, ids);
    expect((await invoicesOf(ids)).map((row) => [row.invoice_id, row.status])).toEqual([
      [invoiceId, 5],
      [invoiceId, 5],
    ]);
    const edit = await changeDuration(ids[0]!, '3');
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(LOCKED);

    expect(await release(invoiceId)).toBe(2);
    expect((await invoicesOf(ids)).map((row) => [row.invoice_id, row.status])).toEqual([
      [null, 3],
      [null, 3],
    ]);
    expect((await changeDuration(ids[0]!, '3')).statusCode).toBe(200);
  });

  it('locks all or none: an entry already on another invoice refuses the whole lock', async () => {
    const billed = await createEntry();
    const free = await createEntry();
    const first = randomUUID();
    await lock(first, [billed]);
    await expect(lock(randomUUID(), [free, billed])).rejects.toMatchObject({
      statusCode: 409,
      message: TIME_ENTRY_BILLING_MESSAGES.notFree,
    });
    expect((await invoicesOf([billed, free])).find((row) => row.id === free)).toMatchObject({ invoice_id: null, status: 3 });
    expect((await invoicesOf([billed])).at(0)?.invoice_id).toBe(first);
    // No invoice stands behind the made-up id: the lock is given back, so every billed entry stays on a real invoice.
    expect(await release(first)).toBe(1);
  });

  it("refuses another firm's entries as if they did not exist", async () => {
    const entry = await createEntry();
    await expect(lock(randomUUID(), [entry], fixture.otherFirm.firmId)).rejects.toMatchObject({ statusCode: 409 });
    expect((await invoicesOf([entry])).at(0)).toMatchObject({ invoice_id: null, status: 3 });
  });
});
