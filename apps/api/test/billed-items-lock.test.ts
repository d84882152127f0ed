import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

const invoiceBase = '/api/admin/invoice';
const itemsBase = '/api/admin/expense-flat-fees-info';
let fixture: TimeEntryFixture;
let categoryId: string;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
  );
  categoryId = category!.id;
});
afterAll(() => fixture.context.close());

const matter = () => fixture.references.openMatter;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  fixture.call(method, path, fixture.tokens.admin, body);

const entryBody = (overrides: Record<string, unknown> = {}) => ({
  clientId: matter().clientId,
  matterId: matter().id,
  activityId: fixture.references.activityIds[0],
  isBillable: 4,
  timeEntryUserId: fixture.firm.users.admin.id,
  description: 'Reviewed the lease',
  timeEntryDate: '2025-03-14',
  duration: '1.5',
  userRate: '80000.00',
  exchangeRate: '1',
  ...overrides,
});
const expenseBody = (overrides: Record<string, unknown> = {}) => ({
  isFirmExpense: false,
  clientId: matter().clientId,
  matterId: matter().id,
  expenseDate: '2025-05-02',
  description: 'Filing fee',
  categoryId,
  quantity: '3',
  unitCost: '33.33',
  isBillable: 4,
  ...overrides,
});
const flatFeeBody = (overrides: Record<string, unknown> = {}) => ({
  clientId: matter().clientId,
  matterId: matter().id,
  userId: fixture.firm.users.feeEarner.id,
  flatFeeDate: '2025-04-02',
  description: 'Incorporation package',
  amount: '250000.50',
  ...overrides,
});

async function created(path: string, body: unknown) {
  const response = await call('POST', path, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A time entry, an expense and a flat fee on one draft invoice of the client. */
async function billedItems() {
  const timeEntryId = await created(TIME_ENTRY_BASE, entryBody());
  const expenseId = await created(`${itemsBase}/create-expense`, expenseBody());
  const flatFeeId = await created(`${itemsBase}/create-flat-fee`, flatFeeBody());
  const draft = await call('POST', `${invoiceBase}/create-invoice`, {
    clientId: matter().clientId,
    timeEntryIds: [timeEntryId],
    expenseIds: [expenseId],
    flatFeeIds: [flatFeeId],
    taxPercent: '0',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  return { invoiceId: draft.json().data.id as string, timeEntryId, expenseId, flatFeeId };
}

/** Each item's whole stored row: a refused change leaves every column as it was. */
const rowsOfItems = (ids: { timeEntryId: string; expenseId: string; flatFeeId: string }) =>
  fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => ({
    entry: await rowsOf(tx.execute(sql`select * from time_entries where id = ${ids.timeEntryId}`)),
    expense: await rowsOf(tx.execute(sql`select * from expenses where id = ${ids.expenseId}`)),
    fee: await rowsOf(tx.execute(sql`select * from flat_fees where id = ${ids.flatFeeId}`)),
  }));

describe('billed is locked: items on an invoice that has left draft', () => {
  it('refuses any change to a sent invoice’s time entry, expense or flat fee, naming the invoice, and writes nothing', async () => {
    const ids = await billedItems();
    const sent = await call('POST', `${invoiceBase}/send-invoice/${ids.invoiceId}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json().data.invoiceNumber as string;
    const message = `Billed on ${number} — void or credit the invoice to change it`;
    expect((await call('GET', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`)).json().data).toMatchObject({
      isLocked: true,
      billedOnInvoiceNumber: number,
    });
    expect((await call('GET', `${itemsBase}/get-expense/${ids.expenseId}`)).json().data.billedOnInvoiceNumber).toBe(number);
    expect((await call('GET', `${itemsBase}/get-flat-fee/${ids.flatFeeId}`)).json().data.billedOnInvoiceNumber).toBe(number);

    const before = await rowsOfItems(ids);
    const otherMatter = fixture.references.matters.find(
      (candidate) => candidate.clientId === matter().clientId && candidate.id !== matter().id,
    );
    for (const [field, change] of [
      ['userRate', { userRate: '90000' }],
      ['activityId', { activityId: fixture.references.activityIds[1] }],
      ['description', { description: 'Reviewed the lease again' }],
      ['timeEntryDate', { timeEntryDate: '2025-03-15' }],
      ['duration', { duration: '2' }],
      ['isBillable', { isBillable: 2, userRate: '0' }],
      ...(otherMatter ? [['matterId', { matterId: otherMatter.id }] as const] : []),
    ] as const) {
      const response = await call('PUT', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`, entryBody(change));
      expect(response.statusCode, field).toBe(409);
      expect(response.json().message).toBe(message);
      expect(response.json().errors, field).toMatchObject({ [field]: message });
    }
    for (const change of [{ description: 'Court filing fee' }, { unitCost: '40' }, { expenseDate: '2025-05-03' }]) {
      const response = await call('PUT', `${itemsBase}/update-expense/${ids.expenseId}`, expenseBody(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json().message).toBe(message);
    }
    for (const change of [{ description: 'Incorporation and filings' }, { amount: '1' }]) {
      const response = await call('PUT', `${itemsBase}/update-flat-fee/${ids.flatFeeId}`, flatFeeBody(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json().message).toBe(message);
    }
    expect(await rowsOfItems(ids)).toEqual(before);

    // Saving the entry as it stands is not a change.
    expect((await call('PUT', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`, entryBody())).statusCode).toBe(200);

    // Voided, the invoice frees its items: they can be corrected and billed again.
    expect((await call('POST', `${invoiceBase}/void-invoice/${ids.invoiceId}`, { reason: 'Wrong rate' })).statusCode).toBe(200);
    const corrected = await call('PUT', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`, entryBody({ userRate: '90000' }));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toMatchObject({ userRate: '90000.00', isLocked: false, billedOnInvoiceNumber: null });
  });

  it('keeps today’s rule on a draft invoice: date, matter and hours frozen, the description still editable, nothing named', async () => {
    const ids = await billedItems();
    const entry = (await call('GET', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`)).json().data;
    expect(entry).toMatchObject({ isLocked: true, billedOnInvoiceNumber: null });
    const described = await call('PUT', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`, entryBody({ description: 'Reviewed the lease (draft)' }));
    expect(described.statusCode, described.body).toBe(200);
    const moved = await call('PUT', `${TIME_ENTRY_BASE}/${ids.timeEntryId}`, entryBody({ timeEntryDate: '2025-03-20' }));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('This time entry is on an invoice: its date, client, matter and duration cannot change');
    expect((await call('DELETE', `${invoiceBase}/delete-invoice/${ids.invoiceId}`)).statusCode).toBe(200);
  });
});
