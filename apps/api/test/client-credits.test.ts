import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Issue 36: a client's credit balance (ADR 0051) — an overpayment kept as credit, applied to another
 * of the client's invoices or refunded, and a payment's reversal taking its movement back — with the
 * books tying out (unapplied cash = Σ client credit balances + online payments held unapplied).
 */
let fixture: TimeEntryFixture;
const base = '/api/admin/client-credit';
const admin = () => fixture.tokens.admin;
const call = (method: 'GET' | 'POST', path: string, body?: unknown, token = admin(), headers: Record<string, string> = {}) =>
  fixture.call(method, path, token, body, headers);
/** Two open matters of two different clients of the firm. */
let first: { id: string; clientId: string };
let second: { id: string; clientId: string };

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  const open = fixture.references.matters.filter((matter) => matter.status === 'Open');
  first = open[0]!;
  second = open.find((matter) => matter.clientId !== first.clientId)!;
});
afterAll(() => fixture.context.close());

const creditsOf = async (clientId: string, token = admin()) => {
  const response = await call('GET', `${base}/get-client-credits?ClientId=${clientId}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    balances: { currencyCode: string; balance: string }[];
    movements: { kind: string; amount: string; currencyCode: string; invoiceNumber: string | null; reference: string | null }[];
    payableInvoices: { id: string; invoiceNumber: string; currencyCode: string; balanceDue: string; dueDate: string }[];
  };
};
const invoiceOf = async (id: string) => (await call('GET', `/api/admin/invoice/get-invoice/${id}`)).json().data;
const recordPayment = (invoiceId: string, body: Record<string, unknown>, token = admin()) =>
  call('POST', `/api/admin/invoice/record-payment/${invoiceId}`, { paymentDate: '2025-07-02', method: 'Bank transfer', ...body }, token);

/** Row counts a refused call must leave as they were. */
async function counts() {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<Record<string, number>>(
      tx.execute(sql`select (select count(*)::int from client_credit_movements) as movements,
        (select count(*)::int from invoice_payments) as payments, (select count(*)::int from journal_entries) as entries,
        (select count(*)::int from audit_events) as audits`),
    ),
  );
  return row!;
}
/** The lines of the entries a source posted: account number, debit, credit. */
const linesOf = (where: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ number: string; debit: string; credit: string }>(
      tx.execute(sql`select a.number, l.debit::text as debit, l.credit::text as credit from journal_lines l
        join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.account_id where ${where} order by a.number`),
    ),
  );
async function expectUnappliedTieOutPasses(expected: string) {
  const trial = (await call('GET', '/api/admin/accounting/get-trial-balance')).json().data;
  expect(trial.tieOutsPass, JSON.stringify(trial.tieOuts)).toBe(true);
  expect(trial.tieOuts).toContainEqual(
    expect.objectContaining({
      check: 'Unapplied client payments (2400) = Σ client credit balances + Σ online payments held unapplied',
      currencyCode: 'NGN',
      expected,
      actual: expected,
      passes: true,
    }),
  );
}

describe('an overpayment', () => {
  it('is still refused without keepExcessAsCredit, writing nothing', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '1000.00', matter: first });
    const before = await counts();
    const refused = await recordPayment(invoice.id, { amount: '1200.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The payment is more than the balance due');
    expect(await counts()).toEqual(before);
  });

  it('with keepExcessAsCredit pays the invoice in full and keeps the rest as the client’s credit, in one entry', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '1000.00', matter: first });
    const paid = await recordPayment(invoice.id, { amount: '1200.00', keepExcessAsCredit: true, reference: 'TRF-9' });
    expect(paid.statusCode, paid.body).toBe(200);
    const view = paid.json().data;
    expect(view).toMatchObject({ status: 'Paid', totals: { paidAmount: '1000.00', balanceDue: '0.00' } });
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ amount: '1000.00', reference: 'TRF-9' });
    const receipt = view.payments[0].receiptNumber as string;
    expect(await linesOf(sql`e.source_type = 'invoice-payment' and e.source_id = ${view.payments[0].id}`)).toEqual([
      { number: '1000', debit: '1200.00', credit: '0.00' },
      { number: '1200', debit: '0.00', credit: '1000.00' },
      { number: '2400', debit: '0.00', credit: '200.00' },
    ]);
    const credits = await creditsOf(first.clientId);
    expect(credits.balances).toEqual([{ currencyCode: 'NGN', balance: '200.00' }]);
    expect(credits.movements[0]).toMatchObject({
      kind: 'overpayment',
      amount: '200.00',
      invoiceNumber: invoice.invoiceNumber,
      reference: receipt,
    });
    await expectUnappliedTieOutPasses('200.00');
  });
});

describe('applying a client’s credit', () => {
  it('pays another of the client’s invoices through the payment path (Dr unapplied cash), once per Idempotency-Key', async () => {
    const { balances } = await creditsOf(first.clientId);
    const credit = balances.find((balance) => balance.currencyCode === 'NGN')!.balance;
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '500.00', matter: first });
    const dollars = await issueFlatFeeInvoice(fixture, { amount: '70.00', matter: first, currencyCode: 'USD' });
    // What the credit may pay: the client's open invoices in a currency it has credit in.
    const payable = (await creditsOf(first.clientId)).payableInvoices;
    expect(payable).toContainEqual({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      currencyCode: 'NGN',
      balanceDue: '500.00',
      dueDate: expect.any(String),
    });
    expect(payable.map((open) => open.id)).not.toContain(dollars.id);
    const body = { clientId: first.clientId, currencyCode: 'NGN', invoiceId: invoice.id, amount: '150.00' };
    const headers = { 'idempotency-key': `apply-${invoice.id}` };
    const applied = await call('POST', `${base}/apply-client-credit`, body, admin(), headers);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await call('POST', `${base}/apply-client-credit`, body, admin(), headers)).json()).toEqual(applied.json());
    expect(applied.json().data.balances).toEqual([{ currencyCode: 'NGN', balance: (Number(credit) - 150).toFixed(2) }]);
    expect(applied.json().data.movements[0]).toMatchObject({ kind: 'applied', amount: '-150.00', invoiceNumber: invoice.invoiceNumber });
    const paid = await invoiceOf(invoice.id);
    expect(paid).toMatchObject({ status: 'PartlyPaid', totals: { paidAmount: '150.00', balanceDue: '350.00' } });
    expect(paid.payments).toEqual([expect.objectContaining({ amount: '150.00', method: 'Client credit' })]);
    expect(await linesOf(sql`e.source_type = 'invoice-payment' and e.source_id = ${paid.payments[0].id}`)).toEqual([
      { number: '1200', debit: '0.00', credit: '150.00' },
      { number: '2400', debit: '150.00', credit: '0.00' },
    ]);
  });

  it('is refused for more than the credit or the balance due, another client’s or currency’s invoice, or one not open, writing nothing', async () => {
    const credit = (await creditsOf(first.clientId)).balances[0]!.balance;
    const small = await issueFlatFeeInvoice(fixture, { amount: '10.00', matter: first });
    const large = await issueFlatFeeInvoice(fixture, { amount: '900.00', matter: first });
    const othersInvoice = await issueFlatFeeInvoice(fixture, { amount: '900.00', matter: second });
    const dollars = await issueFlatFeeInvoice(fixture, { amount: '900.00', matter: first, currencyCode: 'USD' });
    const paidUp = await issueFlatFeeInvoice(fixture, { amount: '5.00', matter: first });
    expect((await recordPayment(paidUp.id, { amount: '5.00' })).statusCode).toBe(200);
    const apply = (invoiceId: string, amount: string, overrides: Record<string, unknown> = {}) =>
      call('POST', `${base}/apply-client-credit`, { clientId: first.clientId, currencyCode: 'NGN', invoiceId, amount, ...overrides });
    const before = await counts();
    for (const [response, status, message] of [
      [await apply(large.id, (Number(credit) + 1).toFixed(2)), 400, 'The amount is more than the client’s credit in this currency'],
      [await apply(small.id, '20.00'), 400, 'The amount is more than the invoice’s balance due'],
      [await apply(othersInvoice.id, '1.00'), 400, 'The invoice is not this client’s'],
      [await apply(dollars.id, '1.00'), 400, 'The invoice is in another currency than the credit'],
      [await apply(paidUp.id, '1.00'), 409, 'The invoice is not open for payment (not issued, void, or nothing due)'],
      [await apply(large.id, '0'), 400, 'Amount must be greater than 0'],
    ] as const) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, message });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('refunding a client’s credit', () => {
  it('pays it back from the chosen bank account, else the default (Dr unapplied cash / Cr bank), never more than the credit', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '100.00', matter: second });
    expect((await recordPayment(invoice.id, { amount: '400.00', keepExcessAsCredit: true })).statusCode).toBe(200);
    const before = await counts();
    const refund = (body: Record<string, unknown>) =>
      call('POST', `${base}/refund-client-credit`, { clientId: second.clientId, currencyCode: 'NGN', reference: 'TRF-REFUND', ...body });
    const tooMuch = await refund({ amount: '300.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      message: 'The amount is more than the client’s credit in this currency',
      errors: { amount: expect.any(String) },
    });
    expect((await refund({ amount: '10.00', currencyCode: 'USD' })).statusCode).toBe(400);
    expect((await refund({ amount: '10.00', reference: '' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const refunded = await refund({ amount: '100.00', refundDate: '2025-07-10' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.balances).toEqual([{ currencyCode: 'NGN', balance: '200.00' }]);
    expect(refunded.json().data.movements[0]).toMatchObject({ kind: 'refunded', amount: '-100.00', reference: 'TRF-REFUND' });
    const movementId = refunded.json().data.movements[0].id;
    expect(await linesOf(sql`e.source_type = 'client-credit' and e.source_id = ${movementId} and e.entry_date = '2025-07-10'`)).toEqual([
      { number: '1000', debit: '0.00', credit: '100.00' },
      { number: '2400', debit: '100.00', credit: '0.00' },
    ]);

    const account = await call('POST', '/api/admin/accounting/create-bank-account', {
      name: 'Refunds',
      bankName: 'Zenith Bank',
      currencyCode: 'NGN',
    });
    expect(account.statusCode, account.body).toBe(201);
    const toAccount = await refund({ amount: '200.00', bankAccountId: account.json().data.id });
    expect(toAccount.statusCode, toAccount.body).toBe(200);
    expect(toAccount.json().data.balances).toEqual([]);
    const [line] = await linesOf(
      sql`e.source_type = 'client-credit' and e.source_id = ${toAccount.json().data.movements[0].id} and l.credit > 0`,
    );
    expect(line!.number).toBe(account.json().data.ledgerAccountNumber);
    expect((await refund({ amount: '0.01' })).statusCode).toBe(400);
  });

  it('never overdraws the credit when two refunds of all of it arrive at once', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '100.00', matter: second });
    expect((await recordPayment(invoice.id, { amount: '175.00', keepExcessAsCredit: true })).statusCode).toBe(200);
    const refund = () =>
      call('POST', `${base}/refund-client-credit`, { clientId: second.clientId, currencyCode: 'NGN', amount: '75.00', reference: 'Twice' });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect((await creditsOf(second.clientId)).balances).toEqual([]);
  });
});

describe('reversing a payment', () => {
  it('that kept an excess takes the credit back; refused while that credit is spent', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '100.00', matter: second });
    const paid = (await recordPayment(invoice.id, { amount: '130.00', keepExcessAsCredit: true })).json().data;
    const other = await issueFlatFeeInvoice(fixture, { amount: '100.00', matter: second });
    const applied = await call('POST', `${base}/apply-client-credit`, {
      clientId: second.clientId,
      currencyCode: 'NGN',
      invoiceId: other.id,
      amount: '30.00',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const before = await counts();
    const refused = await call('POST', `/api/admin/invoice/reverse-payment/${invoice.id}/${paid.payments[0].id}`, { reason: 'Bounced' });
    expect(refused.statusCode).toBe(409);
    expect(await counts()).toEqual(before);

    // The payment made with the credit reversed: the credit returns, and the excess can go with its payment.
    const fromCredit = (await invoiceOf(other.id)).payments[0];
    const returned = await call('POST', `/api/admin/invoice/reverse-payment/${other.id}/${fromCredit.id}`, { reason: 'Wrong invoice' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((await creditsOf(second.clientId)).balances).toEqual([{ currencyCode: 'NGN', balance: '30.00' }]);
    const reversed = await call('POST', `/api/admin/invoice/reverse-payment/${invoice.id}/${paid.payments[0].id}`, { reason: 'Bounced' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().data).toMatchObject({ status: 'Approved', totals: { balanceDue: '100.00' } });
    const credits = await creditsOf(second.clientId);
    expect(credits.balances).toEqual([]);
    expect(credits.movements.slice(0, 2).map((movement) => [movement.kind, movement.amount])).toEqual([
      ['overpayment-reversed', '-30.00'],
      ['applied-reversed', '30.00'],
    ]);
    await expectUnappliedTieOutPasses((await creditsOf(first.clientId)).balances[0]!.balance);
  });
});

describe('access', () => {
  it('declares its permissions: paymentInfo to read, paymentInfo.create to apply or refund', () => {
    const declared = Object.fromEntries(
      fixture.context.app.routeCatalog
        .filter((route) => route.url.startsWith(`${base}/`))
        .map((route) => [`${route.method} ${route.url.slice(base.length)}`, route.access.kind === 'firm' ? route.access.permissions : []]),
    );
    expect(declared).toEqual({
      'GET /get-client-credits': ['paymentInfo'],
      'POST /apply-client-credit': ['paymentInfo.create'],
      'POST /refund-client-credit': ['paymentInfo.create'],
    });
  });

  it('refuses a fee earner (403) and answers 404 for another firm’s client or invoice, writing nothing', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '100.00', matter: first });
    const before = await counts();
    const apply = { clientId: first.clientId, currencyCode: 'NGN', invoiceId: invoice.id, amount: '1.00' };
    const refund = { clientId: first.clientId, currencyCode: 'NGN', amount: '1.00', reference: 'x' };
    const feeEarner = fixture.tokens.feeEarner;
    expect((await call('GET', `${base}/get-client-credits?ClientId=${first.clientId}`, undefined, feeEarner)).statusCode).toBe(403);
    expect((await call('POST', `${base}/apply-client-credit`, apply, feeEarner)).statusCode).toBe(403);
    expect((await call('POST', `${base}/refund-client-credit`, refund, feeEarner)).statusCode).toBe(403);
    const other = fixture.tokens.otherAdmin;
    expect((await call('GET', `${base}/get-client-credits?ClientId=${first.clientId}`, undefined, other)).statusCode).toBe(404);
    expect((await call('POST', `${base}/apply-client-credit`, apply, other)).statusCode).toBe(404);
    expect((await call('POST', `${base}/refund-client-credit`, refund, other)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    // The Billing role (paymentInfo, paymentInfo.create) may.
    expect((await creditsOf(first.clientId, fixture.tokens.billing)).balances).not.toEqual([]);
  });
});
