import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES } from '@matterhorn/shared';
import { createExpenseBilling, EXPENSE_BILLING_MESSAGES } from '../src/modules/expenses/expenses.api.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, readOutbox, rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { csvLinesOf } from './support/csv-download.ts';

const base = '/api/admin/expense-flat-fees-info';
let fixture: TimeEntryFixture;
let categories: { id: string; name: string; utbmsExpenseCode: string | null }[];
let otherCategoryId: string;
let usdId: number;

/** A 1×1 PNG, a minimal PDF and a JPEG head: what the content check reads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  categories = (await fixture.call('GET', `${base}/get-expense-categories`, fixture.tokens.admin)).json().data;
  const theirs = (await fixture.call('GET', `${base}/get-expense-categories`, fixture.tokens.otherAdmin)).json().data;
  otherCategoryId = theirs[0].id;
  const [usd] = await rowsOf<{ id: number }>(fixture.context.database.db.execute(sql`select id from currencies where iso_code = 'USD'`));
  usdId = usd!.id;
});
afterAll(() => fixture.context.close());

const categoryId = (name: string) => categories.find((category) => category.name === name)!.id;

const clientExpense = (overrides: Record<string, unknown> = {}) => ({
  isFirmExpense: false,
  clientId: fixture.references.openMatter.clientId,
  matterId: fixture.references.openMatter.id,
  expenseDate: '2025-05-02',
  description: 'Filing fee, Federal High Court',
  categoryId: categoryId('Court filing fees'),
  quantity: '3',
  unitCost: '33.33',
  isBillable: 4,
  ...overrides,
});
const firmExpense = (overrides: Record<string, unknown> = {}) => ({
  isFirmExpense: true,
  expenseDate: '2025-05-03',
  description: 'Office courier account',
  categoryId: categoryId('Courier'),
  quantity: '1',
  unitCost: '15000',
  ...overrides,
});

const create = (body: unknown, token = fixture.tokens.admin, headers: Record<string, string> = {}) =>
  fixture.call('POST', `${base}/create-expense`, token, body, headers);
const update = (id: string, body: unknown, token = fixture.tokens.admin) =>
  fixture.call('PUT', `${base}/update-expense/${id}`, token, body);
const view = (id: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/get-expense/${id}`, token);
const approve = (id: string, token = fixture.tokens.billing, body: unknown = {}) =>
  fixture.call('POST', `${base}/approve-expense/${id}`, token, body);
const reject = (id: string, body: unknown, token = fixture.tokens.billing) =>
  fixture.call('POST', `${base}/reject-expense/${id}`, token, body);
const list = (query: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/get-expenses-list?${query}`, token);
const idOf = async (response: Promise<{ json(): { data: { id: string } } }>) => (await response).json().data.id;

function multipart(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----matterhorn${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (id: string, fileName: string, content: Buffer, token = fixture.tokens.admin, headers: Record<string, string> = {}) => {
  const body = multipart(fileName, content);
  return fixture.context.app.inject({
    method: 'POST',
    url: `${base}/upload-expense-receipt/${id}`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers, ...headers },
  });
};

/** The firm's expense rows (deleted ones included), receipts and expense audit events: what a refused request must leave as it was. */
async function snapshot() {
  return fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
    const [row] = await rowsOf<{ expenses: number; receipts: number; events: number; lastUpdate: string }>(
      tx.execute(sql`select (select count(*)::int from expenses) as expenses,
        (select count(*)::int from expense_receipts) as receipts,
        (select count(*)::int from audit_events where entity_type in ('expense', 'expenseReceipt', 'expenseCategory')) as events,
        (select coalesce(max(updated_at)::text, '') from expenses) as "lastUpdate"`),
    );
    return row!;
  });
}

async function storedFiles(): Promise<string[]> {
  const directory = join(fixture.context.config.dataDir, 'files');
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const eventsOf = (entityId: string) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ action: string; details: Record<string, unknown> }>(
      tx.execute(sql`select action, details from audit_events where entity_id = ${entityId} order by id`),
    ),
  );

describe('expense categories', () => {
  it('starts every firm with the default categories, mapped to UTBMS expense codes', () => {
    expect(categories.map((category) => [category.name, category.utbmsExpenseCode])).toEqual(
      expect.arrayContaining([
        ['Court filing fees', 'E112'],
        ['Travel', 'E110'],
        ['Courier', 'E107'],
        ['Photocopying', 'E101'],
        ['Expert fees', 'E119'],
        ['Postage', 'E108'],
        ['Meals', 'E111'],
        ['Other', 'E124'],
      ]),
    );
    expect(categories).toHaveLength(8);
  });

  it('adds, renames and deletes a category (soft: an expense keeps its name), each in the trail', async () => {
    const created = await fixture.call('POST', `${base}/create-expense-category`, fixture.tokens.billing, {
      name: 'Process server',
      utbmsExpenseCode: 'E113',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({ name: 'Process server', utbmsExpenseCode: 'E113', expenseCount: 0 });
    const duplicate = await fixture.call('POST', `${base}/create-expense-category`, fixture.tokens.admin, { name: 'process SERVER' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('An expense category with this name already exists');
    const renamed = await fixture.call('PUT', `${base}/update-expense-category/${id}`, fixture.tokens.admin, {
      name: 'Process servers',
      utbmsExpenseCode: null,
    });
    expect(renamed.json().data).toMatchObject({ name: 'Process servers', utbmsExpenseCode: null });
    const made = await create(clientExpense({ categoryId: id, description: 'Serving the writ' }));
    expect(made.statusCode).toBe(201);
    const expenseId = made.json().data.id as string;
    const listed = (await fixture.call('GET', `${base}/get-expense-categories`, fixture.tokens.feeEarner)).json().data;
    expect(listed.find((category: { id: string }) => category.id === id)).toMatchObject({ expenseCount: 1 });
    expect((await fixture.call('DELETE', `${base}/delete-expense-category/${id}`, fixture.tokens.admin)).statusCode).toBe(200);
    const after = (await fixture.call('GET', `${base}/get-expense-categories`, fixture.tokens.admin)).json().data;
    expect(after.map((category: { id: string }) => category.id)).not.toContain(id);
    expect((await view(expenseId)).json().data).toMatchObject({ categoryId: id, categoryName: 'Process servers' });
    // A deleted category is not offered for a new expense, but the expense that has it stays editable.
    expect((await create(clientExpense({ categoryId: id }))).statusCode).toBe(404);
    expect((await update(expenseId, clientExpense({ categoryId: id, description: 'Serving the writ again' }))).statusCode).toBe(200);
    // Its name is free again.
    expect(
      (await fixture.call('POST', `${base}/create-expense-category`, fixture.tokens.admin, { name: 'Process servers' })).statusCode,
    ).toBe(201);
    expect((await eventsOf(id)).map((event) => event.action)).toEqual([
      'expenseCategory.created',
      'expenseCategory.updated',
      'expenseCategory.deleted',
    ]);
  });

  it('refuses a bad code, a blank name, a member who may not edit expenses, and another firm', async () => {
    const bad = await fixture.call('POST', `${base}/create-expense-category`, fixture.tokens.admin, {
      name: 'X',
      utbmsExpenseCode: 'E125',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('UTBMS code must be one of E101–E124');
    expect((await fixture.call('POST', `${base}/create-expense-category`, fixture.tokens.admin, { name: ' ' })).statusCode).toBe(400);
    expect((await fixture.call('POST', `${base}/create-expense-category`, fixture.tokens.feeEarner, { name: 'Mine' })).statusCode).toBe(
      403,
    );
    const mine = categoryId('Meals');
    expect(
      (await fixture.call('PUT', `${base}/update-expense-category/${mine}`, fixture.tokens.otherAdmin, { name: 'Ours' })).statusCode,
    ).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-expense-category/${mine}`, fixture.tokens.otherAdmin)).statusCode).toBe(404);
  });
});

describe('POST …/create-expense', () => {
  it('adds a client expense entered by an approver: approved at once, amount computed exactly, unbilled, in the trail', async () => {
    const response = await create(clientExpense({ amount: '1.00', payee: 'FHC Registry', reference: 'RCT-1' }));
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      isFirmExpense: false,
      isExpenseRequest: false,
      quantity: '3',
      unitCost: '33.33',
      amount: '99.99',
      homeAmount: '99.99',
      exchangeRate: '1',
      foreignCurrencyId: null,
      isBillable: 4,
      approvalStatus: 'Approved',
      decidedByUserName: 'Ada Okafor',
      paymentStatus: 'Unpaid',
      billingStatus: 'Unbilled',
      isLocked: false,
      categoryName: 'Court filing fees',
      utbmsExpenseCode: 'E112',
      payee: 'FHC Registry',
      reference: 'RCT-1',
      addedByUserId: fixture.firm.users.admin.id,
      receipts: [],
    });
    expect(data.clientName).toBeTruthy();
    expect(data.currencySymbol).not.toBe('');
    expect(await eventsOf(data.id)).toEqual([
      expect.objectContaining({
        action: 'expense.created',
        details: { after: expect.objectContaining({ amount: '99.99', approvalStatus: 'Approved' }) },
      }),
    ]);
  });

  it('computes amounts with exact decimals, half-up', async () => {
    const cases = [
      [{ quantity: '0.5', unitCost: '10.01' }, '5.01'],
      [{ quantity: 2.5, unitCost: 0.1 }, '0.25'],
      [{ quantity: '1.0005', unitCost: '100' }, '100.05'],
      [{ quantity: '7', unitCost: '0.07' }, '0.49'],
    ] as const;
    for (const [input, amount] of cases) {
      const { data } = (await create(clientExpense(input))).json();
      expect([data.amount, data.homeAmount]).toEqual([amount, amount]);
    }
  });

  it('adds a firm expense: no client or matter, never billable', async () => {
    const { data } = (await create(firmExpense({ isBillable: 4 }))).json();
    expect(data).toMatchObject({
      isFirmExpense: true,
      clientId: null,
      matterId: null,
      clientName: null,
      isBillable: 2,
      billingStatus: 'Not billable',
      amount: '15000.00',
    });
    const withClient = await create(firmExpense({ clientId: fixture.references.openMatter.clientId }));
    expect(withClient.statusCode).toBe(400);
    expect(withClient.json().message).toBe('A firm expense has no client or matter');
  });

  it('converts a foreign-currency expense at its exchange rate in a multicurrency firm', async () => {
    const { data } = (
      await create(clientExpense({ quantity: '2', unitCost: '120.50', foreignCurrencyId: usdId, exchangeRate: '1550.25' }))
    ).json();
    expect(data).toMatchObject({
      amount: '241.00',
      homeAmount: '373610.25',
      foreignCurrencyId: usdId,
      exchangeRate: '1550.25',
      currencySymbol: '$',
    });
    // The firm has set no USD rate: an expense without one cannot be converted.
    const noRate = await create(clientExpense({ foreignCurrencyId: usdId }));
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toBe(EXPENSE_MESSAGES.exchangeRateNotSet);
    expect(noRate.json().errors).toEqual({ exchangeRate: 'Exchange Rate is required' });
    const zeroRate = await create(clientExpense({ foreignCurrencyId: usdId, exchangeRate: '0' }));
    expect(zeroRate.json().message).toBe('Exchange Rate must be greater than 0');
    expect((await create(clientExpense({ foreignCurrencyId: 999999, exchangeRate: '2' }))).statusCode).toBe(404);
  });

  it('takes the firm’s own exchange rate, effective today, for a foreign currency sent without one', async () => {
    const setRate = (rate: string, effectiveDate: string) =>
      fixture.call('POST', '/api/admin/business/set-exchange-rate', fixture.tokens.admin, {
        foreignCurrencyId: usdId,
        rate,
        effectiveDate,
      });
    try {
      expect((await setRate('1400', '2024-01-01')).statusCode).toBe(200);
      expect((await setRate('1500.5', '2025-01-01')).statusCode).toBe(200);
      // A rate from a day still to come is not today's.
      expect((await setRate('9999', '2999-01-01')).statusCode).toBe(200);

      const created = await create(clientExpense({ quantity: '2', unitCost: '10', foreignCurrencyId: usdId }));
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({
        amount: '20.00',
        exchangeRate: '1500.5',
        homeAmount: '30010.00',
        foreignCurrencyId: usdId,
      });
      const id = created.json().data.id;

      // Blank reads as absent; a rate sent still wins over the firm's.
      const blank = await update(id, clientExpense({ quantity: '1', unitCost: '10', foreignCurrencyId: usdId, exchangeRate: '' }));
      expect(blank.json().data).toMatchObject({ exchangeRate: '1500.5', homeAmount: '15005.00' });
      const given = await update(id, clientExpense({ quantity: '1', unitCost: '10', foreignCurrencyId: usdId, exchangeRate: '1600' }));
      expect(given.json().data).toMatchObject({ exchangeRate: '1600', homeAmount: '16000.00' });
      expect((await view(id)).json().data.exchangeRate).toBe('1600');
    } finally {
      await fixture.context.database.db.execute(sql`delete from exchange_rates where firm_id = ${fixture.firm.firmId}`);
    }
  });

  it('refuses a foreign currency when the firm is not multicurrency', async () => {
    const database = fixture.context.database;
    await database.db.execute(sql`update firms set multicurrency = false where id = ${fixture.firm.firmId}`);
    try {
      const before = await snapshot();
      const response = await create(clientExpense({ foreignCurrencyId: usdId, exchangeRate: '1500' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Billing currency can only change when multicurrency is on for the firm');
      expect(await snapshot()).toEqual(before);
    } finally {
      await database.db.execute(sql`update firms set multicurrency = true where id = ${fixture.firm.firmId}`);
    }
  });

  it.each([
    ['no client', { clientId: '' }, 'Client is required'],
    ['no matter', { matterId: null }, 'Matter is required'],
    ['no date', { expenseDate: '' }, 'Date is required'],
    ['an impossible date', { expenseDate: '2025-02-30' }, 'Date must be a date (YYYY-MM-DD)'],
    ['no description', { description: ' ' }, 'Description is required'],
    ['no category', { categoryId: '' }, 'Category is required'],
    ['no quantity', { quantity: '' }, 'Quantity is required'],
    ['a zero quantity', { quantity: '0' }, 'Quantity must be greater than 0'],
    ['a quantity with 5 decimals', { quantity: '1.00001' }, 'Quantity must be a number with at most 4 decimals'],
    ['a zero unit cost', { unitCost: '0' }, 'Unit cost must be greater than 0'],
    ['fractions of a cent', { unitCost: '1.005' }, 'Unit cost must be an amount with at most 2 decimals'],
    ['a billable flag it does not know', { isBillable: 3 }, 'Billable must be 2 or 4'],
    ['a field it does not know', { totalAmount: '1' }, 'Unknown field'],
    ['an amount too large', { quantity: '99999999', unitCost: '999999999' }, 'The amount is too large'],
  ])('refuses %s with 400 and writes nothing', async (_title, overrides, message) => {
    const before = await snapshot();
    const response = await create(clientExpense(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers "not found" for another firm’s matter, client or category, and writes nothing', async () => {
    const before = await snapshot();
    const theirs = fixture.otherReferences.openMatter;
    expect((await create(clientExpense({ clientId: theirs.clientId, matterId: theirs.id }))).statusCode).toBe(404);
    expect((await create(clientExpense({ categoryId: otherCategoryId }))).statusCode).toBe(404);
    expect((await create(firmExpense({ categoryId: otherCategoryId }))).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a matter of another client, and a closed matter', async () => {
    const other = fixture.references.matters.find((matter) => matter.clientId !== fixture.references.openMatter.clientId)!;
    const wrongClient = await create(clientExpense({ matterId: other.id }));
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json().message).toBe('The matter does not belong to the chosen client');
    const closed = fixture.references.closedMatter;
    const onClosed = await create(clientExpense({ clientId: closed.clientId, matterId: closed.id }));
    expect(onClosed.statusCode).toBe(400);
    expect(onClosed.json().message).toBe('An expense cannot be added to a closed matter');
  });

  it('creates one expense for a POST sent twice with the same Idempotency-Key', async () => {
    const before = await snapshot();
    const headers = { 'idempotency-key': 'expense-double-0001' };
    const first = await create(clientExpense(), fixture.tokens.admin, headers);
    const second = await create(clientExpense(), fixture.tokens.admin, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await snapshot()).expenses).toBe(before.expenses + 1);
  });
});

describe('expense requests and their approval', () => {
  it('makes a fee earner’s expense a pending request, which only another approver decides', async () => {
    const response = await create(clientExpense({ description: 'Taxi to the registry' }), fixture.tokens.feeEarner);
    expect(response.statusCode).toBe(201);
    const request = response.json().data;
    expect(request).toMatchObject({ approvalStatus: 'Pending', isExpenseRequest: true, decidedByUserName: null });
    // A fee earner holds no expensePermission.edit: they may not approve.
    expect((await approve(request.id, fixture.tokens.feeEarner)).statusCode).toBe(403);
    const approved = await approve(request.id, fixture.tokens.billing, { note: 'Fine' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ approvalStatus: 'Approved', decidedByUserName: 'Grace Eze' });
    const again = await approve(request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an expense waiting for approval can be approved or rejected');
    const mail = (await readOutbox(fixture.context.config)).filter((message) => message.to === fixture.firm.users.feeEarner.email);
    expect(mail.at(-1)).toMatchObject({ subject: 'Your expense request was approved' });
    expect(mail.at(-1)!.text).toContain('Taxi to the registry');
    expect(mail.at(-1)!.text).toContain('Note: Fine');
    expect((await eventsOf(request.id)).map((event) => event.action)).toEqual(['expense.created', 'expense.approved']);
  });

  it('tells no requester who opted out of expense decision emails (My account’s notification choices)', async () => {
    const choices = { hearingReminders: true, portalMessages: true, budgetAlerts: true, taskReminders: true, expenseDecisions: false };
    const saved = await fixture.call('PUT', '/api/me/notifications', fixture.tokens.feeEarner, choices);
    expect([saved.statusCode, saved.json().message, saved.json().data]).toEqual([200, 'Notification choices saved', choices]);
    const toRequester = async () =>
      (await readOutbox(fixture.context.config)).filter((message) => message.to === fixture.firm.users.feeEarner.email).length;
    const before = await toRequester();
    const request = (await create(clientExpense({ description: 'Parking at the court' }), fixture.tokens.feeEarner)).json().data;
    expect((await approve(request.id)).json().data.approvalStatus).toBe('Approved');
    expect(await toRequester()).toBe(before);
    await fixture.call('PUT', '/api/me/notifications', fixture.tokens.feeEarner, { ...choices, expenseDecisions: true });
  });

  it('keeps an approver’s own request pending: they cannot decide it, another approver can', async () => {
    const request = (await create(clientExpense({ isExpenseRequest: true, description: 'My own travel' }))).json().data;
    expect(request).toMatchObject({ approvalStatus: 'Pending', isExpenseRequest: true });
    const own = await approve(request.id, fixture.tokens.admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve or reject your own expense request');
    const ownReject = await reject(request.id, { reason: 'No' }, fixture.tokens.admin);
    expect(ownReject.json().message).toBe('You cannot approve or reject your own expense request');
    expect((await approve(request.id, fixture.tokens.billing)).json().data.approvalStatus).toBe('Approved');
  });

  it('rejects with a reason (told by email); the requester edits the request, which waits again', async () => {
    const request = (await create(clientExpense({ description: 'Hotel, two nights' }), fixture.tokens.feeEarner)).json().data;
    const before = await snapshot();
    const noReason = await reject(request.id, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    expect((await reject(request.id, {})).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const rejected = await reject(request.id, { reason: 'Book the firm rate next time' });
    expect(rejected.json().data).toMatchObject({ approvalStatus: 'Rejected', rejectionReason: 'Book the firm rate next time' });
    const mail = (await readOutbox(fixture.context.config)).filter((message) => message.to === fixture.firm.users.feeEarner.email).at(-1)!;
    expect(mail.subject).toBe('Your expense request was rejected');
    expect(mail.text).toContain('Reason: Book the firm rate next time');
    expect((await approve(request.id)).statusCode).toBe(409);
    // Another fee earner's expense is not theirs to change; their own is, and goes back for approval.
    const resubmitted = await update(
      request.id,
      clientExpense({ description: 'Hotel, one night', quantity: '1' }),
      fixture.tokens.feeEarner,
    );
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().data).toMatchObject({
      approvalStatus: 'Pending',
      rejectionReason: null,
      decidedByUserName: null,
      amount: '33.33',
    });
    expect((await approve(request.id)).json().data.approvalStatus).toBe('Approved');
  });

  it('sends an approved expense back for approval when a non-approver changes it; an approver’s change keeps it approved', async () => {
    const request = (await create(clientExpense({ description: 'Photocopies' }), fixture.tokens.feeEarner)).json().data;
    await approve(request.id);
    const byRequester = await update(request.id, clientExpense({ description: 'Photocopies, bundle' }), fixture.tokens.feeEarner);
    expect(byRequester.json().data.approvalStatus).toBe('Pending');
    await approve(request.id);
    const byApprover = await update(request.id, clientExpense({ description: 'Photocopies, bundle B' }), fixture.tokens.billing);
    expect(byApprover.json().data.approvalStatus).toBe('Approved');
    const events = await eventsOf(request.id);
    expect(events.filter((event) => event.action === 'expense.updated')[0]!.details).toMatchObject({
      before: { approvalStatus: 'Approved' },
      after: { approvalStatus: 'Pending' },
    });
  });

  it('lets a fee earner change only their own expense, and delete none', async () => {
    const adminsExpense = await idOf(create(clientExpense({ description: 'Admin’s expense' })));
    const change = await update(adminsExpense, clientExpense(), fixture.tokens.feeEarner);
    expect(change.statusCode).toBe(403);
    const own = await idOf(create(clientExpense({ description: 'Mine' }), fixture.tokens.feeEarner));
    expect((await fixture.call('DELETE', `${base}/delete-expense/${own}`, fixture.tokens.feeEarner)).statusCode).toBe(403);
  });

  it('marks an approved expense paid, once; a pending one cannot be', async () => {
    const pending = await idOf(create(clientExpense({ description: 'Pending payment' }), fixture.tokens.feeEarner));
    const payment = { paidDate: '2025-05-10', paymentMethod: 'Bank transfer', paymentReference: 'TRF-88' };
    const early = await fixture.call('POST', `${base}/mark-expense-paid/${pending}`, fixture.tokens.billing, payment);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only an approved expense can be marked paid');
    await approve(pending);
    const bad = await fixture.call('POST', `${base}/mark-expense-paid/${pending}`, fixture.tokens.billing, { paidDate: '2025-05-10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Payment method is required');
    const noDate = await fixture.call('POST', `${base}/mark-expense-paid/${pending}`, fixture.tokens.billing, { paymentMethod: 'Cash' });
    expect(noDate.json().message).toBe('Paid date is required');
    expect((await fixture.call('POST', `${base}/mark-expense-paid/${pending}`, fixture.tokens.feeEarner, payment)).statusCode).toBe(403);
    const paid = await fixture.call('POST', `${base}/mark-expense-paid/${pending}`, fixture.tokens.billing, payment);
    expect(paid.json().data).toMatchObject({
      paymentStatus: 'Paid',
      paidDate: '2025-05-10',
      paymentMethod: 'Bank transfer',
      paymentReference: 'TRF-88',
    });
    const twice = await fixture.call('POST', `${base}/mark-expense-paid/${pending}`, fixture.tokens.billing, payment);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This expense is already marked paid');
    // Paid: the requester can no longer change it.
    expect((await update(pending, clientExpense(), fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect((await eventsOf(pending)).map((event) => event.action)).toEqual(['expense.created', 'expense.approved', 'expense.paid']);
  });
});

describe('an expense after it is added', () => {
  it('is changed (the change in the trail) and soft-deleted', async () => {
    const id = await idOf(create(clientExpense({ description: 'Expert report' })));
    const updated = await update(id, firmExpense({ description: 'Expert report, firm cost', quantity: '2', unitCost: '50000' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ isFirmExpense: true, clientId: null, amount: '100000.00', isBillable: 2 });
    expect((await fixture.call('DELETE', `${base}/delete-expense/${id}`, fixture.tokens.admin)).statusCode).toBe(200);
    expect((await view(id)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-expense/${id}`, fixture.tokens.admin)).statusCode).toBe(404);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ deleted: boolean }>(tx.execute(sql`select deleted_at is not null as deleted from expenses where id = ${id}`)),
    );
    expect(row).toEqual({ deleted: true });
    expect((await eventsOf(id)).map((event) => event.action)).toEqual(['expense.created', 'expense.updated', 'expense.deleted']);
    expect((await eventsOf(id))[1]!.details).toMatchObject({
      before: { isFirmExpense: false },
      after: { isFirmExpense: true, clientId: null },
    });
  });

  it('answers "not found" to another firm for every call on it', async () => {
    const id = await idOf(create(clientExpense({ description: 'Not theirs' }), fixture.tokens.feeEarner));
    const token = fixture.tokens.otherAdmin;
    const before = await snapshot();
    expect((await view(id, token)).statusCode).toBe(404);
    expect((await update(id, firmExpense({ categoryId: otherCategoryId }), token)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-expense/${id}`, token)).statusCode).toBe(404);
    expect((await approve(id, token)).statusCode).toBe(404);
    expect((await reject(id, { reason: 'x' }, token)).statusCode).toBe(404);
    expect(
      (await fixture.call('POST', `${base}/mark-expense-paid/${id}`, token, { paidDate: '2025-01-01', paymentMethod: 'Cash' })).statusCode,
    ).toBe(404);
    expect((await upload(id, 'r.png', PNG, token)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('cannot change or be deleted once an invoice has taken it', async () => {
    const billed = await idOf(create(clientExpense({ description: 'Billed already' })));
    // Billed as a firm bills it: a draft invoice takes it (an expense can only be on an invoice that bills it).
    const drafted = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
      clientId: fixture.references.openMatter.clientId,
      expenseIds: [billed],
    });
    expect(drafted.statusCode).toBe(201);
    const change = await update(billed, clientExpense({ quantity: '1' }));
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('This expense is on an invoice and cannot change');
    const remove = await fixture.call('DELETE', `${base}/delete-expense/${billed}`, fixture.tokens.admin);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('This expense is on an invoice and cannot be deleted');
    expect((await view(billed)).json().data).toMatchObject({ billingStatus: 'Billed', isLocked: true, amount: '99.99' });
  });
});

describe('the books when an expense is paid', () => {
  /** The expense's journal entries, oldest first: each line's account, debit, credit, client and matter. */
  const entriesOf = (expenseId: string) =>
    fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const rows = await rowsOf<{
        entry: string;
        account: string;
        debit: string;
        credit: string;
        clientId: string | null;
        matterId: string | null;
      }>(
        tx.execute(sql`select e.id as entry, a.code as account, l.debit::text as debit, l.credit::text as credit,
            l.client_id as "clientId", l.matter_id as "matterId"
          from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
          where e.source_type = 'expense-payment' and e.source_id = ${expenseId}
          order by e.created_at, e.reverses_entry_id is null, e.id, a.code`),
      );
      const entries = new Map<string, Omit<(typeof rows)[number], 'entry'>[]>();
      for (const { entry, ...line } of rows) entries.set(entry, [...(entries.get(entry) ?? []), line]);
      return [...entries.values()];
    });
  const pay = (id: string) =>
    fixture.call('POST', `${base}/mark-expense-paid/${id}`, fixture.tokens.billing, {
      paidDate: '2025-05-10',
      paymentMethod: 'Bank transfer',
    });

  it('posts a firm expense to firm expenses against the operating bank, in the same call', async () => {
    const id = await idOf(create(firmExpense({ description: 'Generator diesel', quantity: '2', unitCost: '12500.50' })));
    expect(await entriesOf(id)).toEqual([]);
    expect((await pay(id)).statusCode).toBe(200);
    expect(await entriesOf(id)).toEqual([
      [
        { account: 'firm-expenses', debit: '25001.00', credit: '0.00', clientId: null, matterId: null },
        { account: 'operating-bank', debit: '0.00', credit: '25001.00', clientId: null, matterId: null },
      ],
    ]);
    // Paid once: a second call is refused and posts nothing more.
    expect((await pay(id)).statusCode).toBe(409);
    expect(await entriesOf(id)).toHaveLength(1);
  });

  it('posts a cost advanced for a client on its client and matter; a change reverses and re-posts it, a deletion reverses it', async () => {
    const { clientId, id: matterId } = fixture.references.openMatter;
    const id = await idOf(create(clientExpense({ description: 'Process server', quantity: '1', unitCost: '4000' })));
    expect((await pay(id)).statusCode).toBe(200);
    const advanced = (amount: string) => [
      { account: 'client-costs-advanced', debit: amount, credit: '0.00', clientId, matterId },
      { account: 'operating-bank', debit: '0.00', credit: amount, clientId, matterId },
    ];
    const reversed = (amount: string) => [
      { account: 'client-costs-advanced', debit: '0.00', credit: amount, clientId, matterId },
      { account: 'operating-bank', debit: amount, credit: '0.00', clientId, matterId },
    ];
    expect(await entriesOf(id)).toEqual([advanced('4000.00')]);
    // A change that leaves what was paid as it was posts nothing.
    expect((await update(id, clientExpense({ description: 'Process server, Ikeja', quantity: '1', unitCost: '4000' }))).statusCode).toBe(
      200,
    );
    expect(await entriesOf(id)).toHaveLength(1);
    expect((await update(id, clientExpense({ description: 'Process server, Ikeja', quantity: '1', unitCost: '4500' }))).statusCode).toBe(
      200,
    );
    expect(await entriesOf(id)).toEqual([advanced('4000.00'), reversed('4000.00'), advanced('4500.00')]);
    expect((await fixture.call('DELETE', `${base}/delete-expense/${id}`, fixture.tokens.admin)).statusCode).toBe(200);
    expect(await entriesOf(id)).toEqual([advanced('4000.00'), reversed('4000.00'), advanced('4500.00'), reversed('4500.00')]);
  });
});

describe('the invoice lock (expenses.api.ts)', () => {
  const billing = createExpenseBilling();
  const inFirm = <T>(work: Parameters<typeof fixture.context.database.withFirm<T>>[1]) =>
    fixture.context.database.withFirm(fixture.firm.firmId, work);

  it('takes approved billable client expenses only, all or none, and releases them', async () => {
    const free = await idOf(create(clientExpense({ description: 'Lock free' })));
    const pending = await idOf(create(clientExpense({ description: 'Lock pending' }), fixture.tokens.feeEarner));
    const notBillable = await idOf(create(clientExpense({ description: 'Lock not billable', isBillable: 2 })));
    const firm = await idOf(create(firmExpense({ description: 'Lock firm' })));
    for (const refused of [pending, notBillable, firm]) {
      await expect(inFirm((tx) => billing.lockForInvoice(tx, fixture.firm.firmId, randomUUID(), [free, refused]))).rejects.toMatchObject({
        statusCode: 409,
        message: EXPENSE_BILLING_MESSAGES.notFree,
      });
    }
    expect((await view(free)).json().data.billingStatus).toBe('Unbilled');
    const invoiceId = randomUUID();
    await inFirm((tx) => billing.lockForInvoice(tx, fixture.firm.firmId, invoiceId, [free]));
    expect((await view(free)).json().data).toMatchObject({ billingStatus: 'Billed', isLocked: true });
    expect(await inFirm((tx) => billing.releaseFromInvoice(tx, fixture.firm.firmId, invoiceId))).toBe(1);
    expect((await view(free)).json().data.billingStatus).toBe('Unbilled');
  });
});

describe('receipts', () => {
  let expenseId: string;
  beforeAll(async () => {
    expenseId = await idOf(create(clientExpense({ description: 'With receipts' }), fixture.tokens.feeEarner));
  });

  it('stores a PDF and an image by their content (a PNG named .pdf is a PNG, kept as .pdf.png), and serves them as attachments', async () => {
    const pdf = await upload(expenseId, 'filing receipt.pdf', PDF, fixture.tokens.feeEarner);
    expect(pdf.statusCode).toBe(201);
    const png = await upload(expenseId, 'scan.pdf', PNG, fixture.tokens.feeEarner);
    expect(png.statusCode).toBe(201);
    const receipts = png.json().data.receipts;
    expect(receipts).toEqual([
      expect.objectContaining({
        fileName: 'filing receipt.pdf',
        contentType: 'application/pdf',
        sizeBytes: PDF.length,
        uploadedByUserName: 'Tunde Bakare',
      }),
      expect.objectContaining({ fileName: 'scan.pdf.png', contentType: 'image/png', sizeBytes: PNG.length }),
    ]);
    const download = await fixture.call('GET', `${base}/download-expense-receipt/${expenseId}/${receipts[1].id}`, fixture.tokens.billing);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="scan.pdf.png"; filename*=UTF-8''scan.pdf.png`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const first = await fixture.call('GET', `${base}/download-expense-receipt/${expenseId}/${receipts[0].id}`, fixture.tokens.admin);
    expect(first.rawPayload.equals(PDF)).toBe(true);
    expect(first.headers['content-disposition']).toContain('filename="filing receipt.pdf"');
    const listed = (await list(`IsFirmExpense=false&IsIncludeExpenseRequest=true&GeneralSearchText=with%20receipts`)).json().data.data;
    expect(listed).toEqual([expect.objectContaining({ id: expenseId, receiptCount: 2 })]);
    const events = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where details->>'expenseId' = ${expenseId}`)),
    );
    expect(events.map((event) => event.action)).toEqual(['expenseReceipt.uploaded', 'expenseReceipt.uploaded']);
  });

  it('refuses a file that is not a PDF, JPEG, PNG or HEIC by content (415), whatever its name, and keeps nothing', async () => {
    const before = [await snapshot(), await storedFiles()];
    const text = await upload(expenseId, 'receipt.pdf', Buffer.from('just some text pretending to be a PDF\n'.repeat(50)));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, message: 'A receipt must be a PDF, JPEG, PNG or HEIC file' });
    const gif = await upload(expenseId, 'receipt.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(gif.statusCode).toBe(415);
    expect([await snapshot(), await storedFiles()]).toEqual(before);
  });

  it('refuses a receipt over 10 MB (413) and keeps nothing', async () => {
    const before = [await snapshot(), await storedFiles()];
    const large = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(expenseId, 'big.png', large);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: 'A receipt must be at most 10 MB' });
    expect([await snapshot(), await storedFiles()]).toEqual(before);
  });

  it('stores a receipt sent twice with the same Idempotency-Key once', async () => {
    const id = await idOf(create(clientExpense({ description: 'Idempotent receipt' })));
    const headers = { 'idempotency-key': 'receipt-double-0001' };
    const first = await upload(id, 'once.png', PNG, fixture.tokens.admin, headers);
    const second = await upload(id, 'once.png', PNG, fixture.tokens.admin, headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect((await view(id)).json().data.receipts).toHaveLength(1);
  });

  it('refuses an upload without a file, and a body that is not multipart', async () => {
    const empty = await fixture.context.app.inject({
      method: 'POST',
      url: `${base}/upload-expense-receipt/${expenseId}`,
      payload: `--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n`,
      headers: { ...bearer(fixture.tokens.admin), 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(empty.statusCode).toBe(400);
    const json = await fixture.call('POST', `${base}/upload-expense-receipt/${expenseId}`, fixture.tokens.admin, { file: 'x' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('serves a receipt only to its firm, and only on its own expense', async () => {
    const receipt = (await view(expenseId)).json().data.receipts[0];
    expect(
      (await fixture.call('GET', `${base}/download-expense-receipt/${expenseId}/${receipt.id}`, fixture.tokens.otherAdmin)).statusCode,
    ).toBe(404);
    const otherExpense = await idOf(create(clientExpense({ description: 'Another' })));
    expect(
      (await fixture.call('GET', `${base}/download-expense-receipt/${otherExpense}/${receipt.id}`, fixture.tokens.admin)).statusCode,
    ).toBe(404);
    expect(
      (await fixture.call('DELETE', `${base}/delete-expense-receipt/${expenseId}/${receipt.id}`, fixture.tokens.otherAdmin)).statusCode,
    ).toBe(404);
  });

  it('lets only who may change the expense add or remove receipts; removed ones are not served', async () => {
    const adminsExpense = await idOf(create(clientExpense({ description: 'Admin receipts' })));
    expect((await upload(adminsExpense, 'r.png', PNG, fixture.tokens.feeEarner)).statusCode).toBe(403);
    const receipts = (await view(expenseId)).json().data.receipts;
    const removed = await fixture.call('DELETE', `${base}/delete-expense-receipt/${expenseId}/${receipts[0].id}`, fixture.tokens.feeEarner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.receipts.map((receipt: { id: string }) => receipt.id)).toEqual([receipts[1].id]);
    expect(
      (await fixture.call('GET', `${base}/download-expense-receipt/${expenseId}/${receipts[0].id}`, fixture.tokens.admin)).statusCode,
    ).toBe(404);
  });
});

describe('GET …/get-expenses-list', () => {
  type Row = {
    id: string;
    isFirm: boolean;
    status: string;
    payment: string;
    billed: boolean;
    billable: number;
    matterId: string | null;
    clientId: string | null;
    addedBy: string;
    date: string;
    homeAmount: string;
    description: string;
  };
  let rows: Row[];
  const ids = (response: { json(): { data: { data: { id: string }[] } } }) => response.json().data.data.map((row) => row.id);
  const expected = (keep: (row: Row) => boolean) => rows.filter(keep).map((row) => row.id);

  beforeAll(async () => {
    const [first, second] = fixture.references.matters.filter((matter) => matter.status === 'Open');
    await create(
      clientExpense({ clientId: second!.clientId, matterId: second!.id, expenseDate: '2024-01-10', description: 'Zebra crossing survey' }),
    );
    await create(
      clientExpense({ clientId: first!.clientId, matterId: first!.id, expenseDate: '2024-02-10', description: 'Courier to Abuja' }),
      fixture.tokens.feeEarner,
    );
    await create(firmExpense({ expenseDate: '2024-03-10', description: 'Firm stationery', payee: 'Paper Mart' }), fixture.tokens.billing);
    await create(firmExpense({ expenseDate: '2024-03-11', description: 'Firm request for a laptop bag' }), fixture.tokens.feeEarner);
    rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<Row>(
        tx.execute(sql`select id, is_firm_expense as "isFirm", approval_status as status, payment_status as payment,
          invoice_id is not null as billed, is_billable as billable, matter_id as "matterId", client_id as "clientId",
          added_by_user_id as "addedBy", expense_date::text as date, home_amount::text as "homeAmount", description
          from expenses where deleted_at is null order by expense_date desc, created_at desc, id desc`),
      ),
    );
  });

  it('lists the firm tab by default, approved only, newest date first, counted', async () => {
    const response = await list('page=1&size=100');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(expected((row) => row.isFirm && row.status === 'Approved'));
    expect(response.json().data.totalCount).toBe(expected((row) => row.isFirm && row.status === 'Approved').length);
    expect(ids(await list('page=1&size=100', fixture.tokens.otherAdmin))).toEqual([]);
  });

  it('lists the client tab, with the requests when asked', async () => {
    expect(ids(await list('IsFirmExpense=false&size=100'))).toEqual(expected((row) => !row.isFirm && row.status === 'Approved'));
    const withRequests = ids(await list('isfirmexpense=false&isincludeexpenserequest=true&size=100'));
    expect(withRequests).toEqual(expected((row) => !row.isFirm));
    expect(expected((row) => !row.isFirm && row.status === 'Pending').length).toBeGreaterThan(0);
    expect(expected((row) => !row.isFirm && row.status === 'Rejected').length).toBe(0);
  });

  it.each([
    ['Status=Pending', (row: Row) => row.isFirm && row.status === 'Pending'],
    ['IsFirmExpense=false&Status=Pending', (row: Row) => !row.isFirm && row.status === 'Pending'],
    ['IsFirmExpense=false&paymentStatus=Paid', (row: Row) => !row.isFirm && row.status === 'Approved' && row.payment === 'Paid'],
    ['IsFirmExpense=false&BillingStatus=Billed', (row: Row) => !row.isFirm && row.status === 'Approved' && row.billed],
    [
      'IsFirmExpense=false&BillingStatus=Unbilled',
      (row: Row) => !row.isFirm && row.status === 'Approved' && !row.billed && row.billable === 4,
    ],
    ['IsFirmExpense=false&BillingStatus=Not billable', (row: Row) => !row.isFirm && row.status === 'Approved' && row.billable === 2],
    [
      'IsFirmExpense=false&IsIncludeExpenseRequest=true&FromExpenseFlatFeesDateCreated=2024-01-01&ToExpenseFlatFeesDateCreated=2024-02-28',
      (row: Row) => !row.isFirm && row.date >= '2024-01-01' && row.date <= '2024-02-28',
    ],
  ])('filters by %s', async (query, keep) => {
    expect(ids(await list(`page=1&size=100&${query}`))).toEqual(expected(keep));
  });

  it('filters by matter, client and who added them', async () => {
    const matterId = rows.find((row) => row.matterId)!.matterId!;
    expect(ids(await list(`IsFirmExpense=false&IsIncludeExpenseRequest=true&MatterId=${matterId}&size=100`))).toEqual(
      expected((row) => row.matterId === matterId),
    );
    const clientId = rows.find((row) => row.clientId)!.clientId!;
    expect(ids(await list(`IsFirmExpense=false&IsIncludeExpenseRequest=true&ClientId=${clientId}&size=100`))).toEqual(
      expected((row) => row.clientId === clientId),
    );
    const feeEarner = fixture.firm.users.feeEarner.id;
    expect(ids(await list(`IsIncludeExpenseRequest=true&ExpenseAddedUserId=${feeEarner}&size=100`))).toEqual(
      expected((row) => row.isFirm && row.addedBy === feeEarner),
    );
  });

  it('searches the description, the payee and the matter (with its client’s name)', async () => {
    expect(
      (await list('IsFirmExpense=false&GeneralSearchText=ZEBRA')).json().data.data.map((row: { description: string }) => row.description),
    ).toEqual(['Zebra crossing survey']);
    expect(ids(await list('GeneralSearchText=paper%20mart'))).toEqual(expected((row) => row.description === 'Firm stationery'));
    const matter = fixture.references.matters.find((candidate) => candidate.id === fixture.references.openMatter.id)!;
    expect(
      ids(
        await list(`IsFirmExpense=false&IsIncludeExpenseRequest=true&GeneralSearchText=${encodeURIComponent(matter.matterName)}&size=100`),
      ),
    ).toEqual(expected((row) => !row.isFirm && row.matterId === matter.id));
  });

  it('sorts by amount, by client name (SortBy) and by category, and answers the whole filter’s totals when asked', async () => {
    const byAmount = await list('IsFirmExpense=false&sortColumn=homeAmount&sortType=asc&size=100&IncludeTotals=true');
    const amounts = byAmount.json().data.data.map((row: { homeAmount: string }) => Number(row.homeAmount));
    expect(amounts).toEqual([...amounts].sort((left, right) => left - right));
    const approved = rows.filter((row) => !row.isFirm && row.status === 'Approved');
    const cents = (list: Row[]) => list.reduce((sum, row) => sum + BigInt(row.homeAmount.replace('.', '')), 0n);
    const text = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
    expect(byAmount.json().data.totals).toEqual({
      totalAmount: text(cents(approved)),
      unbilledAmount: text(cents(approved.filter((row) => !row.billed && row.billable === 4))),
    });
    const byClient = (await list('IsFirmExpense=false&SortBy=clientName desc&size=100')).json().data.data;
    const names = byClient.map((row: { clientName: string }) => row.clientName);
    expect(names).toEqual([...names].sort((left: string, right: string) => right.localeCompare(left, 'en', { sensitivity: 'base' })));
    expect(ids(await list('sortColumn=clientName&size=100'))).toHaveLength(
      expected((row) => row.isFirm && row.status === 'Approved').length,
    );
    expect((await list('sortColumn=categoryName&sortType=asc&IsFirmExpense=false')).statusCode).toBe(200);
  });

  it('pages, and refuses a bad filter with 400', async () => {
    const all = expected((row) => !row.isFirm && row.status === 'Approved');
    expect(ids(await list('IsFirmExpense=false&page=2&size=1'))).toEqual([all[1]]);
    expect((await list('Status=Paid')).json().message).toBe('Status must be Pending, Approved or Rejected');
    expect((await list('paymentStatus=Owed')).statusCode).toBe(400);
    expect((await list('BillingStatus=Maybe')).statusCode).toBe(400);
    expect((await list('SortBy=password')).json().message).toBe('SortBy is not a column of the list');
    expect((await list('MatterId=not-an-id')).statusCode).toBe(400);
  });

  it('downloads the filter as CSV', async () => {
    const response = await list('IsDownlodCsv=true&IsFirmExpense=false&GeneralSearchText=zebra');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="expenses.csv"');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe(
      'Date,Client,Matter,Category,UTBMS code,Description,Quantity,Currency,Unit cost,Amount,Home amount,Billable,Approval,Payment,Billing,Payee,Reference,Added by',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^\d\d\/\d\d\/\d{4},.*,Court filing fees,E112,Zebra crossing survey,3,NGN,33\.33,99\.99,99\.99,Yes,Approved,Unpaid,Unbilled,/,
      ),
    ]);
  });

  it('lets a fee earner see the list and their own requests', async () => {
    const mine = await list(
      `IsFirmExpense=false&IsIncludeExpenseRequest=true&ExpenseAddedUserId=${fixture.firm.users.feeEarner.id}&size=100`,
      fixture.tokens.feeEarner,
    );
    expect(mine.statusCode).toBe(200);
    expect(ids(mine)).toEqual(expected((row) => !row.isFirm && row.addedBy === fixture.firm.users.feeEarner.id));
  });
});

describe('the dashboard', () => {
  it('shows an approver the requests waiting for them (not their own), and others nothing', async () => {
    const response = await fixture.call('GET', '/api/admin/dashboard/get-pending-expense-requests', fixture.tokens.billing);
    expect(response.statusCode).toBe(200);
    const pending = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`select id from expenses where deleted_at is null and approval_status = 'Pending'
          and added_by_user_id <> ${fixture.firm.users.billing.id}`),
      ),
    );
    expect(response.json().data.count).toBe(pending.length);
    expect(response.json().data.requests.length).toBe(Math.min(pending.length, 5));
    expect((await fixture.call('GET', '/api/admin/dashboard/get-pending-expense-requests', fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});

describe('the demo firm', () => {
  it('starts with client and firm expenses, requests pending and rejected, paid and unpaid, and a receipt', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD, createFileStore(fixture.context.config.files))).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const client = (await list('IsFirmExpense=false&IsIncludeExpenseRequest=true&size=100', token)).json().data.data;
    const firm = (await list('IsIncludeExpenseRequest=true&size=100', token)).json().data.data;
    const statuses = new Set([...client, ...firm].map((row: { approvalStatus: string }) => row.approvalStatus));
    expect(statuses).toEqual(new Set(['Approved', 'Pending', 'Rejected']));
    expect(new Set([...client, ...firm].map((row: { paymentStatus: string }) => row.paymentStatus))).toEqual(new Set(['Paid', 'Unpaid']));
    expect(firm.length).toBeGreaterThan(0);
    const withReceipt = client.find((row: { receiptCount: number }) => row.receiptCount > 0);
    const detail = (await view(withReceipt.id, token)).json().data;
    const download = await fixture.call('GET', `${base}/download-expense-receipt/${withReceipt.id}/${detail.receipts[0].id}`, token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(detail.receipts[0].contentType);
  });
});

describe('the OpenAPI document', () => {
  it('describes every expense call, with a summary', async () => {
    const document = (await fixture.context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = Object.entries(document.paths as Record<string, Record<string, { summary?: string }>>)
      .filter(([path]) => path.startsWith(base) && path.slice(base.length).includes('expense'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path.slice(base.length)}`, operation })),
      );
    expect(calls.map((entry) => entry.call).sort()).toEqual(
      [
        'GET /get-expenses-list',
        'POST /create-expense',
        'GET /get-expense/{id}',
        'PUT /update-expense/{id}',
        'DELETE /delete-expense/{id}',
        'POST /approve-expense/{id}',
        'POST /reject-expense/{id}',
        'POST /mark-expense-paid/{id}',
        'POST /upload-expense-receipt/{id}',
        'GET /download-expense-receipt/{id}/{fileId}',
        'DELETE /delete-expense-receipt/{id}/{fileId}',
        'GET /get-expense-categories',
        'POST /create-expense-category',
        'PUT /update-expense-category/{id}',
        'DELETE /delete-expense-category/{id}',
      ].sort(),
    );
    for (const { call, operation } of calls) expect(operation.summary, call).toBeTruthy();
  });
});

describe('access', () => {
  it('declares SPEC.md §6’s expense permissions on every call', () => {
    const declared = Object.fromEntries(
      fixture.context.app.routeCatalog
        .filter((route) => route.url.startsWith(base) && route.url.slice(base.length).includes('expense'))
        .map((route) => [
          `${route.method} ${route.url.slice(base.length)}`,
          route.access.kind === 'firm' ? route.access.permissions : route.access.kind,
        ]),
    );
    expect(declared).toEqual({
      'GET /get-expenses-list': ['expensePermission'],
      'POST /create-expense': ['expensePermission.create'],
      'GET /get-expense/:id': ['expensePermission'],
      // The service lets an approver (expensePermission.edit) change any expense, a member with .create their own.
      'PUT /update-expense/:id': ['expensePermission'],
      'DELETE /delete-expense/:id': ['expensePermission.delete'],
      'POST /approve-expense/:id': ['expensePermission.edit'],
      'POST /reject-expense/:id': ['expensePermission.edit'],
      'POST /mark-expense-paid/:id': ['expensePermission.edit'],
      'POST /upload-expense-receipt/:id': ['expensePermission'],
      'GET /download-expense-receipt/:id/:fileId': ['expensePermission'],
      'DELETE /delete-expense-receipt/:id/:fileId': ['expensePermission'],
      'GET /get-expense-categories': ['expensePermission'],
      'POST /create-expense-category': ['expensePermission.edit'],
      'PUT /update-expense-category/:id': ['expensePermission.edit'],
      'DELETE /delete-expense-category/:id': ['expensePermission.edit'],
    });
  });

  it('keeps each firm’s expenses, receipts and categories to itself under row-level security', async () => {
    for (const [token, category] of [
      [fixture.tokens.admin, categoryId('Postage')],
      [fixture.tokens.otherAdmin, otherCategoryId],
    ] as const) {
      const id = await idOf(create(firmExpense({ categoryId: category, description: 'Row-level security' }), token));
      expect((await upload(id, 'rls.png', PNG, token)).statusCode).toBe(201);
    }
    const [owner] = await rowsOf<{ firms: number }>(
      fixture.context.database.db.execute(sql`select count(distinct firm_id)::int as firms from expense_receipts`),
    );
    expect(owner!.firms).toBeGreaterThanOrEqual(2);
    for (const table of ['expenses', 'expense_receipts', 'expense_categories']) {
      const [seen] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        rowsOf<{ mine: number; others: number }>(
          tx.execute(
            sql`select count(*)::int as mine, count(*) filter (where firm_id <> ${fixture.firm.firmId})::int as others from ${sql.identifier(table)}`,
          ),
        ),
      );
      expect(seen, table).toMatchObject({ others: 0 });
      expect(seen!.mine, table).toBeGreaterThan(0);
    }
    await expect(
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        tx.execute(sql`update expenses set description = 'Hijacked' where firm_id = ${fixture.otherFirm.firmId} returning id`),
      ),
    ).resolves.toMatchObject({});
    const [untouched] = await rowsOf<{ n: number }>(
      fixture.context.database.db.execute(sql`select count(*)::int as n from expenses where description = 'Hijacked'`),
    );
    expect(untouched!.n).toBe(0);
    await expect(
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) => tx.execute(sql`delete from expenses where id = id`)),
    ).rejects.toThrow();
  });
});
