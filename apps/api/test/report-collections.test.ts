import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { invoiceMaker, mattersOf, type MadeInvoice } from './support/report-invoices.ts';
import { rowsOf } from './support/test-app.ts';
import { findTieOutFailures } from './support/tie-outs.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/reports/collections: payments received in a period by client, matter and fee
 * earner, per currency, each payment allocated to fee earners in proportion to its invoice's fee
 * lines. A fresh firm with invoices and payments made through the API; the expected table below is
 * worked out from their own numbers.
 */
let fixture: TimeEntryFixture;
let matters: Awaited<ReturnType<typeof mattersOf>>;
let names: Record<string, string>;
const invoices: Record<string, MadeInvoice> = {};
const june = { From: '2025-06-01', To: '2025-06-30' };
const get = (url: string) => fixture.call('GET', url, fixture.tokens.admin);
const report = (query: Record<string, string> = {}) => reportOf(get, 'collections', { ...june, ...query });

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  matters = await mattersOf(fixture);
  const make = invoiceMaker(fixture);
  const { admin, feeEarner } = fixture.firm.users;
  const { first, second, other } = matters;

  // Fees 2 h × 300.00 (admin) + 1 h × 200.00 (fee earner), a 100.00 expense, tax 10% of 900.00 = 90.00: total 990.00.
  invoices.mixed = await make.invoice({
    items: [
      { kind: 'time', matter: first, feeEarnerId: admin.id, hours: '2', rate: '300.00' },
      { kind: 'time', matter: first, feeEarnerId: feeEarner.id, hours: '1', rate: '200.00' },
      { kind: 'expense', matter: first, amount: '100.00' },
    ],
    issueDate: '2025-05-20',
    taxPercent: '10',
  });
  // 495.00 = half: admin 300.00, fee earner 100.00, expenses and tax 95.00.
  await make.pay(invoices.mixed.id, '495.00', '2025-06-10');
  // 100.00: 60.6060…, 20.2020…, 19.1919… → 60.60, 20.20, 19.19 and the cent left over to the largest remainder (admin's 0.606).
  await make.pay(invoices.mixed.id, '100.00', '2025-06-20', 'Cash');
  // After the period.
  await make.pay(invoices.mixed.id, '50.00', '2025-07-02');

  // Two matters, 80.00 off: flat fees 500.00 (fee earner) and 300.00 (admin), total 720.00, paid in full:
  // 500 × 720 ÷ 800 = 450.00 and 300 × 720 ÷ 800 = 270.00, nothing unallocated.
  invoices.several = await make.invoice({
    items: [
      { kind: 'flatFee', matter: first, feeEarnerId: feeEarner.id, amount: '500.00' },
      { kind: 'flatFee', matter: second, feeEarnerId: admin.id, amount: '300.00' },
    ],
    issueDate: '2025-06-01',
    discountAmount: '80.00',
  });
  await make.pay(invoices.several.id, '720.00', '2025-06-15');

  // Another client, in dollars: 400.00 received in June, reversed today (a bounced cheque).
  invoices.dollars = await make.invoice({
    items: [{ kind: 'flatFee', matter: other, feeEarnerId: admin.id, amount: '1000.00' }],
    issueDate: '2025-06-01',
    currencyCode: 'USD',
  });
  const bounced = await make.pay(invoices.dollars.id, '400.00', '2025-06-05', 'Cheque');
  await make.reversePayment(invoices.dollars.id, bounced);

  const rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string; name: string }>(
      tx.execute(sql`select id::text, display_name as name from clients
        union all select id::text, coalesce(matter_number || ' ', '') || matter_name from matters
        union all select id::text, name from users`),
    ),
  );
  names = Object.fromEntries(rows.map((row) => [row.id, row.name]));
});
afterAll(() => fixture.context.close());

const KEYS = ['client', 'matter', 'feeEarner', 'currency', 'payments', 'collected'];
const UNALLOCATED = 'Unallocated (expenses and tax)';

describe('the collections report', () => {
  it('allocates each payment in the period to fee earners by the invoice’s fee lines, to the cent, and ties out', async () => {
    const answer = await report();
    const { first, other } = matters;
    const { admin, feeEarner } = fixture.firm.users;
    const [adminName, feeEarnerName] = [names[admin.id]!, names[feeEarner.id]!];
    const byName = (left: { feeEarner: string }, right: { feeEarner: string }) => left.feeEarner.localeCompare(right.feeEarner);
    const firstClient = names[first.clientId]!;
    const ofFirst = [
      ...[
        { client: firstClient, matter: names[first.id], feeEarner: adminName, currency: 'NGN', payments: 2, collected: '360.61' },
        { client: firstClient, matter: names[first.id], feeEarner: feeEarnerName, currency: 'NGN', payments: 2, collected: '120.20' },
      ].sort(byName),
      { client: firstClient, matter: names[first.id], feeEarner: UNALLOCATED, currency: 'NGN', payments: 2, collected: '114.19' },
      ...[
        { client: firstClient, matter: 'Several matters', feeEarner: adminName, currency: 'NGN', payments: 1, collected: '270.00' },
        { client: firstClient, matter: 'Several matters', feeEarner: feeEarnerName, currency: 'NGN', payments: 1, collected: '450.00' },
      ].sort(byName),
    ];
    const ofOther = [
      { client: names[other.clientId], matter: names[other.id], feeEarner: adminName, currency: 'USD', payments: 1, collected: '400.00' },
    ];
    expect(rowsAs(answer.rows, KEYS)).toEqual(firstClient < names[other.clientId]! ? [...ofFirst, ...ofOther] : [...ofOther, ...ofFirst]);
    // 495.00 + 100.00 + 720.00.
    expect(rowsAs(answer.totals, ['client', 'currency', 'collected'])).toEqual([
      { client: 'Total NGN', currency: 'NGN', collected: '1315.00' },
      { client: 'Total USD', currency: 'USD', collected: '400.00' },
    ]);
    expect(answer.checks.map(({ name, expected, actual, pass }) => ({ name, expected, actual, pass }))).toEqual([
      {
        name: 'Σ rows = Σ payments received 01/06/2025 – 30/06/2025 (payments table, reversals negative), NGN',
        expected: '1315.00',
        actual: '1315.00',
        pass: true,
      },
      {
        name: 'Σ rows = accounts receivable credited by payments in the ledger 01/06/2025 – 30/06/2025, NGN',
        expected: '1315.00',
        actual: '1315.00',
        pass: true,
      },
      {
        name: 'Σ rows = Σ payments received 01/06/2025 – 30/06/2025 (payments table, reversals negative), USD',
        expected: '400.00',
        actual: '400.00',
        pass: true,
      },
      {
        name: 'Σ rows = accounts receivable credited by payments in the ledger 01/06/2025 – 30/06/2025, USD',
        expected: '400.00',
        actual: '400.00',
        pass: true,
      },
    ]);
    expect(answer.formula).toContain(UNALLOCATED);
    expect(answer.rounding).toContain('largest remainders');
    expect(answer.dateBasis).toContain('Payment date');
  });

  it('counts a reversal, negative, on the day it was reversed', async () => {
    const answer = await report({ To: '' });
    const dollars = answer.rows.filter((row) => row.cells.currency === 'USD');
    expect(rowsAs(dollars, ['payments', 'collected'])).toEqual([{ payments: 2, collected: '0.00' }]);
    // July's 50.00 on the first invoice counts too: 1,315.00 + 50.00.
    expect(rowsAs(answer.totals, ['currency', 'collected'])).toEqual([
      { currency: 'NGN', collected: '1365.00' },
      { currency: 'USD', collected: '0.00' },
    ]);
    expect(answer.checks.every((check) => check.pass)).toBe(true);
  });

  it('drills down from a fee earner’s figure to the parts of the payments behind it', async () => {
    const answer = await report();
    const { admin } = fixture.firm.users;
    const adminRow = answer.rows.find(
      (row) => row.drill?.FeeEarnerId === admin.id && row.drill.Matters === 'one' && row.cells.currency === 'NGN',
    )!;
    expect(adminRow.drill).toEqual({
      ClientId: matters.first.clientId,
      MatterId: matters.first.id,
      Matters: 'one',
      FeeEarnerId: admin.id,
      CurrencyCode: 'NGN',
    });
    const collected = answer.columns.find((column) => column.key === 'collected')!;
    const entries = await report({ ...adminRow.drill, ...collected.drill, Level: 'entries' });
    const ENTRY_KEYS = ['date', 'invoiceNumber', 'feeEarner', 'method', 'amount', 'part'];
    const number = invoices.mixed!.invoiceNumber;
    expect(rowsAs(entries.rows, ENTRY_KEYS)).toEqual([
      { date: '2025-06-10', invoiceNumber: number, feeEarner: names[admin.id], method: 'Bank transfer', amount: '495.00', part: '300.00' },
      { date: '2025-06-20', invoiceNumber: number, feeEarner: names[admin.id], method: 'Cash', amount: '100.00', part: '60.61' },
    ]);
    expect(rowsAs(entries.totals, ['date', 'part'])).toEqual([{ date: 'Total NGN', part: '360.61' }]);

    const unallocatedRow = answer.rows.find((row) => row.cells.feeEarner === UNALLOCATED)!;
    expect(unallocatedRow.drill).toMatchObject({ Unallocated: 'true' });
    const unallocated = await report({ ...unallocatedRow.drill, Level: 'entries' });
    expect(rowsAs(unallocated.rows, ['amount', 'part'])).toEqual([
      { amount: '495.00', part: '95.00' },
      { amount: '100.00', part: '19.19' },
    ]);

    // Every part of every payment: the parts of each payment add up to it.
    const everything = await report({ Level: 'entries', Size: '500' });
    expect(everything.page).toEqual({ page: 1, size: 500, totalCount: 9 });
    const byReceipt = new Map<string, { amount: string; cents: number }>();
    for (const row of everything.rows) {
      const receipt = String(row.cells.receipt);
      const seen = byReceipt.get(receipt) ?? { amount: String(row.cells.amount), cents: 0 };
      byReceipt.set(receipt, { ...seen, cents: seen.cents + Math.round(Number(row.cells.part) * 100) });
    }
    for (const { amount, cents } of byReceipt.values()) expect((cents / 100).toFixed(2)).toBe(amount);
  });

  it('shows one fee earner’s share, still tying out every payment’s parts', async () => {
    const { feeEarner } = fixture.firm.users;
    const answer = await report({ FeeEarnerId: feeEarner.id });
    expect(rowsAs(answer.rows, ['matter', 'collected'])).toEqual([
      { matter: names[matters.first.id], collected: '120.20' },
      { matter: 'Several matters', collected: '450.00' },
    ]);
    expect(rowsAs(answer.totals, ['currency', 'collected'])).toEqual([{ currency: 'NGN', collected: '570.20' }]);
    expect(answer.checks[0]).toMatchObject({
      name: expect.stringContaining('Σ every fee earner’s and the unallocated parts (before the fee-earner filter)'),
      expected: '1315.00',
      pass: true,
    });
    expect(answer.criteria).toContain(`Fee earner: ${names[feeEarner.id]}`);

    // A matter: its own payments, and those of the invoice covering it with another; the ledger check takes the matter's alone.
    const ofSecond = await report({ MatterId: matters.second.id });
    expect(rowsAs(ofSecond.rows, ['matter', 'collected'])).toEqual([
      { matter: 'Several matters', collected: '270.00' },
      { matter: 'Several matters', collected: '450.00' },
    ]);
    expect(ofSecond.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
      ['720.00', '720.00', true],
      ['0.00', '0.00', true],
    ]);
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const answer = await report();
    await expectCsvEqualsScreen(get, 'collections', june, answer);
    await expectPdfOfReport(get, 'collections', june, answer);
    const entries = await report({ Level: 'entries' });
    await expectCsvEqualsScreen(get, 'collections', { ...june, Level: 'entries', Size: '4' }, entries);
  });

  it('fails its ledger check when a payment was recorded without its journal entry', async () => {
    const database = fixture.context.database;
    await database.db
      .execute(sql`insert into invoice_payments (firm_id, invoice_id, receipt_number, amount, payment_date, method, recorded_by_user_id)
      values (${fixture.firm.firmId}, ${invoices.mixed!.id}, 'RCT-UNPOSTED', 9.90, '2025-06-25', 'Cash', ${fixture.firm.users.admin.id})`);
    try {
      const answer = await report({ CurrencyCode: 'NGN' });
      expect(answer.checks.map(({ expected, actual, pass }) => ({ expected, actual, pass }))).toEqual([
        { expected: '1324.90', actual: '1324.90', pass: true },
        { expected: '1324.90', actual: '1315.00', pass: false },
      ]);
    } finally {
      await database.db.execute(sql`delete from invoice_payments where receipt_number = 'RCT-UNPOSTED'`);
    }
  });

  it('keeps each payment’s parts as written: the app cannot change them, and the tie-outs find one changed', async () => {
    const database = fixture.context.database;
    const { firmId } = fixture.firm;
    for (const statement of [
      sql`update invoice_payment_parts set part = part + 1 where firm_id = ${firmId}`,
      sql`delete from invoice_payment_parts where firm_id = ${firmId}`,
    ]) {
      const refusal = await database
        .withFirm(firmId, (tx) => tx.execute(statement))
        .then(
          () => 'done',
          (error: { cause?: { message?: string } }) => String(error.cause?.message),
        );
      expect(refusal).toMatch(/permission denied/);
    }
    expect(await findTieOutFailures(database, [firmId])).toEqual([]);
    const [changed] = await rowsOf<{ paymentId: string; feeEarnerId: string | null }>(
      database.db.execute(sql`update invoice_payment_parts set part = part + 0.01
        where payment_id = (select id from invoice_payments where firm_id = ${firmId} and reverses_payment_id is null order by created_at limit 1)
          and fee_earner_id is null
        returning payment_id as "paymentId", fee_earner_id as "feeEarnerId"`),
    );
    try {
      expect((await findTieOutFailures(database, [firmId])).map((failure) => failure.check)).toEqual([
        'collections: each payment’s parts by fee earner add up to it and carry its date, invoice and client; a reversal’s are its payment’s, negated',
      ]);
    } finally {
      await database.db.execute(sql`update invoice_payment_parts set part = part - 0.01
        where payment_id = ${changed!.paymentId} and fee_earner_id is null`);
    }
  });

  it('refuses another firm’s records and bad filters, and people without Reports', async () => {
    const otherClient = fixture.otherReferences.openMatter.clientId;
    expect((await get(`/api/admin/reports/collections?ClientId=${otherClient}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/reports/collections?FeeEarnerId=${fixture.otherFirm.users.admin.id}`)).statusCode).toBe(404);
    for (const [query, message] of [
      ['From=2025-07-01&To=2025-06-01', 'From must be on or before To'],
      [`Unallocated=true&FeeEarnerId=${fixture.firm.users.admin.id}`, 'Choose a fee earner or the unallocated share, not both'],
      ['Matters=all', 'Matters must be one or several'],
    ] as const) {
      const response = await get(`/api/admin/reports/collections?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await fixture.call('GET', '/api/admin/reports/collections', fixture.tokens.feeEarner)).statusCode).toBe(403);
  });
});
