import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Issue 36: a payment of an invoice in a foreign currency at another rate than the invoice's posts
 * the realised exchange gain or loss (ADR 0051). The firm's home currency is NGN; its rate for USD is
 * 1500 from 2024, and 1550 from 1 July 2025.
 */
let fixture: TimeEntryFixture;
const matter = () => fixture.references.openMatter;
const admin = () => fixture.tokens.admin;
const call = (method: 'GET' | 'POST', path: string, body?: unknown) => fixture.call(method, path, admin(), body);

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  await fixture.context.database.db.execute(sql`insert into exchange_rates (firm_id, foreign_currency_id, rate, effective_date)
    select ${fixture.firm.firmId}, id, rate::numeric, effective_date::date from currencies,
      (values ('1500', '2024-01-01'), ('1550', '2025-07-01')) as rates (rate, effective_date) where iso_code = 'USD'`);
});
afterAll(() => fixture.context.close());

type Line = { number: string; currency: string; debit: string; credit: string; rate: string | null; homeAmount: string | null };
const linesOfPayment = (invoiceId: string, receiptNumber: string) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<Line>(
      tx.execute(sql`select a.number, l.currency_code as currency, l.debit::text as debit, l.credit::text as credit,
          l.exchange_rate::numeric(20,2)::text as rate, l.home_amount::text as "homeAmount"
        from invoice_payments p join journal_lines l on l.entry_id = p.journal_entry_id join ledger_accounts a on a.id = l.account_id
        where p.invoice_id = ${invoiceId} and p.receipt_number = ${receiptNumber} order by a.number, l.currency_code`),
    ),
  );
const pay = async (invoiceId: string, body: Record<string, unknown>) => {
  const response = await call('POST', `/api/admin/invoice/record-payment/${invoiceId}`, { method: 'Bank transfer', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { payments: { id: string; receiptNumber: string; realisedExchangeDifference: unknown }[] };
};

async function expectBooksSound() {
  const trial = (await call('GET', '/api/admin/accounting/get-trial-balance')).json().data;
  expect(trial.isBalanced).toBe(true);
  for (const currency of trial.currencies) expect(currency.isBalanced, currency.currencyCode).toBe(true);
  expect(trial.tieOutsPass, JSON.stringify(trial.tieOuts)).toBe(true);
}

describe('a payment of a foreign-currency invoice', () => {
  it('at a better rate than the invoice’s realises a gain: 400 USD booked at 1500, paid at 1550, is 20,000 NGN on 4300', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '1000.00', matter: matter(), currencyCode: 'USD' });
    const paid = await pay(invoice.id, { amount: '400.00', paymentDate: '2025-07-02' });
    const payment = paid.payments[0]!;
    expect(payment.realisedExchangeDifference).toEqual({ amount: '20000.00', currencyCode: 'NGN' });
    expect(await linesOfPayment(invoice.id, payment.receiptNumber)).toEqual([
      { number: '1000', currency: 'USD', debit: '400.00', credit: '0.00', rate: '1550.00', homeAmount: '620000.00' },
      { number: '1200', currency: 'USD', debit: '0.00', credit: '400.00', rate: '1500.00', homeAmount: '600000.00' },
      { number: '3950', currency: 'NGN', debit: '20000.00', credit: '0.00', rate: null, homeAmount: null },
      { number: '4300', currency: 'NGN', debit: '0.00', credit: '20000.00', rate: null, homeAmount: null },
    ]);
    await expectBooksSound();

    // The cash basis counts it: it is posted by a payment.
    const profitAndLoss = (
      await call('GET', '/api/admin/accounting/get-profit-and-loss?FromDate=2025-07-01&ToDate=2025-07-31&Basis=cash')
    ).json().data;
    const naira = profitAndLoss.currencies.find((currency: { currencyCode: string }) => currency.currencyCode === 'NGN');
    expect(naira.income.lines).toContainEqual(expect.objectContaining({ number: '4300', amount: '20000.00' }));

    // A reversal mirrors it.
    const reversed = await call('POST', `/api/admin/invoice/reverse-payment/${invoice.id}/${payment.id}`, { reason: 'Bounced' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data.payments[1]).toMatchObject({
      isReversal: true,
      realisedExchangeDifference: { amount: '-20000.00', currencyCode: 'NGN' },
    });
    await expectBooksSound();
  });

  it('at a worse rate given with it realises a loss: 600 USD booked at 1500, received at 1450.25, is 29,850 NGN debited to 4300', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '600.00', matter: matter(), currencyCode: 'USD' });
    const paid = await pay(invoice.id, { amount: '600.00', paymentDate: '2025-07-03', exchangeRate: '1450.25' });
    const payment = paid.payments[0]!;
    expect(payment.realisedExchangeDifference).toEqual({ amount: '-29850.00', currencyCode: 'NGN' });
    const lines = await linesOfPayment(invoice.id, payment.receiptNumber);
    expect(lines.filter((line) => line.currency === 'NGN')).toEqual([
      { number: '3950', currency: 'NGN', debit: '0.00', credit: '29850.00', rate: null, homeAmount: null },
      { number: '4300', currency: 'NGN', debit: '29850.00', credit: '0.00', rate: null, homeAmount: null },
    ]);
    expect(lines.find((line) => line.number === '1000')).toMatchObject({ rate: '1450.25', homeAmount: '870150.00' });
    await expectBooksSound();
  });

  it('at the invoice’s own rate realises nothing', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '50.00', matter: matter(), currencyCode: 'USD' });
    const paid = await pay(invoice.id, { amount: '50.00', paymentDate: '2025-06-15' });
    expect(paid.payments[0]!.realisedExchangeDifference).toBeNull();
    expect((await linesOfPayment(invoice.id, paid.payments[0]!.receiptNumber)).map((line) => line.number)).toEqual(['1000', '1200']);
  });
});

describe('a payment of a home-currency invoice', () => {
  it('posts no exchange difference, and refuses an exchange rate (400) writing nothing', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '70000.00', matter: matter() });
    const count = async () =>
      (
        await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
          rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from invoice_payments where invoice_id = ${invoice.id}`)),
        )
      )[0]!.count;
    const refused = await call('POST', `/api/admin/invoice/record-payment/${invoice.id}`, {
      amount: '100.00',
      paymentDate: '2025-07-02',
      method: 'Cash',
      exchangeRate: '1550',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, errors: { exchangeRate: expect.any(String) } });
    expect(await count()).toBe(0);
    const paid = await pay(invoice.id, { amount: '100.00', paymentDate: '2025-07-02' });
    expect(paid.payments[0]!.realisedExchangeDifference).toBeNull();
    expect((await linesOfPayment(invoice.id, paid.payments[0]!.receiptNumber)).map((line) => [line.number, line.currency])).toEqual([
      ['1000', 'NGN'],
      ['1200', 'NGN'],
    ]);
    await expectBooksSound();
  });
});
