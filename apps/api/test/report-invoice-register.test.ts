import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { invoiceMaker, mattersOf, type MadeInvoice } from './support/report-invoices.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/reports/invoice-register: every invoice with its figures and status, by client and
 * currency, and the invoices themselves a level down. A fresh firm with invoices made through the
 * API; the expected table below is worked out from their own numbers.
 */
let fixture: TimeEntryFixture;
let matters: Awaited<ReturnType<typeof mattersOf>>;
let names: Record<string, string>;
const invoices: Record<string, MadeInvoice> = {};
const get = (url: string) => fixture.call('GET', url, fixture.tokens.admin);
const report = (query: Record<string, string> = {}) => reportOf(get, 'invoice-register', query);

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  matters = await mattersOf(fixture);
  const make = invoiceMaker(fixture);
  const { admin } = fixture.firm.users;
  const { first, other } = matters;
  const fee = (matter: typeof first, amount: string) => ({ kind: 'flatFee' as const, matter, feeEarnerId: admin.id, amount });

  // 1,000.00 + VAT 7.5% = 1,075.00; 500.00 paid, the 75.00 written off: owes 500.00.
  invoices.taxed = await make.invoice({ items: [fee(first, '1000.00')], issueDate: '2025-05-01', taxPercent: '7.5' });
  await make.pay(invoices.taxed.id, '500.00', '2025-05-10');
  await make.writeOff(invoices.taxed.id, '75.00', '2025-05-20');
  // 2 h × 250.00 + a 100.00 expense, 60.00 off: 540.00; the expense credited (100.00 less its 10.00 of the discount): owes 450.00.
  invoices.credited = await make.invoice({
    items: [
      { kind: 'time', matter: first, feeEarnerId: admin.id, hours: '2', rate: '250.00' },
      { kind: 'expense', matter: first, amount: '100.00' },
    ],
    issueDate: '2025-05-15',
    discountAmount: '60.00',
  });
  await make.creditNote(invoices.credited.id, [invoices.credited.expenses[0]!.id], '2025-05-25');
  // Void: listed, never added.
  invoices.voided = await make.invoice({ items: [fee(first, '200.00')], issueDate: '2025-05-20' });
  await make.voidInvoice(invoices.voided.id);
  // A draft: added (choose a status to leave it out), and not in the ledger.
  invoices.draft = await make.invoice({ items: [fee(first, '300.00')], issueDate: '2025-06-10', isDraft: true });
  // Another client, in dollars, paid in full.
  invoices.dollars = await make.invoice({ items: [fee(other, '800.00')], issueDate: '2025-06-01', currencyCode: 'USD' });
  await make.pay(invoices.dollars.id, '800.00', '2025-06-05');

  const rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string; name: string }>(
      tx.execute(sql`select id::text, display_name as name from clients
        union all select id::text, coalesce(matter_number || ' ', '') || matter_name from matters`),
    ),
  );
  names = Object.fromEntries(rows.map((row) => [row.id, row.name]));
});
afterAll(() => fixture.context.close());

const MONEY = ['subtotal', 'discount', 'tax', 'total', 'paid', 'creditedWrittenOff', 'balance'];
const figures = (...amounts: string[]) => Object.fromEntries(MONEY.map((key, index) => [key, amounts[index]]));

describe('the invoice register', () => {
  it('sums every invoice but void ones by client, per currency, and ties out to the lines, the payments and the ledger', async () => {
    const answer = await report();
    const firstClient = names[matters.first.clientId]!;
    const otherClient = names[matters.other.clientId]!;
    // 1,075.00 + 540.00 + 300.00 (the draft): subtotals 1,000 + 600 + 300, credited 90.00 and written off 75.00.
    const ofFirst = {
      client: firstClient,
      currency: 'NGN',
      invoices: 3,
      ...figures('1900.00', '60.00', '75.00', '1915.00', '500.00', '165.00', '1250.00'),
    };
    const ofOther = {
      client: otherClient,
      currency: 'USD',
      invoices: 1,
      ...figures('800.00', '0.00', '0.00', '800.00', '800.00', '0.00', '0.00'),
    };
    expect(rowsAs(answer.rows, ['client', 'currency', 'invoices', ...MONEY])).toEqual(
      firstClient < otherClient ? [ofFirst, ofOther] : [ofOther, ofFirst],
    );
    expect(rowsAs(answer.totals, ['client', 'currency', 'invoices', ...MONEY])).toEqual([
      { ...ofFirst, client: 'Total NGN' },
      { ...ofOther, client: 'Total USD' },
    ]);
    expect(answer.checks.map(({ name, expected, actual, pass }) => ({ name, expected, actual, pass }))).toEqual([
      { name: 'Σ subtotal = Σ the invoices’ lines (invoice lines), NGN', expected: '1900.00', actual: '1900.00', pass: true },
      {
        name: 'Σ paid = Σ payments on the invoices (payments table, reversals negative), NGN',
        expected: '500.00',
        actual: '500.00',
        pass: true,
      },
      // The draft's 300.00 is not owed yet: 500.00 + 450.00.
      {
        name: 'Σ balance of the issued invoices (not drafts, not void) = accounts receivable in the ledger, NGN',
        expected: '950.00',
        actual: '950.00',
        pass: true,
      },
      { name: 'Σ subtotal = Σ the invoices’ lines (invoice lines), USD', expected: '800.00', actual: '800.00', pass: true },
      {
        name: 'Σ paid = Σ payments on the invoices (payments table, reversals negative), USD',
        expected: '800.00',
        actual: '800.00',
        pass: true,
      },
      {
        name: 'Σ balance of the issued invoices (not drafts, not void) = accounts receivable in the ledger, USD',
        expected: '0.00',
        actual: '0.00',
        pass: true,
      },
    ]);
    expect(answer.dateBasis).toContain('Issue date');
    expect(answer.formula).toContain('void');
  });

  it('drills down from a client’s total to its invoices, void and draft ones included', async () => {
    const answer = await report();
    const clientRow = answer.rows.find((row) => row.drill?.ClientId === matters.first.clientId)!;
    expect(clientRow.drill).toEqual({ ClientId: matters.first.clientId, CurrencyCode: 'NGN' });
    const entries = await report({ ...clientRow.drill, Level: 'entries' });
    const matter = names[matters.first.id];
    expect(rowsAs(entries.rows, ['invoiceNumber', 'matters', 'issueDate', ...MONEY, 'status'])).toEqual([
      {
        invoiceNumber: invoices.taxed!.invoiceNumber,
        matters: matter,
        issueDate: '2025-05-01',
        ...figures('1000.00', '0.00', '75.00', '1075.00', '500.00', '75.00', '500.00'),
        status: 'Partly paid',
      },
      {
        invoiceNumber: invoices.credited!.invoiceNumber,
        matters: matter,
        issueDate: '2025-05-15',
        ...figures('600.00', '60.00', '0.00', '540.00', '0.00', '90.00', '450.00'),
        status: 'Approved',
      },
      {
        invoiceNumber: invoices.voided!.invoiceNumber,
        matters: matter,
        issueDate: '2025-05-20',
        ...figures('200.00', '0.00', '0.00', '200.00', '0.00', '0.00', '0.00'),
        status: 'Void',
      },
      {
        invoiceNumber: 'Draft',
        matters: matter,
        issueDate: '2025-06-10',
        ...figures('300.00', '0.00', '0.00', '300.00', '0.00', '0.00', '300.00'),
        status: 'Draft',
      },
    ]);
    expect(entries.page).toEqual({ page: 1, size: 100, totalCount: 4 });
    expect(rowsAs(entries.totals, ['invoiceNumber', ...MONEY])).toEqual([
      { invoiceNumber: 'Total NGN', ...figures('1900.00', '60.00', '75.00', '1915.00', '500.00', '165.00', '1250.00') },
    ]);
  });

  it('filters by issue dates and status, and says what its checks then compare', async () => {
    const may = await report({ From: '2025-05-01', To: '2025-05-31' });
    expect(rowsAs(may.rows, ['currency', 'invoices', 'total', 'balance'])).toEqual([
      { currency: 'NGN', invoices: 2, total: '1615.00', balance: '950.00' },
    ]);
    // Narrowed by dates, the register no longer holds every open invoice: no ledger check.
    expect(may.checks.map((check) => check.name)).toEqual([
      'Σ subtotal = Σ the invoices’ lines (invoice lines), NGN',
      'Σ paid = Σ payments on the invoices (payments table, reversals negative), NGN',
    ]);
    expect(may.criteria).toContain('Issue dates: 01/05/2025 – 31/05/2025');

    const drafts = await report({ Status: 'Draft' });
    expect(rowsAs(drafts.rows, ['invoices', 'total'])).toEqual([{ invoices: 1, total: '300.00' }]);
    expect(drafts.criteria).toContain('Status: Draft');
    const voids = await report({ Status: 'Void', Level: 'entries' });
    expect(rowsAs(voids.rows, ['status', 'balance'])).toEqual([{ status: 'Void', balance: '0.00' }]);
    // Listed, not added.
    expect(rowsAs(voids.totals, ['invoiceNumber', 'total', 'balance'])).toEqual([
      { invoiceNumber: 'Total NGN', total: '0.00', balance: '0.00' },
    ]);

    // A client's whole register ties out to its receivable in the ledger.
    const ofClient = await report({ ClientId: matters.first.clientId });
    expect(ofClient.checks.at(-1)).toMatchObject({
      name: `Σ balance of the issued invoices (not drafts, not void) = accounts receivable in the ledger of ${names[matters.first.clientId]}, NGN`,
      expected: '950.00',
      actual: '950.00',
      pass: true,
    });
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const answer = await report();
    await expectCsvEqualsScreen(get, 'invoice-register', {}, answer);
    await expectPdfOfReport(get, 'invoice-register', {}, answer);
    const entries = await report({ Level: 'entries' });
    await expectCsvEqualsScreen(get, 'invoice-register', { Level: 'entries', Size: '2' }, entries);
  });

  it('fails its lines check when an invoice’s subtotal and its lines disagree', async () => {
    const database = fixture.context.database;
    const [line] = await rowsOf<{ id: string }>(
      database.db.execute(sql`select id from invoice_lines where invoice_id = ${invoices.dollars!.id}`),
    );
    await database.db.execute(sql`update invoice_lines set item_amount = 790.00, amount = 790.00 where id = ${line!.id}`);
    try {
      const answer = await report({ CurrencyCode: 'USD' });
      expect(answer.checks[0]).toMatchObject({ expected: '800.00', actual: '790.00', pass: false });
    } finally {
      await database.db.execute(sql`update invoice_lines set item_amount = 800.00, amount = 800.00 where id = ${line!.id}`);
    }
  });

  it('refuses another firm’s records and bad filters, and people without Reports', async () => {
    expect((await get(`/api/admin/reports/invoice-register?ClientId=${fixture.otherReferences.openMatter.clientId}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/reports/invoice-register?MatterId=${fixture.otherReferences.openMatter.id}`)).statusCode).toBe(404);
    for (const [query, message] of [
      ['From=2025-07-01&To=2025-06-01', 'From must be on or before To'],
      ['Status=Overdue', 'Status must be one of Issued, Draft, AwaitingApproval, Approved, Sent, PartlyPaid, Paid, Void'],
    ] as const) {
      const response = await get(`/api/admin/reports/invoice-register?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await fixture.call('GET', '/api/admin/reports/invoice-register', fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});
