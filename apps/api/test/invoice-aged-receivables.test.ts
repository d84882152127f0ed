import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoney, AGING_BUCKETS, type AgedReceivables } from '@matterhorn/shared';
import { findFirmReferences } from './support/time-entry-fixtures.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/** GET …/get-aged-receivables?AsOf=YYYY-MM-DD: what clients owed on a date, by days past due then. */
const base = '/api/admin/invoice';
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

type Bucket = (typeof AGING_BUCKETS)[number];

/** A firm of its own per test: no other test's invoices in its report. */
async function freshFirm() {
  const firm = await seedTestFirm(context.database);
  const token = await signIn(context.app, firm.users.admin.email);
  const { openMatter } = await findFirmReferences(context.database, firm.firmId);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) =>
    context.app.inject({
      method,
      url: `${base}/${path}`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });

  /** An approved (issued) invoice of one flat fee, tax-free: its total is `amount`. */
  const issued = async (amount: string, issueDate: string, dueDate: string) => {
    const fee = await context.app.inject({
      method: 'POST',
      url: '/api/admin/expense-flat-fees-info/create-flat-fee',
      headers: bearer(token),
      payload: {
        clientId: openMatter.clientId,
        matterId: openMatter.id,
        userId: firm.users.feeEarner.id,
        flatFeeDate: issueDate,
        description: `Stage due ${dueDate}`,
        amount,
      },
    });
    expect(fee.statusCode, fee.body).toBe(201);
    const draft = await call('POST', 'create-invoice', {
      clientId: openMatter.clientId,
      matterIds: [openMatter.id],
      flatFeeIds: [fee.json().data.id],
      issueDate,
      dueDate,
      taxPercent: '0',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const approved = await call('POST', `approve-invoice/${draft.json().data.id}`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.totals.total).toBe(amount);
    return approved.json().data as { id: string };
  };

  const aged = async (query = ''): Promise<AgedReceivables> => {
    const response = await call('GET', `get-aged-receivables${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  /** The receivable in the firm's ledger at the end of a day: what the report must agree with. */
  const ledgerReceivable = async (asOf: string) => {
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ balance: string }>(
        tx.execute(sql`select coalesce(sum(l.debit) - sum(l.credit), 0)::numeric(16,2)::text as balance from journal_lines l
          join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id
          where a.code = 'accounts-receivable' and e.entry_date <= ${asOf}::date`),
      ),
    );
    return row!.balance;
  };

  return { firm, call, issued, aged, ledgerReceivable };
}

/** The totals of a report in one currency: the firm's home currency, naira. */
const nairaTotals = (report: AgedReceivables) => {
  expect(report.totals.map((total) => total.currencyCode)).toEqual(['NGN']);
  const { currencyCode: _code, currencySymbol: _symbol, ...totals } = report.totals[0]!;
  return totals;
};

/** The date `days` before `iso`. */
const daysBefore = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** Which bucket `daysLate` days past due falls in: the report's documented bands. */
const bucketOf = (daysLate: number): Bucket =>
  daysLate <= 0 ? 'current' : daysLate <= 30 ? 'days1To30' : daysLate <= 60 ? 'days31To60' : daysLate <= 90 ? 'days61To90' : 'days90Plus';

const expectedBuckets = (invoices: { amount: string; daysLate: number }[]) =>
  Object.fromEntries(
    AGING_BUCKETS.map((bucket) => [
      bucket,
      addMoney('0', ...invoices.filter((invoice) => bucketOf(invoice.daysLate) === bucket).map((invoice) => invoice.amount)),
    ]),
  );

describe('aged receivables as of a date', () => {
  it('puts invoices 0, 1, 30, 31, 60, 61, 90 and 91 days past due (and one not yet due) in their buckets, and moves each on a day later', async () => {
    const { aged, issued, ledgerReceivable } = await freshFirm();
    const asOf = '2025-06-30';
    const lateness = [-5, 0, 1, 30, 31, 60, 61, 90, 91];
    // Each amount names its lateness, so a wrong bucket shows in the sums.
    const invoices = lateness.map((daysLate, index) => ({
      daysLate,
      amount: `${1000 * (index + 1)}.${String(index + 1).padStart(2, '0')}`,
    }));
    for (const invoice of invoices) await issued(invoice.amount, '2025-01-02', daysBefore(asOf, invoice.daysLate));

    const report = await aged(`?AsOf=${asOf}`);
    expect(report.asOf).toBe(asOf);
    expect(report.clients).toHaveLength(1);
    const total = addMoney('0', ...invoices.map((invoice) => invoice.amount));
    expect(report.clients[0]).toMatchObject({ invoiceCount: invoices.length, ...expectedBuckets(invoices), total });
    expect(report.clients[0]).toMatchObject({ currencyCode: 'NGN', currencySymbol: '₦' });
    expect(nairaTotals(report)).toEqual({ ...expectedBuckets(invoices), total });
    // The literal bands, so the rule above is not merely checked against itself.
    expect(nairaTotals(report)).toMatchObject({
      current: addMoney(invoices[0]!.amount, invoices[1]!.amount),
      days1To30: addMoney(invoices[2]!.amount, invoices[3]!.amount),
      days31To60: addMoney(invoices[4]!.amount, invoices[5]!.amount),
      days61To90: addMoney(invoices[6]!.amount, invoices[7]!.amount),
      days90Plus: invoices[8]!.amount,
    });
    expect(nairaTotals(report).total).toBe(await ledgerReceivable(asOf));

    const dayLater = await aged('?AsOf=2025-07-01');
    expect(nairaTotals(dayLater)).toEqual({
      ...expectedBuckets(invoices.map((invoice) => ({ ...invoice, daysLate: invoice.daysLate + 1 }))),
      total,
    });
    expect(nairaTotals(dayLater)).toMatchObject({
      current: invoices[0]!.amount,
      days1To30: addMoney(invoices[1]!.amount, invoices[2]!.amount),
      days31To60: addMoney(invoices[3]!.amount, invoices[4]!.amount),
      days61To90: addMoney(invoices[5]!.amount, invoices[6]!.amount),
      days90Plus: addMoney(invoices[7]!.amount, invoices[8]!.amount),
    });

    // Before any was issued, nothing was owed.
    expect(await aged('?AsOf=2025-01-01')).toMatchObject({ clients: [], totals: [] });
  });

  it('counts only invoices issued on or before the date, and payments, reversals and write-offs dated on or before it; it agrees with the ledger', async () => {
    const { call, issued, aged, ledgerReceivable } = await freshFirm();
    const asOf = '2025-03-31';
    const partlyPaid = await issued('1000.00', '2025-02-01', '2025-03-01');
    expect(
      (await call('POST', `record-payment/${partlyPaid.id}`, { amount: '300.00', paymentDate: '2025-03-31', method: 'Cash' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `record-payment/${partlyPaid.id}`, { amount: '200.00', paymentDate: '2025-04-01', method: 'Cash' })).statusCode,
    ).toBe(200);
    const paidLater = await issued('400.00', '2025-03-10', '2025-04-10');
    expect(
      (await call('POST', `record-payment/${paidLater.id}`, { amount: '400.00', paymentDate: '2025-04-05', method: 'Cash' })).statusCode,
    ).toBe(200);
    // Paid on time, the payment reversed today (a bounced cheque): owed today, not on the date.
    const reversed = await issued('250.00', '2025-03-01', '2025-03-20');
    const payment = await call('POST', `record-payment/${reversed.id}`, { amount: '250.00', paymentDate: '2025-03-15', method: 'Cheque' });
    const paymentId = payment.json().data.payments[0].id as string;
    expect((await call('POST', `reverse-payment/${reversed.id}/${paymentId}`, { reason: 'Cheque bounced' })).statusCode).toBe(200);
    const writtenOff = await issued('600.00', '2025-01-15', '2025-02-14');
    expect(
      (await call('POST', `write-off/${writtenOff.id}`, { amount: '100.00', reason: 'Goodwill', writeOffDate: '2025-03-31' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `write-off/${writtenOff.id}`, { amount: '50.00', reason: 'More goodwill', writeOffDate: '2025-04-02' }))
        .statusCode,
    ).toBe(200);
    // Voided today: still owed on the date.
    const voided = await issued('80.00', '2025-03-05', '2025-04-04');
    expect((await call('POST', `void-invoice/${voided.id}`, { reason: 'Duplicate' })).statusCode).toBe(200);
    await issued('5000.00', '2025-04-01', '2025-05-01');

    const report = await aged(`?AsOf=${asOf}`);
    expect(report.clients).toHaveLength(1);
    expect(report.clients[0]!.invoiceCount).toBe(4);
    expect(nairaTotals(report)).toEqual({
      // paidLater (due 10/04) 400.00 + voided (due 04/04) 80.00.
      current: '480.00',
      // partlyPaid: 1000 − 300 paid by the date, 30 days late; reversed: 250 paid by the date, nothing owed.
      days1To30: '700.00',
      // writtenOff: 600 − 100 written off by the date, 45 days late.
      days31To60: '500.00',
      days61To90: '0.00',
      days90Plus: '0.00',
      total: '1680.00',
    });
    expect(nairaTotals(report).total).toBe(await ledgerReceivable(asOf));

    const later = await aged('?AsOf=2025-04-30');
    expect(later.clients[0]!.invoiceCount).toBe(4);
    // partlyPaid 1000 − 500, writtenOff 600 − 150, voided 80 (void later), the one issued 01/04; the reversal is dated today.
    expect(nairaTotals(later).total).toBe(await ledgerReceivable('2025-04-30'));
    expect(nairaTotals(later).total).toBe(addMoney('500.00', '450.00', '80.00', '5000.00'));

    // Today: the reversed payment counts again, the void invoice no longer does.
    const today = await aged();
    expect(nairaTotals(today).total).toBe(addMoney('500.00', '250.00', '450.00', '5000.00'));
    expect(nairaTotals(today).total).toBe(await ledgerReceivable(today.asOf));
  });

  it('never adds two currencies: a client owing in naira and in dollars has a row in each, and each currency its own totals, home first', async () => {
    const { firm, issued, aged, call } = await freshFirm();
    await issued('1000.00', '2025-05-01', '2025-05-31');
    // The firm bills in dollars from June: its new invoices are in dollars, the old one stays in naira.
    await context.database.db.execute(
      sql`update firms set home_currency_id = (select id from currencies where iso_code = 'USD') where id = ${firm.firmId}`,
    );
    await issued('250.50', '2025-06-01', '2025-06-30');
    await issued('49.50', '2025-06-02', '2025-07-15');

    const report = await aged('?AsOf=2025-07-10');
    expect(report.clients.map(({ currencyCode, invoiceCount, total }) => ({ currencyCode, invoiceCount, total }))).toEqual([
      { currencyCode: 'NGN', invoiceCount: 1, total: '1000.00' },
      { currencyCode: 'USD', invoiceCount: 2, total: '300.00' },
    ]);
    expect(report.totals).toEqual([
      {
        currencyCode: 'USD',
        currencySymbol: '$',
        current: '49.50',
        days1To30: '250.50',
        days31To60: '0.00',
        days61To90: '0.00',
        days90Plus: '0.00',
        total: '300.00',
      },
      {
        currencyCode: 'NGN',
        currencySymbol: '₦',
        current: '0.00',
        days1To30: '0.00',
        days31To60: '1000.00',
        days61To90: '0.00',
        days90Plus: '0.00',
        total: '1000.00',
      },
    ]);

    // The CSV says the same, a currency on every row: UTF-8's byte-order mark, then CRLF lines.
    const csv = await call('GET', 'get-aged-receivables?AsOf=2025-07-10&IsDownlodCsv=true');
    expect(csv.statusCode).toBe(200);
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Client,Currency,Invoices,Current,1–30 days,31–60 days,61–90 days,90+ days,Total',
      expect.stringMatching(/,NGN,1,0\.00,0\.00,1000\.00,0\.00,0\.00,1000\.00$/),
      expect.stringMatching(/,USD,2,49\.50,250\.50,0\.00,0\.00,0\.00,300\.00$/),
      'Total,USD,,49.50,250.50,0.00,0.00,0.00,300.00',
      'Total,NGN,,0.00,0.00,1000.00,0.00,0.00,1000.00',
      '',
    ]);
  });

  it('defaults to today in the firm’s time zone and refuses a date that is not one', async () => {
    const { firm, aged, call } = await freshFirm();
    await context.database.db.execute(sql`update firms set time_zone = 'Pacific/Kiritimati' where id = ${firm.firmId}`);
    const [expected] = await rowsOf<{ today: string }>(
      context.database.db.execute(sql`select to_char((now() at time zone 'Pacific/Kiritimati')::date, 'YYYY-MM-DD') as today`),
    );
    expect((await aged()).asOf).toBe(expected!.today);
    for (const bad of ['2025-02-30', '31/03/2025', 'today']) {
      const response = await call('GET', `get-aged-receivables?AsOf=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'As of date must be a date (YYYY-MM-DD)' });
    }
    const csv = await call('GET', 'get-aged-receivables?AsOf=2025-03-31&IsDownlodCsv=true');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
  });
});
