import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { invoiceMaker, mattersOf, type MadeInvoice } from './support/report-invoices.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/reports/aged-receivables: what clients owed at the end of a day, by client, matter
 * and days past due, per currency. A fresh firm with invoices, payments, a write-off and a credit
 * note made through the API; the expected table below is worked out from their own numbers.
 */
let fixture: TimeEntryFixture;
let matters: Awaited<ReturnType<typeof mattersOf>>;
let names: Record<string, string>;
const invoices: Record<string, MadeInvoice> = {};
const asOf = '2025-06-30';
const get = (url: string) => fixture.call('GET', url, fixture.tokens.admin);
const report = (query: Record<string, string> = {}) => reportOf(get, 'aged-receivables', { AsOfDate: asOf, ...query });

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  matters = await mattersOf(fixture);
  const make = invoiceMaker(fixture);
  const { admin, feeEarner } = fixture.firm.users;
  const { first, second, other } = matters;
  const fee = (matter: typeof first, amount: string, by = feeEarner.id) => ({ kind: 'flatFee' as const, matter, feeEarnerId: by, amount });

  // 1,000.00 due 31/05: 400.00 paid by the date, 100.00 after it → owes 600.00, 30 days past due.
  invoices.late = await make.invoice({ items: [fee(first, '1000.00')], issueDate: '2025-05-01', dueDate: '2025-05-31' });
  await make.pay(invoices.late.id, '400.00', '2025-06-10');
  await make.pay(invoices.late.id, '100.00', '2025-07-05');
  // 250.00 due 15/07: current.
  invoices.current = await make.invoice({ items: [fee(first, '250.00')], issueDate: '2025-06-15', dueDate: '2025-07-15' });
  // 300.00 + 200.00 on two matters, due 31/03, 50.00 written off by the date → owes 450.00, 91 days past due.
  invoices.several = await make.invoice({
    items: [fee(first, '300.00'), fee(second, '200.00', admin.id)],
    issueDate: '2025-03-01',
    dueDate: '2025-03-31',
  });
  await make.writeOff(invoices.several.id, '50.00', '2025-06-01');
  // Paid in full before the date: owes nothing.
  invoices.paid = await make.invoice({ items: [fee(first, '150.00')], issueDate: '2025-04-01', dueDate: '2025-04-30' });
  await make.pay(invoices.paid.id, '150.00', '2025-05-15');
  // Another client, in dollars: 500.00 + 300.00 due 01/05, the 300.00 line credited on 20/06 → owes 500.00, 60 days past due.
  invoices.dollars = await make.invoice({
    items: [fee(other, '500.00'), fee(other, '300.00')],
    issueDate: '2025-04-01',
    dueDate: '2025-05-01',
    currencyCode: 'USD',
  });
  await make.creditNote(invoices.dollars.id, [invoices.dollars.flatFees[1]!.id], '2025-06-20');
  // Issued after the date: not yet owed.
  invoices.later = await make.invoice({ items: [fee(other, '2000.00')], issueDate: '2025-07-01', dueDate: '2025-07-31' });

  const rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string; name: string }>(
      tx.execute(sql`select id::text, display_name as name from clients
        union all select id::text, coalesce(matter_number || ' ', '') || matter_name from matters`),
    ),
  );
  names = Object.fromEntries(rows.map((row) => [row.id, row.name]));
});
afterAll(() => fixture.context.close());

const SUMMARY_KEYS = [
  'client',
  'matter',
  'currency',
  'invoices',
  'current',
  'days1To30',
  'days31To60',
  'days61To90',
  'days90Plus',
  'total',
];
const row = (client: string, matter: string, currency: string, invoiceCount: number, buckets: Partial<Record<string, string>>) => {
  const amounts = { current: '0.00', days1To30: '0.00', days31To60: '0.00', days61To90: '0.00', days90Plus: '0.00', ...buckets };
  const total = Object.values(amounts).reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
  return { client, matter, currency, invoices: invoiceCount, ...amounts, total: (total / 100).toFixed(2) };
};

describe('the aged-receivables report', () => {
  it('sums what each client and matter owed on the date by days past due, per currency, and ties out to the ledger', async () => {
    const answer = await report();
    const { first, second, other } = matters;
    const firstClient = names[first.clientId]!;
    const otherClient = names[other.clientId]!;
    const expected = [
      row(firstClient, names[first.id]!, 'NGN', 2, { current: '250.00', days1To30: '600.00' }),
      row(firstClient, 'Several matters', 'NGN', 1, { days90Plus: '450.00' }),
      row(otherClient, names[other.id]!, 'USD', 1, { days31To60: '500.00' }),
    ].sort((left, right) => left.client.localeCompare(right.client));
    expect(rowsAs(answer.rows, SUMMARY_KEYS)).toEqual(expected);
    expect(rowsAs(answer.totals, SUMMARY_KEYS)).toEqual([
      { ...row('Total NGN', '', 'NGN', 3, { current: '250.00', days1To30: '600.00', days90Plus: '450.00' }), matter: null },
      { ...row('Total USD', '', 'USD', 1, { days31To60: '500.00' }), matter: null },
    ]);
    expect(answer.checks.map(({ name, expected: figure, actual, pass }) => ({ name, figure, actual, pass }))).toEqual([
      { name: 'Σ rows = accounts receivable in the ledger on 30/06/2025, NGN', figure: '1300.00', actual: '1300.00', pass: true },
      { name: 'Σ rows = accounts receivable in the ledger on 30/06/2025, USD', figure: '500.00', actual: '500.00', pass: true },
    ]);
    expect(answer.criteria).toContain('As of 30/06/2025');
    expect(answer.dateBasis).toContain('Due date');
    expect(answer.formula).toContain('Several matters');
    // The invoice of two matters is the client's: the second matter has no row of its own.
    expect(answer.rows.some((candidate) => candidate.cells.matter === names[second.id])).toBe(false);
  });

  it('drills down from a figure to the invoices behind it', async () => {
    const answer = await report();
    const { first } = matters;
    const firstRow = answer.rows.find((candidate) => candidate.drill?.MatterId === first.id)!;
    expect(firstRow.drill).toEqual({ ClientId: first.clientId, MatterId: first.id, Matters: 'one', CurrencyCode: 'NGN' });
    const overdue = answer.columns.find((column) => column.key === 'days1To30')!;
    const entries = await report({ ...firstRow.drill, ...overdue.drill, Level: 'entries' });
    expect(entries.level).toBe('entries');
    expect(rowsAs(entries.rows, ['invoiceNumber', 'issueDate', 'dueDate', 'daysPastDue', 'total', 'balance'])).toEqual([
      {
        invoiceNumber: invoices.late!.invoiceNumber,
        issueDate: '2025-05-01',
        dueDate: '2025-05-31',
        daysPastDue: 30,
        total: '1000.00',
        balance: '600.00',
      },
    ]);
    expect(entries.page).toEqual({ page: 1, size: 100, totalCount: 1 });

    const severalRow = answer.rows.find((candidate) => candidate.drill?.Matters === 'several')!;
    const several = await report({ ...severalRow.drill, Level: 'entries' });
    expect(rowsAs(several.rows, ['invoiceNumber', 'matter', 'daysPastDue', 'balance'])).toEqual([
      {
        invoiceNumber: invoices.several!.invoiceNumber,
        matter: [names[matters.first.id], names[matters.second.id]].sort().join('; '),
        daysPastDue: 91,
        balance: '450.00',
      },
    ]);

    // Every open invoice, oldest due first, a page at a time, with a total per currency.
    const everything = await report({ Level: 'entries', Size: '2' });
    expect(everything.page).toEqual({ page: 1, size: 2, totalCount: 4 });
    expect(everything.rows.map((entry) => entry.cells.invoiceNumber)).toEqual([
      invoices.several!.invoiceNumber,
      invoices.dollars!.invoiceNumber,
    ]);
    expect(rowsAs(everything.totals, ['invoiceNumber', 'balance'])).toEqual([
      { invoiceNumber: 'Total NGN', balance: '1300.00' },
      { invoiceNumber: 'Total USD', balance: '500.00' },
    ]);
  });

  it('narrows to a client, a matter or a currency, and the ledger check with it', async () => {
    const { first, second, other } = matters;
    const ofClient = await report({ ClientId: other.clientId });
    expect(rowsAs(ofClient.totals, ['currency', 'total'])).toEqual([{ currency: 'USD', total: '500.00' }]);
    expect(ofClient.checks).toEqual([
      expect.objectContaining({ name: expect.stringContaining(`of ${names[other.clientId]}`), expected: '500.00', pass: true }),
    ]);

    // A matter's invoices: its own row, and the invoice covering it with another under "Several matters".
    const ofMatter = await report({ MatterId: first.id });
    expect(rowsAs(ofMatter.rows, ['matter', 'total'])).toEqual([
      { matter: names[first.id], total: '850.00' },
      { matter: 'Several matters', total: '450.00' },
    ]);
    expect(ofMatter.checks).toEqual([expect.objectContaining({ expected: '850.00', actual: '850.00', pass: true })]);
    const ofSecond = await report({ MatterId: second.id });
    expect(rowsAs(ofSecond.rows, ['matter', 'total'])).toEqual([{ matter: 'Several matters', total: '450.00' }]);
    expect(ofSecond.checks.every((check) => check.pass)).toBe(true);

    const dollars = await report({ CurrencyCode: 'USD' });
    expect(dollars.rows).toHaveLength(1);
    expect(dollars.checks.map((check) => check.name)).toEqual(['Σ rows = accounts receivable in the ledger on 30/06/2025, USD']);

    // A day before the first invoice was issued, nothing was owed, and the ledger agrees.
    const before = await report({ AsOfDate: '2025-02-28' });
    expect(before.rows).toEqual([]);
    expect(before.checks).toEqual([]);
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const answer = await report();
    await expectCsvEqualsScreen(get, 'aged-receivables', { AsOfDate: asOf }, answer);
    await expectPdfOfReport(get, 'aged-receivables', { AsOfDate: asOf }, answer);
    const entries = await report({ Level: 'entries' });
    await expectCsvEqualsScreen(get, 'aged-receivables', { AsOfDate: asOf, Level: 'entries', Size: '1' }, entries);
  });

  it('fails its ledger check when the invoices and the books disagree', async () => {
    // A write-off recorded without its journal entry: the invoice owes less than the ledger says.
    const database = fixture.context.database;
    await database.db.execute(sql`insert into invoice_write_offs (firm_id, invoice_id, amount, reason, write_off_date, by_user_id)
      values (${fixture.firm.firmId}, ${invoices.late!.id}, 10.00, 'Not posted', '2025-06-01', ${fixture.firm.users.admin.id})`);
    try {
      const answer = await report();
      expect(answer.checks.find((check) => check.name.endsWith('NGN'))).toMatchObject({
        expected: '1290.00',
        actual: '1300.00',
        pass: false,
      });
      expect(answer.checks.find((check) => check.name.endsWith('USD'))).toMatchObject({ pass: true });
      const text = await expectPdfOfReport(get, 'aged-receivables', { AsOfDate: asOf }, answer);
      expect(text).toContain('Fail');
    } finally {
      await database.db.execute(sql`delete from invoice_write_offs where reason = 'Not posted'`);
    }
  });

  it('refuses another firm’s records and bad filters, and people without Reports', async () => {
    const otherClient = fixture.otherReferences.openMatter.clientId;
    const refused = await get(`/api/admin/reports/aged-receivables?ClientId=${otherClient}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false });
    expect((await get(`/api/admin/reports/aged-receivables?MatterId=${fixture.otherReferences.openMatter.id}`)).statusCode).toBe(404);
    for (const [query, message] of [
      ['AsOfDate=2025-02-30', 'AsOfDate must be a date (YYYY-MM-DD)'],
      ['Bucket=30-60', 'Bucket must be current, 1-30, 31-60, 61-90 or 90+'],
      ['CurrencyCode=usd', 'CurrencyCode must be a 3-letter ISO code'],
    ] as const) {
      const response = await get(`/api/admin/reports/aged-receivables?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await fixture.call('GET', '/api/admin/reports/aged-receivables', fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});
