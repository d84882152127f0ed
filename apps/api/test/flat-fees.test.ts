import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlatFeeBilling, FLAT_FEE_BILLING_MESSAGES } from '../src/modules/flat-fees/flat-fees.api.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { csvLinesOf } from './support/csv-download.ts';

const base = '/api/admin/expense-flat-fees-info';
let fixture: TimeEntryFixture;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const fee = (overrides: Record<string, unknown> = {}) => ({
  clientId: fixture.references.openMatter.clientId,
  matterId: fixture.references.openMatter.id,
  userId: fixture.firm.users.feeEarner.id,
  flatFeeDate: '2025-04-02',
  description: 'Incorporation package',
  amount: '250000.5',
  ...overrides,
});
const create = (body: unknown, token = fixture.tokens.admin, headers: Record<string, string> = {}) =>
  fixture.call('POST', `${base}/create-flat-fee`, token, body, headers);
const list = (query: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/get-flat-fees-list?${query}`, token);

/** The firm's flat fee rows, deleted ones included, and their audit events: what a refused request must leave as it was. */
async function snapshot() {
  return fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
    const [row] = await rowsOf<{ fees: number; events: number }>(
      tx.execute(sql`select (select count(*)::int from flat_fees) as fees,
        (select count(*)::int from audit_events where entity_type = 'flatFee') as events`),
    );
    return row!;
  });
}

describe('POST …/create-flat-fee', () => {
  it('adds a flat fee on a client’s matter, exactly as entered, unbilled, with an audit event', async () => {
    const response = await create(fee());
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      amount: '250000.50',
      status: 'Unbilled',
      isLocked: false,
      flatFeeDate: '2025-04-02',
      description: 'Incorporation package',
      userId: fixture.firm.users.feeEarner.id,
      addedByUserId: fixture.firm.users.admin.id,
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
    });
    expect(data.clientName).not.toBe('');
    const events = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string; details: { after: { amount: string } } }>(
        tx.execute(sql`select action, details from audit_events where entity_id = ${data.id}`),
      ),
    );
    expect(events).toEqual([
      expect.objectContaining({ action: 'flatFee.created', details: { after: expect.objectContaining({ amount: '250000.50' }) } }),
    ]);
  });

  it.each([
    ['no client', { clientId: '' }, 'Client is required'],
    ['no matter', { matterId: undefined }, 'Matter is required'],
    ['no fee earner', { userId: 'not-an-id' }, 'User is required'],
    ['no date', { flatFeeDate: '' }, 'Date is required'],
    ['an impossible date', { flatFeeDate: '2025-02-30' }, 'Date must be a date (YYYY-MM-DD)'],
    ['no description', { description: '  ' }, 'Description is required'],
    ['a zero amount', { amount: '0' }, 'Amount must be greater than 0'],
    ['a negative amount', { amount: '-5' }, 'Amount must be an amount with at most 2 decimals'],
    ['fractions of a cent', { amount: '10.005' }, 'Amount must be an amount with at most 2 decimals'],
    ['a field it does not know', { totalAmount: '1' }, undefined],
  ])('refuses %s with 400 and writes nothing', async (_title, overrides, message) => {
    const before = await snapshot();
    const response = await create(fee(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    if (message) expect(JSON.stringify(response.json())).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers "not found" for another firm’s matter, client or fee earner, and writes nothing', async () => {
    const before = await snapshot();
    const theirs = fixture.otherReferences.openMatter;
    for (const body of [
      fee({ clientId: theirs.clientId, matterId: theirs.id }),
      fee({ userId: fixture.otherFirm.users.feeEarner.id }),
      fee({ activityId: fixture.otherReferences.activityIds[0] }),
    ]) {
      expect((await create(body)).statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a matter of another client, and a closed matter', async () => {
    const other = fixture.references.matters.find((matter) => matter.clientId !== fixture.references.openMatter.clientId)!;
    const wrongClient = await create(fee({ matterId: other.id }));
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json().message).toBe('The matter does not belong to the chosen client');
    const closed = fixture.references.closedMatter;
    const onClosed = await create(fee({ clientId: closed.clientId, matterId: closed.id }));
    expect(onClosed.statusCode).toBe(400);
    expect(onClosed.json().message).toBe('A flat fee cannot be added to a closed matter');
  });

  it('needs flatFeePermission.create: a fee earner who may only see flat fees is refused', async () => {
    const before = await snapshot();
    expect((await create(fee(), fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect((await create(fee(), fixture.tokens.billing)).statusCode).toBe(201);
    expect((await snapshot()).fees).toBe(before.fees + 1);
  });

  it('creates one flat fee for a POST sent twice with the same Idempotency-Key', async () => {
    const before = await snapshot();
    const headers = { 'idempotency-key': 'flat-fee-double-0001' };
    const [first, second] = [await create(fee(), fixture.tokens.admin, headers), await create(fee(), fixture.tokens.admin, headers)];
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await snapshot()).fees).toBe(before.fees + 1);
  });
});

describe('a flat fee after it is added', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create(fee({ description: 'Conveyancing, fixed' }))).json().data.id;
  });

  it('is read, changed (with the change in the trail) and soft-deleted', async () => {
    expect((await fixture.call('GET', `${base}/get-flat-fee/${id}`, fixture.tokens.feeEarner)).json().data.description).toBe(
      'Conveyancing, fixed',
    );
    const updated = await fixture.call(
      'PUT',
      `${base}/update-flat-fee/${id}`,
      fixture.tokens.admin,
      fee({ amount: '300000', note: 'Agreed' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ amount: '300000.00', note: 'Agreed' });
    const deleted = await fixture.call('DELETE', `${base}/delete-flat-fee/${id}`, fixture.tokens.admin);
    expect(deleted.statusCode).toBe(200);
    expect((await fixture.call('GET', `${base}/get-flat-fee/${id}`, fixture.tokens.admin)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-flat-fee/${id}`, fixture.tokens.admin)).statusCode).toBe(404);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ deleted: boolean; actions: string[] }>(
        tx.execute(sql`select deleted_at is not null as deleted,
          (select array_agg(action order by action) from audit_events where entity_id = ${id}) as actions
          from flat_fees where id = ${id}`),
      ),
    );
    expect(row).toEqual({ deleted: true, actions: ['flatFee.created', 'flatFee.deleted', 'flatFee.updated'].sort() });
  });

  it('answers "not found" to another firm for every call on it', async () => {
    const other = (await create(fee({ description: 'Not theirs' }))).json().data.id;
    const token = fixture.tokens.otherAdmin;
    expect((await fixture.call('GET', `${base}/get-flat-fee/${other}`, token)).statusCode).toBe(404);
    expect((await fixture.call('PUT', `${base}/update-flat-fee/${other}`, token, fee())).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-flat-fee/${other}`, token)).statusCode).toBe(404);
  });

  it('cannot change or be deleted once an invoice has taken it', async () => {
    const billed = (await create(fee({ description: 'Billed already' }))).json().data.id;
    await billOnDraftInvoice(billed);
    const change = await fixture.call('PUT', `${base}/update-flat-fee/${billed}`, fixture.tokens.admin, fee({ amount: '1' }));
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe('This flat fee is on an invoice and cannot change');
    const remove = await fixture.call('DELETE', `${base}/delete-flat-fee/${billed}`, fixture.tokens.admin);
    expect(remove.statusCode).toBe(409);
    const view = (await fixture.call('GET', `${base}/get-flat-fee/${billed}`, fixture.tokens.admin)).json().data;
    expect(view).toMatchObject({ status: 'Billed', isLocked: true, description: 'Billed already' });
  });
});

/** Billed as a firm bills it: a draft invoice of the client takes the flat fee (it can only be on an invoice that bills it). */
async function billOnDraftInvoice(flatFeeId: string) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ clientId: string }>(tx.execute(sql`select client_id as "clientId" from flat_fees where id = ${flatFeeId}`)),
  );
  const drafted = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
    clientId: row!.clientId,
    flatFeeIds: [flatFeeId],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
}

describe('GET …/get-flat-fees-list', () => {
  let firmFees: { id: string; amount: string; matterId: string; addedBy: string; date: string; billed: boolean }[];
  beforeAll(async () => {
    const [first, second] = fixture.references.matters.filter((matter) => matter.status === 'Open');
    const added = [
      [first!, '1000', '2024-01-10', fixture.tokens.admin, 'Lease review, fixed'],
      [first!, '2000.25', '2024-02-10', fixture.tokens.billing, 'Probate application'],
      [second!, '3000', '2024-03-10', fixture.tokens.admin, 'Share transfer'],
    ] as const;
    for (const [matter, amount, date, token, description] of added) {
      await create(fee({ clientId: matter.clientId, matterId: matter.id, amount, flatFeeDate: date, description }), token);
    }
    const [probate] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select id from flat_fees where description = 'Probate application'`)),
    );
    await billOnDraftInvoice(probate!.id);
    firmFees = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf(
        tx.execute(sql`select id, amount::text as amount, matter_id as "matterId", added_by_user_id as "addedBy",
          flat_fee_date::text as date, invoice_id is not null as billed
          from flat_fees where deleted_at is null order by flat_fee_date desc, created_at desc, id desc`),
      ),
    );
  });

  const ids = (response: { json(): { data: { data: { id: string }[] } } }) => response.json().data.data.map((row) => row.id);

  it('lists the firm’s live flat fees, newest date first, counted', async () => {
    const response = await list('page=1&size=100');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(firmFees.map((row) => row.id));
    expect(response.json().data.totalCount).toBe(firmFees.length);
    expect(ids(await list('page=1&size=100', fixture.tokens.otherAdmin))).toEqual([]);
  });

  it.each([
    ['status=Billed', (row: (typeof firmFees)[number]) => row.billed],
    ['status=Unbilled', (row: (typeof firmFees)[number]) => !row.billed],
    [
      'FromExpenseFlatFeesDateCreated=2024-02-01&ToExpenseFlatFeesDateCreated=2024-03-31',
      (row: (typeof firmFees)[number]) => row.date >= '2024-02-01' && row.date <= '2024-03-31',
    ],
  ])('filters by %s', async (query, keep) => {
    expect(ids(await list(`page=1&size=100&${query}`))).toEqual(firmFees.filter(keep).map((row) => row.id));
  });

  it('filters by matter, client and who added them', async () => {
    const matterId = firmFees[0]!.matterId;
    expect(ids(await list(`MatterId=${matterId}&size=100`))).toEqual(
      firmFees.filter((row) => row.matterId === matterId).map((row) => row.id),
    );
    const billingId = fixture.firm.users.billing.id;
    expect(ids(await list(`ExpenseAddedUserId=${billingId}&size=100`))).toEqual(
      firmFees.filter((row) => row.addedBy === billingId).map((row) => row.id),
    );
    const clientId = fixture.references.openMatter.clientId;
    const clientMatters = new Set(fixture.references.matters.filter((matter) => matter.clientId === clientId).map((matter) => matter.id));
    expect(ids(await list(`ClientId=${clientId}&size=100`))).toEqual(
      firmFees.filter((row) => clientMatters.has(row.matterId)).map((row) => row.id),
    );
  });

  it('searches the description, and the matter (with its client’s name)', async () => {
    const found = (await list('GeneralSearchText=PROBATE')).json().data.data;
    expect(found.map((row: { description: string }) => row.description)).toEqual(['Probate application']);
    const matter = fixture.references.matters.find((candidate) => candidate.id === fixture.references.openMatter.id)!;
    const byMatter = ids(await list(`GeneralSearchText=${encodeURIComponent(matter.matterName)}&size=100`));
    expect(byMatter).toEqual(firmFees.filter((row) => row.matterId === matter.id).map((row) => row.id));
  });

  it('sorts by amount, and answers the whole filter’s totals when asked', async () => {
    const byAmount = await list('sortColumn=amount&sortType=asc&size=100&IncludeTotals=true');
    const amounts = byAmount.json().data.data.map((row: { amount: string }) => Number(row.amount));
    expect(amounts).toEqual([...amounts].sort((left, right) => left - right));
    const total = firmFees.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
    const unbilled = firmFees.filter((row) => !row.billed).reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
    expect(byAmount.json().data.totals).toEqual({ totalAmount: (total / 100).toFixed(2), unbilledAmount: (unbilled / 100).toFixed(2) });
  });

  it('pages, and refuses a bad filter with 400', async () => {
    const second = await list('page=2&size=1');
    expect(ids(second)).toEqual([firmFees[1]!.id]);
    expect((await list('status=Paid')).statusCode).toBe(400);
    expect((await list('MatterId=not-an-id')).statusCode).toBe(400);
  });

  it('downloads the filter as CSV', async () => {
    const response = await list('IsDownlodCsv=true&status=Billed&GeneralSearchText=probate');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe('Date,Client,Matter,Fee earner,Activity,Description,Currency,Amount,Status,Added by');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^\d\d\/\d\d\/\d{4},.*,Probate application,NGN,2000\.25,Billed,/)]);
  });
});

describe('the invoice lock (flat-fees.api.ts)', () => {
  const billing = createFlatFeeBilling();
  const statusOf = async (id: string) =>
    (await fixture.call('GET', `${base}/get-flat-fee/${id}`, fixture.tokens.admin)).json().data.status as string;
  const inFirm = <T>(work: Parameters<typeof fixture.context.database.withFirm<T>>[1]) =>
    fixture.context.database.withFirm(fixture.firm.firmId, work);

  it('takes the flat fees for an invoice all or none, and releases them', async () => {
    const [first, second, third] = await Promise.all(
      ['Lock one', 'Lock two', 'Lock three'].map(async (description) => (await create(fee({ description }))).json().data.id as string),
    );
    const invoiceId = crypto.randomUUID();
    await inFirm((tx) => billing.lockForInvoice(tx, fixture.firm.firmId, invoiceId, [first!, second!]));
    expect([await statusOf(first!), await statusOf(second!)]).toEqual(['Billed', 'Billed']);
    await expect(
      inFirm((tx) => billing.lockForInvoice(tx, fixture.firm.firmId, crypto.randomUUID(), [second!, third!])),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: FLAT_FEE_BILLING_MESSAGES.notFree,
    });
    expect(await statusOf(third!)).toBe('Unbilled');
    const theirs = (await create(fee({ description: 'Lock theirs' }))).json().data.id as string;
    await expect(
      fixture.context.database.withFirm(fixture.otherFirm.firmId, (tx) =>
        billing.lockForInvoice(tx, fixture.otherFirm.firmId, crypto.randomUUID(), [theirs]),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await inFirm((tx) => billing.releaseFromInvoice(tx, fixture.firm.firmId, invoiceId))).toBe(2);
    expect([await statusOf(first!), await statusOf(second!)]).toEqual(['Unbilled', 'Unbilled']);
  });
});

describe('the demo firm', () => {
  it('starts with fixed fees on its Flat Rate matters, one of them in two stages', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const page = (await list('size=100&IncludeTotals=true', token)).json().data;
    const unbilled = page.data.filter((row: { status: string }) => row.status === 'Unbilled');
    expect(unbilled).toHaveLength(3);
    expect(page.totals.unbilledAmount).toBe('2950000.00');
    // The billed ones are the fees the reminders' demo invoices bill (demo-invoice-reminders.ts), the
    // one on a payment plan (demo-payment-plans.ts) and the two paid net of withholding tax (demo-withholding-tax.ts).
    expect(
      page.data
        .filter((row: { status: string }) => row.status === 'Billed')
        .map((row: { amount: string }) => row.amount)
        .sort(),
    ).toEqual(['1200000.00', '1800000.00', '2500000.00', '450000.00', '850000.00']);
    const matterIds = new Set(unbilled.map((row: { matterId: string }) => row.matterId));
    const rates = await Promise.all(
      [...matterIds].map(
        async (matterId) => (await fixture.call('GET', `/api/admin/matter-master/get-matter-view?matterid=${matterId}`, token)).json().data,
      ),
    );
    expect(rates.map((matter: { matterRate: string }) => matter.matterRate)).toEqual(['Flat Rate', 'Flat Rate']);
  });
});
