import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, subtractMoney } from '@matterhorn/shared';
import { invoiceCurrencyOf } from '../src/modules/invoices/invoice-payments.ts';
import { accountBalance, accountBalances } from '../src/platform/ledger/ledger.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { csvLinesOf } from './support/csv-download.ts';

const base = '/api/admin/invoice';
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

const admin = () => fixture.tokens.admin;
const matter = () => fixture.references.openMatter;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  token = admin(),
  headers: Record<string, string> = {},
) => fixture.call(method, `${base}/${path}`, token, body, headers);

async function timeEntry(duration = '1.5', userRate = '80000.00', overrides: Record<string, unknown> = {}) {
  const response = await fixture.call('POST', TIME_ENTRY_BASE, admin(), {
    clientId: matter().clientId,
    matterId: matter().id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description: 'Reviewed the lease',
    timeEntryDate: '2025-03-14',
    duration,
    userRate,
    exchangeRate: '1',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
async function expense(quantity = '3', unitCost = '33.33', overrides: Record<string, unknown> = {}) {
  const response = await fixture.call('POST', `${itemsBase}/create-expense`, admin(), {
    isFirmExpense: false,
    clientId: matter().clientId,
    matterId: matter().id,
    expenseDate: '2025-05-02',
    description: 'Filing fee',
    categoryId,
    quantity,
    unitCost,
    isBillable: 4,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
async function flatFee(amount = '250000.50') {
  const response = await fixture.call('POST', `${itemsBase}/create-flat-fee`, admin(), {
    clientId: matter().clientId,
    matterId: matter().id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2025-04-02',
    description: 'Incorporation package',
    amount,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

type Items = { timeEntryIds: string[]; expenseIds: string[]; flatFeeIds: string[] };
async function items(): Promise<Items> {
  return { timeEntryIds: [await timeEntry()], expenseIds: [await expense()], flatFeeIds: [await flatFee()] };
}
const draftBody = (chosen: Items, overrides: Record<string, unknown> = {}) => ({
  clientId: matter().clientId,
  matterIds: [matter().id],
  ...chosen,
  issueDate: '2025-06-01',
  ...overrides,
});
async function createDraft(chosen?: Items, overrides: Record<string, unknown> = {}) {
  const response = await call('POST', 'create-invoice', draftBody(chosen ?? (await items()), overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
async function setApproval(required: boolean) {
  await fixture.context.database.db.execute(
    sql`update firms set invoice_approval_required = ${required} where id = ${fixture.firm.firmId}`,
  );
}

/** Debits equal credits over the firm's whole ledger, and each client's receivable equals its issued invoices' balances due. */
async function expectBooksBalanced(firmId = fixture.firm.firmId) {
  await fixture.context.database.withFirm(firmId, async (tx) => {
    const [totals] = await rowsOf<{ debits: string; credits: string }>(
      tx.execute(sql`select coalesce(sum(debit), 0)::text as debits, coalesce(sum(credit), 0)::text as credits from journal_lines`),
    );
    expect(totals!.debits).toBe(totals!.credits);
    // Per currency: a client's receivable in each currency equals its invoices' balances due in that currency.
    const owed = await rowsOf<{ clientId: string; currency: string; due: string }>(
      tx.execute(sql`select i.client_id as "clientId", c.iso_code as currency, sum(i.balance_due)::numeric(16,2)::text as due
        from invoices i join firms f on f.id = i.firm_id join currencies c on c.id = coalesce(i.currency_id, f.home_currency_id)
        where i.deleted_at is null and i.status in ('Approved', 'Sent', 'PartlyPaid', 'Paid') group by 1, 2`),
    );
    for (const client of owed)
      expect(await accountBalance(tx, firmId, 'accounts-receivable', { clientId: client.clientId, currency: client.currency })).toBe(
        client.due,
      );
    const all = await rowsOf<{ currency: string; due: string }>(
      tx.execute(sql`select c.iso_code as currency, sum(i.balance_due)::numeric(16,2)::text as due
        from invoices i join firms f on f.id = i.firm_id join currencies c on c.id = coalesce(i.currency_id, f.home_currency_id)
        where i.deleted_at is null and i.status in ('Approved', 'Sent', 'PartlyPaid', 'Paid') group by 1 having sum(i.balance_due) <> 0 order by 1`),
    );
    expect(await accountBalances(tx, firmId, 'accounts-receivable')).toEqual(
      all.map((row) => ({ currency: row.currency, amount: row.due })),
    );
  });
}
afterEach(async () => {
  await expectBooksBalanced();
  await setApproval(false);
});

async function snapshot() {
  return fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
    const [row] = await rowsOf<Record<string, number>>(
      tx.execute(sql`select (select count(*)::int from invoices) as invoices, (select count(*)::int from invoice_lines) as lines,
        (select count(*)::int from invoice_payments) as payments, (select count(*)::int from journal_entries) as entries,
        (select count(*)::int from audit_events where entity_type = 'invoice') as events,
        (select count(*)::int from time_entries where invoice_id is not null) as "billedEntries",
        (select coalesce(max(updated_at)::text, '') from invoices) as "lastUpdate"`),
    );
    return row!;
  });
}

describe('GET …/get-unbilled-items', () => {
  it("lists the client's unbilled, billable, approved items in the list shapes, and not billed, non-billable or another client's", async () => {
    const chosen = await items();
    const notBillable = await timeEntry('1', '100', { isBillable: 2 });
    const response = await call('GET', `get-unbilled-items?ClientId=${matter().clientId}&MatterId=${matter().id}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    const ids = (list: { id: string }[]) => list.map((item) => item.id);
    expect(ids(data.timeEntries)).toEqual(expect.arrayContaining(chosen.timeEntryIds));
    expect(ids(data.timeEntries)).not.toContain(notBillable);
    expect(ids(data.expenses)).toEqual(expect.arrayContaining(chosen.expenseIds));
    expect(ids(data.flatFees)).toEqual(expect.arrayContaining(chosen.flatFeeIds));
    await createDraft(chosen);
    const after = (await call('GET', `get-unbilled-items?ClientId=${matter().clientId}`)).json().data;
    expect(ids(after.timeEntries)).not.toContain(chosen.timeEntryIds[0]);
    expect(ids(after.expenses)).not.toContain(chosen.expenseIds[0]);
    expect(ids(after.flatFees)).not.toContain(chosen.flatFeeIds[0]);
    const ranged = (await call('GET', `get-unbilled-items?ClientId=${matter().clientId}&From=2025-05-01&To=2025-05-31`)).json().data;
    expect(ranged.timeEntries).toEqual([]);
    expect(ranged.flatFees).toEqual([]);
  });

  it("answers 404 for another firm's client and 400 without a client", async () => {
    expect((await call('GET', `get-unbilled-items?ClientId=${fixture.otherReferences.openMatter.clientId}`)).statusCode).toBe(404);
    const missing = await call('GET', 'get-unbilled-items');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Client is required');
  });
});

describe('POST …/create-invoice', () => {
  it('saves a Draft with no number, its lines snapshotted from the items, totals computed on the server (client totals ignored), items locked', async () => {
    const chosen = await items();
    const before = await snapshot();
    const invoice = await createDraft(chosen, {
      discountType: 'percent',
      discountValue: '10',
      taxPercent: '7.5',
      taxAppliesTo: 'both',
      total: '1.00',
      subtotal: '1.00',
      notes: 'Thank you',
      lineAdjustments: [{ itemType: 'fee', itemId: chosen.timeEntryIds[0], adjustedAmount: '100000', reason: 'Courtesy write-down' }],
    });
    expect(invoice).toMatchObject({
      status: 'Draft',
      statusLabel: 'Draft',
      invoiceNumber: null,
      issueDate: '2025-06-01',
      dueDate: '2025-07-01',
    });
    expect(invoice.fees).toHaveLength(1);
    expect(invoice.fees[0]).toMatchObject({
      hours: '1.5000',
      rate: '80000.00',
      itemAmount: '120000.00',
      amount: '100000.00',
      adjustment: '-20000.00',
      adjustmentReason: 'Courtesy write-down',
    });
    expect(invoice.expenses[0]).toMatchObject({ quantity: '3', rate: '33.33', amount: '99.99' });
    expect(invoice.flatFees[0]).toMatchObject({ amount: '250000.50', quantity: '1' });
    // subtotal 350100.49; 10% = 35010.049 → 35010.05; tax 7.5% of 315090.44 = 23631.783 → 23631.78
    expect(invoice.totals).toMatchObject({
      feesSubtotal: '100000.00',
      expensesSubtotal: '99.99',
      flatFeesSubtotal: '250000.50',
      subtotal: '350100.49',
      discountAmount: '35010.05',
      taxAmount: '23631.78',
      total: '338722.22',
      paidAmount: '0.00',
      balanceDue: '338722.22',
    });
    expect(invoice.statusHistory).toEqual([expect.objectContaining({ status: 'Draft', action: 'created' })]);
    const after = await snapshot();
    expect(after).toMatchObject({
      invoices: before.invoices! + 1,
      lines: before.lines! + 3,
      entries: before.entries,
      events: before.events! + 1,
    });
    // The entry is locked: it cannot change or be deleted.
    const edit = await fixture.call('DELETE', `${TIME_ENTRY_BASE}/${chosen.timeEntryIds[0]}`, admin());
    expect(edit.statusCode).toBe(409);
    const feeEdit = await fixture.call('DELETE', `${itemsBase}/delete-flat-fee/${chosen.flatFeeIds[0]}`, admin());
    expect(feeEdit.statusCode).toBe(409);
  });

  it('refuses items already on another invoice with 409 and writes nothing', async () => {
    const chosen = await items();
    await createDraft(chosen);
    const before = await snapshot();
    const again = await call('POST', 'create-invoice', draftBody({ ...chosen, expenseIds: [], flatFeeIds: [] }));
    expect(again.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['no items', { timeEntryIds: [], expenseIds: [], flatFeeIds: [] }, 'Choose at least one time entry, expense or flat fee'],
    ['no client', { clientId: '' }, 'Client is required'],
    ['a discount over 100%', { discountType: 'percent', discountValue: '120' }, 'Percent must be between 0 and 100'],
    ['a due date before the issue date', { dueDate: '2025-05-01' }, 'Due date cannot be before the issue date'],
    ['a negative tax', { taxPercent: '-1' }, 'Tax must be a number with at most 4 decimals'],
    [
      'an adjustment of an item not chosen',
      { lineAdjustments: [{ itemType: 'fee', itemId: '00000000-0000-4000-8000-000000000000', adjustedAmount: '1', reason: 'x' }] },
      'An adjustment names an item that is not on the invoice',
    ],
    ['an adjustment without a reason', 'reason', 'Reason is required'],
    ['a field it does not know', { surprise: true }, undefined],
  ])('refuses %s with 400 and writes nothing', async (_title, overrides, message) => {
    const chosen = await items();
    const body =
      overrides === 'reason'
        ? draftBody(chosen, { lineAdjustments: [{ itemType: 'fee', itemId: chosen.timeEntryIds[0], adjustedAmount: '1', reason: ' ' }] })
        : draftBody(chosen, overrides as Record<string, unknown>);
    const before = await snapshot();
    const response = await call('POST', 'create-invoice', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().success).toBe(false);
    if (message) expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an amount discount larger than the subtotal', async () => {
    const response = await call('POST', 'create-invoice', draftBody(await items(), { discountType: 'amount', discountValue: '99999999' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The discount cannot be more than the subtotal');
  });

  it("answers 404 for another firm's client, matter or items, and 400 for a matter of another client", async () => {
    const chosen = await items();
    expect(
      (await call('POST', 'create-invoice', draftBody(chosen, { clientId: fixture.otherReferences.openMatter.clientId }))).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', 'create-invoice', draftBody(chosen, { matterIds: [fixture.otherReferences.openMatter.id] }))).statusCode,
    ).toBe(404);
    const otherClientMatter = fixture.references.matters.find((candidate) => candidate.clientId !== matter().clientId)!;
    const wrong = await call('POST', 'create-invoice', draftBody(chosen, { matterIds: [otherClientMatter.id] }));
    expect(wrong.statusCode).toBe(400);
    // Another client's item: refused as not free for this client.
    const foreign = await call(
      'POST',
      'create-invoice',
      draftBody(
        { timeEntryIds: chosen.timeEntryIds, expenseIds: [], flatFeeIds: [] },
        { clientId: otherClientMatter.clientId, matterIds: [] },
      ),
    );
    expect(foreign.statusCode).toBe(409);
  });

  it('creates once for a double submit with the same Idempotency-Key', async () => {
    const body = draftBody(await items());
    const headers = { 'idempotency-key': `invoice-${Date.now()}` };
    const first = await call('POST', 'create-invoice', body, admin(), headers);
    const second = await call('POST', 'create-invoice', body, admin(), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it('puts each item on exactly one invoice when 50 creates race over the same items', async () => {
    const chosen = await items();
    const responses = await Promise.all(Array.from({ length: 50 }, () => call('POST', 'create-invoice', draftBody(chosen))));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    const [lines] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from invoice_lines where item_id = ${chosen.timeEntryIds[0]}`)),
    );
    expect(lines!.n).toBe(1);
  });
});

describe('drafts: update and delete', () => {
  it('changes a draft: dropped items are released, added ones locked, totals recomputed', async () => {
    const chosen = await items();
    const invoice = await createDraft(chosen);
    const extra = await timeEntry('2', '1000');
    const response = await call(
      'PUT',
      `update-invoice/${invoice.id}`,
      draftBody({ timeEntryIds: [extra], expenseIds: chosen.expenseIds, flatFeeIds: [] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.totals).toMatchObject({ feesSubtotal: '2000.00', flatFeesSubtotal: '0.00', subtotal: '2099.99' });
    expect((await fixture.call('DELETE', `${itemsBase}/delete-flat-fee/${chosen.flatFeeIds[0]}`, admin())).statusCode).toBe(200);
    expect((await fixture.call('DELETE', `${TIME_ENTRY_BASE}/${extra}`, admin())).statusCode).toBe(409);
  });

  it("edits a draft as the builder's edit mode does: adjustments and discount carried, a dropped item unbilled again, an item of another invoice refused with 409 and nothing changed", async () => {
    const chosen = await items();
    const [entryId] = chosen.timeEntryIds;
    const invoice = await createDraft(chosen, {
      lineAdjustments: [{ itemType: 'fee', itemId: entryId, adjustedAmount: '100000.00', reason: 'Courtesy write-down' }],
      discountType: 'percent',
      discountValue: '10',
      notes: 'First terms',
    });
    expect(invoice.fees[0]).toMatchObject({ itemAmount: '120000.00', amount: '100000.00', adjustment: '-20000.00' });

    // The edit: drop the expense, keep the write-down, change the discount and the notes.
    const edit = draftBody(
      { ...chosen, expenseIds: [] },
      {
        matterIds: [],
        lineAdjustments: [{ itemType: 'fee', itemId: entryId, adjustedAmount: '100000.00', reason: 'Courtesy write-down' }],
        discountType: 'amount',
        discountValue: '500.50',
        taxPercent: '0',
        notes: 'Second terms',
        total: '1.00',
      },
    );
    const response = await call('PUT', `update-invoice/${invoice.id}`, edit);
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json().data;
    expect(edited.expenses).toEqual([]);
    expect(edited.fees[0]).toMatchObject({ amount: '100000.00', adjustmentReason: 'Courtesy write-down' });
    expect(edited).toMatchObject({ discountType: 'amount', discountValue: '500.5', notes: 'Second terms', status: 'Draft' });
    expect(edited.totals).toMatchObject({ subtotal: '350000.50', discountAmount: '500.50', taxAmount: '0.00', total: '349500.00' });
    expect(edited.matters.map((covered: { id: string }) => covered.id)).toEqual([matter().id]);
    const unbilled = (await call('GET', `get-unbilled-items?ClientId=${matter().clientId}`)).json().data;
    expect(unbilled.expenses.map((expense: { id: string }) => expense.id)).toContain(chosen.expenseIds[0]);
    expect(unbilled.timeEntries.map((entry: { id: string }) => entry.id)).not.toContain(entryId);

    // An item another draft holds cannot be added: 409, and this draft is as it was.
    const other = await createDraft({ timeEntryIds: [], expenseIds: [], flatFeeIds: [await flatFee('10.00')] });
    const before = await snapshot();
    const taken = await call('PUT', `update-invoice/${invoice.id}`, {
      ...edit,
      flatFeeIds: [...chosen.flatFeeIds, ...other.flatFees.map((line: { itemId: string }) => line.itemId)],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false });
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', `get-invoice/${invoice.id}`)).json().data.totals.total).toBe('349500.00');
  });

  it('deletes a draft (soft): its items return to unbilled; an issued invoice cannot be deleted or changed', async () => {
    const chosen = await items();
    const invoice = await createDraft(chosen);
    expect((await call('DELETE', `delete-invoice/${invoice.id}`)).statusCode).toBe(200);
    expect((await call('GET', `get-invoice/${invoice.id}`)).statusCode).toBe(404);
    const unbilled = (await call('GET', `get-unbilled-items?ClientId=${matter().clientId}`)).json().data;
    expect(unbilled.timeEntries.map((entry: { id: string }) => entry.id)).toContain(chosen.timeEntryIds[0]);
    const issued = await createDraft();
    expect((await call('POST', `approve-invoice/${issued.id}`, {})).statusCode).toBe(200);
    const refusedDelete = await call('DELETE', `delete-invoice/${issued.id}`);
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json().message).toBe('Only a draft invoice can be deleted');
    const refusedEdit = await call('PUT', `update-invoice/${issued.id}`, draftBody(await items()));
    expect(refusedEdit.statusCode).toBe(409);
    expect(refusedEdit.json().message).toBe('Only a draft invoice can be changed');
  });
});

describe('transitions', () => {
  it('with approval: Draft → Awaiting approval (numbered) → Approved (posted) → Sent; refused transitions say why', async () => {
    await setApproval(true);
    const invoice = await createDraft();
    const early = await call('POST', `approve-invoice/${invoice.id}`, {});
    expect(early.statusCode).toBe(409);
    expect((await call('POST', `send-invoice/${invoice.id}`, {})).json().message).toBe('This invoice must be approved before it is sent');
    const submitted = await call('POST', `submit-for-approval/${invoice.id}`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data).toMatchObject({ status: 'AwaitingApproval', statusLabel: 'Awaiting approval' });
    expect(submitted.json().data.invoiceNumber).toMatch(/^INV-\d{5}$/);
    expect((await call('POST', `submit-for-approval/${invoice.id}`, {})).json().message).toBe(
      'Only a draft invoice can be submitted for approval',
    );
    // The billing role may not approve (SPEC.md §6: invoice.approve).
    expect((await call('POST', `approve-invoice/${invoice.id}`, {}, fixture.tokens.billing)).statusCode).toBe(403);
    const approved = await call('POST', `approve-invoice/${invoice.id}`, { note: 'Fine' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'Approved', invoiceNumber: submitted.json().data.invoiceNumber });
    const sent = await call('POST', `send-invoice/${invoice.id}`, { sentDate: '2025-06-02' });
    expect(sent.json().data).toMatchObject({ status: 'Sent', deliveredDate: '2025-06-02', deliveryMethod: 'email' });
    expect(sent.json().data.statusHistory.map((event: { action: string }) => event.action)).toEqual([
      'created',
      'submitted',
      'approved',
      'sent',
    ]);
  });

  it('without approval: submit is refused, a draft is approved or sent straight away and numbered then', async () => {
    const invoice = await createDraft();
    expect((await call('POST', `submit-for-approval/${invoice.id}`, {})).json().message).toBe(
      'This firm does not require invoice approval: approve or send the draft directly',
    );
    const sent = await call('POST', `send-invoice/${invoice.id}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('Sent');
    expect(sent.json().data.invoiceNumber).toMatch(/^INV-\d{5}$/);
  });

  it('records delivery by hand and shows the bill-of-charges date one month on when the clock is on', async () => {
    await fixture.context.database.db.execute(sql`update firms set bill_of_charges_clock = true where id = ${fixture.firm.firmId}`);
    const invoice = await createDraft();
    expect((await call('POST', `mark-delivered/${invoice.id}`, { deliveredDate: '2025-01-31' })).statusCode).toBe(409);
    await call('POST', `approve-invoice/${invoice.id}`, {});
    const delivered = await call('POST', `mark-delivered/${invoice.id}`, { deliveredDate: '2025-01-31' });
    expect(delivered.json().data).toMatchObject({
      deliveredDate: '2025-01-31',
      deliveryMethod: 'hand',
      billOfChargesClock: true,
      recoverableFromDate: '2025-02-28',
    });
    await fixture.context.database.db.execute(sql`update firms set bill_of_charges_clock = false where id = ${fixture.firm.firmId}`);
    expect((await call('GET', `get-invoice/${invoice.id}`)).json().data).toMatchObject({
      billOfChargesClock: false,
      recoverableFromDate: null,
    });
  });

  it('posts the issue entry: Dr receivable and discount, Cr fee income, expense recoveries and tax', async () => {
    const invoice = await createDraft(undefined, { discountType: 'amount', discountValue: '100', taxPercent: '7.5' });
    const approvedResponse = await call('POST', `approve-invoice/${invoice.id}`, {});
    expect(approvedResponse.statusCode, approvedResponse.body).toBe(200);
    const approved = approvedResponse.json().data;
    const lines = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ code: string; debit: string; credit: string }>(
        tx.execute(sql`select a.code, l.debit::text, l.credit::text from journal_lines l join ledger_accounts a on a.id = l.account_id
          join journal_entries e on e.id = l.entry_id where e.source_id = ${invoice.id} and e.source_type = 'invoice' order by a.code`),
      ),
    );
    const t = approved.totals;
    expect(lines).toEqual([
      { code: 'accounts-receivable', debit: t.total, credit: '0.00' },
      { code: 'discounts-given', debit: '100.00', credit: '0.00' },
      { code: 'expense-recoveries', debit: '0.00', credit: t.expensesSubtotal },
      { code: 'fee-income', debit: '0.00', credit: (Number(t.feesSubtotal) + Number(t.flatFeesSubtotal)).toFixed(2) },
      { code: 'tax-payable', debit: '0.00', credit: t.taxAmount },
    ]);
  });

  it('voids with a reason: items released, number kept, entries reversed; a draft or a paid invoice is refused', async () => {
    const chosen = await items();
    const invoice = await createDraft(chosen);
    expect((await call('POST', `void-invoice/${invoice.id}`, { reason: 'x' })).json().message).toBe('A draft is deleted, not voided');
    const approved = (await call('POST', `approve-invoice/${invoice.id}`, {})).json().data;
    expect((await call('POST', `void-invoice/${invoice.id}`, {})).statusCode).toBe(400);
    const voided = await call('POST', `void-invoice/${invoice.id}`, { reason: 'Billed to the wrong client' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({
      status: 'Void',
      voidReason: 'Billed to the wrong client',
      invoiceNumber: approved.invoiceNumber,
    });
    expect((await call('POST', `void-invoice/${invoice.id}`, { reason: 'again' })).json().message).toBe('This invoice is already void');
    const again = await createDraft(chosen);
    expect(again.totals.subtotal).toBe(invoice.totals.subtotal);
    const paid = await createDraft();
    await call('POST', `approve-invoice/${paid.id}`, {});
    await call('POST', `record-payment/${paid.id}`, { amount: '1', paymentDate: '2025-06-03', method: 'Cash' });
    expect((await call('POST', `void-invoice/${paid.id}`, { reason: 'x' })).json().message).toBe(
      'An invoice with payments cannot be voided: reverse its payments first',
    );
  });
});

describe('payments and write-offs', () => {
  it('records partial payments with receipt numbers, refuses overpayment, reverses a payment by a reversing entry, ends Paid', async () => {
    const invoice = await createDraft(undefined, { taxPercent: '0' });
    expect(
      (await call('POST', `record-payment/${invoice.id}`, { amount: '1', paymentDate: '2025-06-03', method: 'Cash' })).statusCode,
    ).toBe(409);
    await call('POST', `send-invoice/${invoice.id}`, {});
    const total = invoice.totals.total as string;
    const first = await call('POST', `record-payment/${invoice.id}`, {
      amount: '100.00',
      paymentDate: '2025-06-03',
      method: 'Bank transfer',
      reference: 'TRF-1',
    });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json().data;
    expect(afterFirst).toMatchObject({ status: 'PartlyPaid', statusLabel: 'Partly paid' });
    expect(afterFirst.totals.paidAmount).toBe('100.00');
    expect(afterFirst.payments[0].receiptNumber).toMatch(/^RCT-\d{5}$/);
    const before = await snapshot();
    const over = await call('POST', `record-payment/${invoice.id}`, { amount: total, paymentDate: '2025-06-03', method: 'Cash' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The payment is more than the balance due');
    expect(await snapshot()).toEqual(before);
    const reversed = await call('POST', `reverse-payment/${invoice.id}/${afterFirst.payments[0].id}`, { reason: 'Bounced' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({ status: 'Sent' });
    expect(reversed.json().data.totals.paidAmount).toBe('0.00');
    expect(reversed.json().data.payments).toHaveLength(2);
    expect((await call('POST', `reverse-payment/${invoice.id}/${afterFirst.payments[0].id}`, { reason: 'Again' })).statusCode).toBe(409);
    const rest = await call('POST', `record-payment/${invoice.id}`, { amount: total, paymentDate: '2025-06-04', method: 'Cheque' });
    expect(rest.json().data).toMatchObject({ status: 'Paid' });
    expect(rest.json().data.totals.balanceDue).toBe('0.00');
    // A payment cannot be deleted: the app role has no update or delete on payments.
    await expect(
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        tx.execute(sql`delete from invoice_payments where invoice_id = ${invoice.id}`),
      ),
    ).rejects.toThrow();
  });

  it('records a payment once for a double submit with the same Idempotency-Key', async () => {
    const invoice = await createDraft(undefined, { taxPercent: '0' });
    await call('POST', `approve-invoice/${invoice.id}`, {});
    const body = { amount: '10.00', paymentDate: '2025-06-03', method: 'Cash' };
    const headers = { 'idempotency-key': `payment-${invoice.id}` };
    const first = await call('POST', `record-payment/${invoice.id}`, body, admin(), headers);
    const second = await call('POST', `record-payment/${invoice.id}`, body, admin(), headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data.payments).toHaveLength(1);
    expect((await call('GET', `get-invoice/${invoice.id}`)).json().data.totals.paidAmount).toBe('10.00');
  });

  it('clears accounts receivable on the invoice’s matter as it is paid and written off', async () => {
    const invoice = await createDraft(undefined, { taxPercent: '0' });
    expect(invoice.matters).toHaveLength(1);
    const matterId = invoice.matters[0].id as string;
    const receivable = () =>
      fixture.context.database.withFirm(fixture.firm.firmId, async (tx) =>
        accountBalance(tx, fixture.firm.firmId, 'accounts-receivable', {
          clientId: invoice.clientId,
          matterId,
          currency: await invoiceCurrencyOf(tx, { firmId: fixture.firm.firmId, id: invoice.id }),
        }),
      );
    const before = await receivable();
    await call('POST', `send-invoice/${invoice.id}`, {});
    expect(await receivable()).toBe(addMoney(before, invoice.totals.total));
    await call('POST', `record-payment/${invoice.id}`, { amount: '10.00', paymentDate: '2025-06-03', method: 'Cash' });
    const rest = subtractMoney(invoice.totals.total, '10.00');
    expect(await receivable()).toBe(addMoney(before, rest));
    expect((await call('POST', `write-off/${invoice.id}`, { amount: rest, reason: 'Goodwill' })).statusCode).toBe(200);
    expect(await receivable()).toBe(before);
  });

  it('writes off part of the balance (Dr 5400 Bad debt write-offs / Cr receivable), never more than is due', async () => {
    const invoice = await createDraft(undefined, { taxPercent: '0' });
    await call('POST', `approve-invoice/${invoice.id}`, {});
    expect((await call('POST', `write-off/${invoice.id}`, { amount: '99999999', reason: 'Too much' })).statusCode).toBe(400);
    const written = await call('POST', `write-off/${invoice.id}`, { amount: '50.00', reason: 'Goodwill' });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().data.totals.writtenOffAmount).toBe('50.00');
    expect(written.json().data.writeOffs).toHaveLength(1);
    const lines = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ number: string; debit: string; credit: string }>(
        tx.execute(sql`select a.number, l.debit::text as debit, l.credit::text as credit from journal_lines l
          join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where e.source_type = 'invoice-write-off' and e.source_id = ${invoice.id} order by a.number`),
      ),
    );
    expect(lines).toEqual([
      { number: '1200', debit: '0.00', credit: '50.00' },
      { number: '5400', debit: '50.00', credit: '0.00' },
    ]);
    // Void reverses the write-off's entry as well.
    expect((await call('POST', `void-invoice/${invoice.id}`, { reason: 'Disputed' })).statusCode).toBe(200);
  });
});

describe('lists and aged receivables', () => {
  it('lists by status tab, client, overdue, search and sort with totals, and as CSV', async () => {
    const invoice = await createDraft(undefined, { issueDate: '2024-01-01', dueDate: '2024-01-31' });
    const sent = (await call('POST', `send-invoice/${invoice.id}`, {})).json().data;
    const page = await call(
      'GET',
      `get-invoice-list?Status=Sent&ClientId=${matter().clientId}&IsOverdue=true&IncludeTotals=true&sortColumn=total&sortType=asc`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.data.map((row: { id: string }) => row.id)).toContain(invoice.id);
    expect(data.data.every((row: { status: string; isOverdue: boolean }) => row.status === 'Sent' && row.isOverdue)).toBe(true);
    expect(data.totals).toBeDefined();
    const searched = (await call('GET', `get-invoice-list?GeneralSearchText=${sent.invoiceNumber}`)).json().data;
    expect(searched.data.map((row: { id: string }) => row.id)).toEqual([invoice.id]);
    const csv = await call('GET', 'get-invoice-list?IsDownlodCsv=true&Status=Sent');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(sent.invoiceNumber);
    expect((await call('GET', 'get-invoice-list?Status=Nope')).statusCode).toBe(400);
  });

  it('ages what clients owe by days past due, and as CSV', async () => {
    const invoice = await createDraft(undefined, { issueDate: '2025-01-01', dueDate: '2025-01-31', taxPercent: '0' });
    await call('POST', `approve-invoice/${invoice.id}`, {});
    const aged = await call('GET', `get-aged-receivables?AsOf=2025-03-15&ClientId=${matter().clientId}`);
    expect(aged.statusCode, aged.body).toBe(200);
    const client = aged.json().data.clients[0];
    // 2025-03-15 is 43 days past 2025-01-31.
    expect(Number(client.days31To60)).toBeGreaterThanOrEqual(Number(invoice.totals.total));
    expect(aged.json().data.totals).toEqual([expect.objectContaining({ currencyCode: 'NGN', total: client.total })]);
    const csv = await call('GET', 'get-aged-receivables?IsDownlodCsv=true');
    expect(csvLinesOf(csv)[0]).toBe('Client,Currency,Invoices,Current,1–30 days,31–60 days,61–90 days,90+ days,Total');
  });
});

describe('settings', () => {
  it('reads and saves the firm’s invoice settings; the prefix numbers the next invoice', async () => {
    const saved = await call('PUT', 'update-invoice-settings', {
      invoiceNumberPrefix: 'LAW/',
      paymentTermsDays: 14,
      taxName: 'VAT',
      taxPercent: '7.5',
      taxAppliesTo: 'fees',
      invoiceApprovalRequired: false,
      billOfChargesClock: true,
      defaultPaymentInstructions: 'Pay to account 0123456789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', 'get-invoice-settings')).json().data).toMatchObject({
      invoiceNumberPrefix: 'LAW/',
      taxPercent: '7.5',
      paymentTermsDays: 14,
    });
    const invoice = await createDraft();
    expect(invoice).toMatchObject({
      dueDate: '2025-06-15',
      taxPercent: '7.5',
      taxAppliesTo: 'fees',
      taxName: 'VAT',
      paymentInstructions: 'Pay to account 0123456789',
    });
    const approved = (await call('POST', `approve-invoice/${invoice.id}`, {})).json().data;
    expect(approved.invoiceNumber).toMatch(/^LAW\/\d{5}$/);
    expect(
      (
        await call('PUT', 'update-invoice-settings', {
          invoiceNumberPrefix: 'INV-',
          paymentTermsDays: 400,
          taxPercent: '0',
          taxAppliesTo: 'both',
          invoiceApprovalRequired: false,
          billOfChargesClock: false,
        })
      ).statusCode,
    ).toBe(400);
    await call('PUT', 'update-invoice-settings', {
      invoiceNumberPrefix: 'INV-',
      paymentTermsDays: 30,
      taxPercent: '0',
      taxAppliesTo: 'both',
      invoiceApprovalRequired: false,
      billOfChargesClock: false,
    });
  });
});

describe('numbering', () => {
  it('gives gapless numbers when many invoices leave draft at once; a void keeps its number', async () => {
    const drafts = [];
    for (let index = 0; index < 8; index += 1)
      drafts.push(await createDraft({ timeEntryIds: [await timeEntry('1', '10')], expenseIds: [], flatFeeIds: [] }));
    const responses = await Promise.all(drafts.map((draft) => call('POST', `approve-invoice/${draft.id}`, {})));
    expect(responses.map((response) => response.statusCode)).toEqual(drafts.map(() => 200));
    const values = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ n: number }>(tx.execute(sql`select number_value as n from invoices where number_value is not null order by number_value`)),
    );
    const numbers = values.map((row) => row.n);
    expect(numbers).toEqual(numbers.map((_n, index) => index + 1));
  });
});

describe('access', () => {
  it('declares SPEC.md §6’s invoice permissions on every call', () => {
    const declared = Object.fromEntries(
      fixture.context.app.routeCatalog
        .filter((route) => route.url.startsWith(`${base}/`))
        .map((route) => [
          `${route.method} ${route.url.slice(base.length)}`,
          route.access.kind === 'firm' ? route.access.permissions : route.access.kind,
        ]),
    );
    expect(declared).toEqual({
      'GET /get-invoice-settings': ['invoice'],
      'PUT /update-invoice-settings': ['updateAccountSettings'],
      'GET /get-unbilled-items': ['invoice.create'],
      'POST /create-invoice': ['invoice.create'],
      'GET /get-invoice/:id': ['invoice'],
      'GET /get-invoice-list': ['invoice'],
      'PUT /update-invoice/:id': ['invoice.edit'],
      'DELETE /delete-invoice/:id': ['invoice.delete'],
      'POST /submit-for-approval/:id': ['invoice.edit'],
      'POST /approve-invoice/:id': ['invoice.approve'],
      'POST /reject-invoice/:id': ['invoice.approve'],
      'POST /send-invoice/:id': ['invoice.edit'],
      'POST /mark-delivered/:id': ['invoice.edit'],
      'POST /void-invoice/:id': ['invoice.delete'],
      'POST /record-payment/:id': ['paymentInfo.create'],
      'POST /reverse-payment/:id/:paymentId': ['paymentInfo.delete'],
      'POST /write-off/:id': ['invoice.approve'],
      'POST /create-credit-note/:id': ['invoice.approve'],
      'GET /get-aged-receivables': ['invoice'],
      // The bill's documents and public link (modules/invoice-links).
      'GET /download-invoice-pdf/:id': ['invoice'],
      'GET /download-credit-note-pdf/:id': ['invoice'],
      'GET /get-invoice-link/:id': ['invoice'],
      'GET /download-ledes/:id': ['invoice'],
      'GET /download-ledes': ['invoice'],
      'POST /reissue-invoice-link/:id': ['invoice.edit'],
      'POST /revoke-invoice-link/:id': ['invoice.edit'],
    });
  });

  it('refuses a write-off to whoever may edit invoices but not approve them (403), writing nothing', async () => {
    const invoice = await createDraft(undefined, { taxPercent: '0' });
    await call('POST', `approve-invoice/${invoice.id}`, {});
    const before = await snapshot();
    const writeOffs = () =>
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from invoice_write_offs`)),
      );
    const writeOffsBefore = await writeOffs();
    // The Billing role holds invoice.edit (and .create, .delete) but not invoice.approve.
    const refused = await call('POST', `write-off/${invoice.id}`, { amount: '10.00', reason: 'Goodwill' }, fixture.tokens.billing);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });
    expect(await snapshot()).toEqual(before);
    expect(await writeOffs()).toEqual(writeOffsBefore);
    expect((await call('GET', `get-invoice/${invoice.id}`)).json().data.totals.writtenOffAmount).toBe('0.00');
  });

  it('refuses a fee earner without invoice permissions', async () => {
    expect((await call('GET', 'get-invoice-list', undefined, fixture.tokens.feeEarner)).statusCode).toBe(403);
  });

  it("answers 404 for another firm's invoice on every call, and keeps invoices to their firm under row-level security", async () => {
    const invoice = await createDraft();
    const other = fixture.tokens.otherAdmin;
    for (const [method, path, body] of [
      ['GET', `get-invoice/${invoice.id}`, undefined],
      ['PUT', `update-invoice/${invoice.id}`, draftBody({ timeEntryIds: [], expenseIds: [], flatFeeIds: [await flatFee()] })],
      ['DELETE', `delete-invoice/${invoice.id}`, undefined],
      ['POST', `approve-invoice/${invoice.id}`, {}],
      ['POST', `reject-invoice/${invoice.id}`, { reason: 'x' }],
      ['POST', `submit-for-approval/${invoice.id}`, {}],
      ['POST', `send-invoice/${invoice.id}`, {}],
      ['POST', `void-invoice/${invoice.id}`, { reason: 'x' }],
      ['POST', `record-payment/${invoice.id}`, { amount: '1', paymentDate: '2025-01-01', method: 'Cash' }],
      ['POST', `write-off/${invoice.id}`, { amount: '1', reason: 'x' }],
      ['POST', `mark-delivered/${invoice.id}`, { deliveredDate: '2025-01-01' }],
    ] as const) {
      const response = await call(method, path, body, other);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    for (const table of ['invoices', 'invoice_lines', 'invoice_matters', 'invoice_events']) {
      const [seen] = await fixture.context.database.withFirm(fixture.otherFirm.firmId, (tx) =>
        rowsOf<{ others: number }>(
          tx.execute(
            sql`select count(*) filter (where firm_id <> ${fixture.otherFirm.firmId})::int as others from ${sql.identifier(table)}`,
          ),
        ),
      );
      expect(seen!.others, table).toBe(0);
    }
  });

  it('documents every call in OpenAPI with a summary', async () => {
    const spec = (await fixture.context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(spec.paths ?? {}).filter((path) => path.startsWith(base));
    expect(paths.length).toBeGreaterThanOrEqual(16);
    for (const path of paths)
      for (const operation of Object.values(spec.paths[path]) as { summary?: string }[]) expect(operation.summary, path).toBeTruthy();
  });
});

describe('demo data', () => {
  it('seeds the demo firm with a paid (then credited in part), a partly paid and a draft invoice through the service, a year of paid monthly ones before them, its books balanced', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const page = (await call('GET', 'get-invoice-list?size=100', undefined, token)).json().data;
    const rows: { status: string; issueDate: string | null; total: string }[] = page.data;
    // History ends on the 28th three months back (63 days ago at the least); the recent demo starts 60 days ago.
    const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const history = rows.filter((row) => row.issueDate !== null && row.issueDate < isoDaysAgo(61));
    expect(
      rows
        .filter((row) => !history.includes(row))
        .map((row) => row.status)
        .sort(),
      // …the two invoices the reminders' demo sent (demo-invoice-reminders.ts): one reminded, one disputed;
      // the two drafts waiting for pre-bill review (demo-pre-bill-review.ts); the two drafts of the
      // finished bill run (demo-bill-runs.ts); the invoice on a payment plan (demo-payment-plans.ts), partly paid;
      // and the company's two paid net of withholding tax (demo-withholding-tax.ts).
    ).toEqual(['Draft', 'Draft', 'Draft', 'Draft', 'Draft', 'Paid', 'Paid', 'Paid', 'PartlyPaid', 'PartlyPaid', 'Sent', 'Sent']);
    // Months 12 to 3 before this one, each billed once and paid (demo-books-history.ts).
    expect(history.map((row) => row.status)).toEqual(Array(10).fill('Paid'));
    expect(new Set(history.map((row) => row.issueDate!.slice(0, 7))).size).toBe(10);
    // Each month bills what its work came to, not one figure ten times over.
    expect(new Set(history.map((row) => row.total)).size).toBe(10);
    const [demo] = await rowsOf<{ id: string }>(
      fixture.context.database.db.execute(sql`select firm_id as id from invoices where created_by_user_id in
      (select id from users where email = ${`admin@${DEMO_FIRM.emailDomain}`}) limit 1`),
    );
    await expectBooksBalanced(demo!.id);
    // The paid one was credited in part afterwards: the credit is the client's credit balance.
    const [credit] = await fixture.context.database.withFirm(demo!.id, (tx) =>
      rowsOf<{ notes: number; held: string }>(
        tx.execute(sql`select (select count(*)::int from credit_notes) as notes,
          (select coalesce(sum(amount), 0)::text from client_credit_movements) as held`),
      ),
    );
    expect(credit!.notes).toBe(1);
    expect(Number(credit!.held)).toBeGreaterThan(0);
  });
});
