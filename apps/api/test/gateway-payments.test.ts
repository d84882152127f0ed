import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PAYMENT_MESSAGES, subtractMoney } from '@matterhorn/shared';
import { startFakePaystack, startFakeStripe, type Delivery } from './support/fake-gateways.ts';
import { bearer, rowsOf, signInToPortal } from './support/test-app.ts';
import { expectTrustBooksBalanced, trustCalls } from './support/trust-fixture.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Paying online from the portal against local stand-ins for Paystack and Stripe (node:http on
 * 127.0.0.1) that implement the endpoints the API calls and sign their webhooks as the gateways do.
 */
const paystackKey = `sk_test_${randomBytes(12).toString('hex')}`;
const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
const stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;

let fixture: TimeEntryFixture;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let portal: Record<string, string>;
let otherFirmPortal: Record<string, string>;
let matter: { id: string; clientId: string };
let otherClientsMatter: { id: string; clientId: string };

const deliver: Delivery = async (url, payload, headers) => {
  const response = await fixture.context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
};

beforeAll(async () => {
  paystack = await startFakePaystack(paystackKey, deliver);
  stripe = await startFakeStripe(stripeKey, stripeWebhookSecret, deliver);
  fixture = await setUpTimeEntryFixture({
    billingIncrement: '0',
    config: {
      payments: {
        paystack: { secretKey: paystackKey, apiUrl: paystack.url },
        stripe: { secretKey: stripeKey, webhookSecret: stripeWebhookSecret, apiUrl: stripe.url },
      },
    },
  });
  portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
  otherFirmPortal = bearer((await signInToPortal(fixture.context.app, fixture.otherFirm.slug, fixture.otherFirm.portalClient.email)).token);
  const open = fixture.references.matters.filter((row) => row.status === 'Open');
  matter = open.find((row) => row.clientId === fixture.firm.portalClient.clientId)!;
  otherClientsMatter = open.find((row) => row.clientId !== fixture.firm.portalClient.clientId)!;
});
afterAll(async () => {
  await fixture.context.close();
  await paystack.close();
  await stripe.close();
});

const admin = async (method: 'POST', path: string, body: unknown) => {
  const response = await fixture.call(method, path, fixture.tokens.admin, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
};

/** A sent invoice of one flat fee on the matter (the firm's home currency, naira). */
async function sentInvoice(on: { id: string; clientId: string }, amount: string) {
  const fee = await admin('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', {
    clientId: on.clientId,
    matterId: on.id,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2026-10-01',
    description: `Advice, ${amount}`,
    amount,
  });
  const draft = await admin('POST', '/api/admin/invoice/create-invoice', {
    clientId: on.clientId,
    matterIds: [on.id],
    flatFeeIds: [fee.id],
    issueDate: '2026-10-02',
  });
  await admin('POST', `/api/admin/invoice/approve-invoice/${draft.id}`, {});
  await admin('POST', `/api/admin/invoice/send-invoice/${draft.id}`, {});
  return draft.id as string;
}

/** A trust request sent to the portal client, on a trust account in the currency given. */
async function sentTrustRequest(amount: string, currencyCode: string) {
  const account = await trustCalls(fixture).createAccount({ currencyCode });
  const request = await admin('POST', '/api/admin/trust-account/create-trust-request', {
    trustAccountId: account.id,
    clientId: matter.clientId,
    matterId: matter.id,
    amount,
    dueDate: '2026-12-15',
    note: 'Retainer',
  });
  await admin('POST', `/api/admin/trust-account/send-trust-request/${request.id}`, {});
  return { id: request.id as string, trustAccountId: account.id };
}

const start = (body: Record<string, unknown>, headers = portal) =>
  fixture.context.app.inject({ method: 'POST', url: '/api/client-portal/start-payment', payload: body, headers });

async function started(body: Record<string, unknown>) {
  const response = await start(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { checkoutUrl: string; reference: string; gateway: string; amount: string; currencyCode: string };
}

const query = <T>(text: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<T>(tx.execute(text)));

const invoiceState = async (id: string) =>
  (
    await query<{ status: string; balanceDue: string; paidAmount: string }>(
      sql`select status, balance_due::text as "balanceDue", paid_amount::text as "paidAmount" from invoices where id = ${id}`,
    )
  )[0]!;

const attempt = async (reference: string) =>
  (
    await query<{ status: string; fee: string | null; recordedId: string | null }>(
      sql`select status, fee::text as fee, recorded_id as "recordedId" from gateway_payments where reference = ${reference}`,
    )
  )[0]!;

/** The gateway fee's journal entry of a payment: its lines by account, as decimal text. */
const feeEntryLines = (reference: string) =>
  query<{ account: string; debit: string; credit: string; clientId: string }>(
    sql`select a.code as account, l.debit::text as debit, l.credit::text as credit, l.client_id as "clientId"
      from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where e.source_type = 'gateway-fee' and e.source_id = (select id from gateway_payments where reference = ${reference})
      order by a.code`,
  );

/** Everything a recorded payment writes: a refused or repeated event must leave all of it as it was. */
const money = async () =>
  (
    await query<{
      payments: number;
      deposits: number;
      entries: number;
      events: number;
      settled: number;
    }>(sql`select (select count(*)::int from invoice_payments) as payments,
    (select count(*)::int from trust_transactions) as deposits, (select count(*)::int from journal_entries) as entries,
    (select count(*)::int from gateway_events) as events, (select count(*)::int from gateway_payments where status = 'succeeded') as settled`)
  )[0]!;

describe('paying an invoice online through Paystack', () => {
  it('offers the client their unpaid naira invoices; starting records a pending attempt and answers Paystack’s checkout', async () => {
    const invoiceId = await sentInvoice(matter, '25000.00');
    const options = await fixture.context.app.inject({ method: 'GET', url: '/api/client-portal/get-payment-options', headers: portal });
    expect(options.statusCode).toBe(200);
    expect(options.json().data.payable).toContainEqual({
      kind: 'invoice',
      id: invoiceId,
      currencyCode: 'NGN',
      amountDue: '25000.00',
      gateway: 'paystack',
    });

    const before = await money();
    const payment = await started({ kind: 'invoice', id: invoiceId });
    expect(payment).toMatchObject({ gateway: 'paystack', amount: '25000.00', currencyCode: 'NGN' });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/checkout\.paystack\.test\//);
    expect(paystack.transactions.get(payment.reference)).toMatchObject({
      amount: 2_500_000,
      currency: 'NGN',
      email: fixture.firm.portalClient.email,
    });
    // The browser's return from the checkout records nothing: only the webhook does.
    expect(await attempt(payment.reference)).toMatchObject({ status: 'pending', recordedId: null });
    expect(await money()).toEqual(before);
    expect(await invoiceState(invoiceId)).toMatchObject({ status: 'Sent', balanceDue: '25000.00' });
  });

  it('records a full payment once, from the signed webhook, through the invoice’s payment path', async () => {
    const invoiceId = await sentInvoice(matter, '18000.50');
    const { reference } = await started({ kind: 'invoice', id: invoiceId });
    const charge = paystack.pay(reference, { fees: 28_000 });
    const delivered = await paystack.send('charge.success', charge);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await invoiceState(invoiceId)).toEqual({ status: 'Paid', balanceDue: '0.00', paidAmount: '18000.50' });
    expect(await attempt(reference)).toMatchObject({ status: 'succeeded', fee: '280.00' });
    const [payment] = await query<{ method: string; reference: string; amount: string }>(
      sql`select method, reference, amount::text as amount from invoice_payments where invoice_id = ${invoiceId}`,
    );
    expect(payment).toEqual({ method: 'Card', reference: `Paystack ${reference}`, amount: '18000.50' });
    const [audit] = await query<{ details: Record<string, unknown> }>(
      sql`select details from audit_events where action = 'gatewayPayment.recorded' and details->>'reference' = ${reference}`,
    );
    expect(audit!.details).toMatchObject({ gateway: 'paystack', eventType: 'charge.success', fee: '280.00' });
    // The fee is the firm's cost: bank charges, paid from the operating bank that received the payment.
    expect(await feeEntryLines(reference)).toEqual([
      { account: 'bank-charges', debit: '280.00', credit: '0.00', clientId: fixture.firm.portalClient.clientId },
      { account: 'operating-bank', debit: '0.00', credit: '280.00', clientId: fixture.firm.portalClient.clientId },
    ]);

    // Paystack delivers again (it retries until it sees 200): nothing changes.
    const before = await money();
    const again = await paystack.send('charge.success', charge);
    expect(again.statusCode).toBe(200);
    expect(again.json().data?.outcome).toBe('repeated');
    expect(await money()).toEqual(before);
    // A failure arriving after the success never unpays it.
    const late = await paystack.send('charge.failed', { ...charge, status: 'failed', id: charge.id });
    expect(late.statusCode).toBe(200);
    expect(await invoiceState(invoiceId)).toMatchObject({ status: 'Paid', balanceDue: '0.00' });
    expect(await attempt(reference)).toMatchObject({ status: 'succeeded' });
  });

  it('takes part payments, leaving the right balance', async () => {
    const invoiceId = await sentInvoice(matter, '1000.00');
    const first = await started({ kind: 'invoice', id: invoiceId, amount: '400.55' });
    expect(paystack.transactions.get(first.reference)!.amount).toBe(40_055);
    expect((await paystack.send('charge.success', paystack.pay(first.reference))).statusCode).toBe(200);
    expect(await invoiceState(invoiceId)).toEqual({ status: 'PartlyPaid', balanceDue: '599.45', paidAmount: '400.55' });
    // The default is what is still due.
    const rest = await started({ kind: 'invoice', id: invoiceId });
    expect(rest.amount).toBe('599.45');
    expect((await paystack.send('charge.success', paystack.pay(rest.reference))).statusCode).toBe(200);
    expect(await invoiceState(invoiceId)).toEqual({ status: 'Paid', balanceDue: '0.00', paidAmount: '1000.00' });
  });

  it('lets a company client pay net of withholding tax: Paystack charges the net, and the tax settles the rest on 1250', async () => {
    await admin('POST', '/api/withholding-tax/update-settings', { companyRate: '10', governmentRate: '10', individualRate: '5' });
    await admin('POST', `/api/withholding-tax/update-client/${matter.clientId}`, { category: 'company' });
    const invoiceId = await sentInvoice(matter, '50000.00');
    const view = (
      await fixture.context.app.inject({ method: 'GET', url: `/api/client-portal/get-invoice/${invoiceId}`, headers: portal })
    ).json().data;
    expect(view.withholdingTax).toEqual({ rate: '10', feePart: '50000.00', amount: '5000.00', amountToReceive: '45000.00' });
    // More than the net is refused; nothing is started.
    const over = await start({ kind: 'invoice', id: invoiceId, amount: '45000.01', deductWithholdingTax: true });
    expect([over.statusCode, over.json().message]).toEqual([400, PORTAL_PAYMENT_MESSAGES.overNetOfWithholdingTax]);
    const net = await started({ kind: 'invoice', id: invoiceId, deductWithholdingTax: true });
    expect(net.amount).toBe('45000.00');
    expect(paystack.transactions.get(net.reference)!.amount).toBe(4_500_000);
    expect((await paystack.send('charge.success', paystack.pay(net.reference))).statusCode).toBe(200);
    expect(await invoiceState(invoiceId)).toEqual({ status: 'Paid', balanceDue: '0.00', paidAmount: '50000.00' });
    const lines = await query<{ code: string; debit: string; credit: string }>(
      sql`select a.code, l.debit::text as debit, l.credit::text as credit
        from invoice_payments p join journal_lines l on l.firm_id = p.firm_id and l.entry_id = p.journal_entry_id
        join ledger_accounts a on a.id = l.account_id where p.invoice_id = ${invoiceId} order by a.code`,
    );
    expect(lines).toEqual([
      { code: 'accounts-receivable', debit: '0.00', credit: '50000.00' },
      { code: 'operating-bank', debit: '45000.00', credit: '0.00' },
      { code: 'withholding-tax-receivable', debit: '5000.00', credit: '0.00' },
    ]);
    // A paid invoice has nothing left to deduct; a trust request never has any.
    const paid = (
      await fixture.context.app.inject({ method: 'GET', url: `/api/client-portal/get-invoice/${invoiceId}`, headers: portal })
    ).json().data;
    expect(paid.withholdingTax).toBeNull();
    expect(paid.payments).toEqual([expect.objectContaining({ amount: '50000.00', withholdingTaxAmount: '5000.00' })]);
    const request = await sentTrustRequest('1000.00', 'NGN');
    const onTrust = await start({ kind: 'trustRequest', id: request.id, deductWithholdingTax: true });
    expect([onTrust.statusCode, onTrust.json().message]).toEqual([400, PORTAL_PAYMENT_MESSAGES.noWithholdingTax]);
    await admin('POST', '/api/withholding-tax/update-settings', { companyRate: '0', governmentRate: '0', individualRate: '0' });
  });

  it('refuses a forged signature (400) and a charge of another amount than started, changing nothing', async () => {
    const invoiceId = await sentInvoice(matter, '5000.00');
    const { reference } = await started({ kind: 'invoice', id: invoiceId });
    const charge = paystack.pay(reference);
    const before = await money();
    const forged = await paystack.send('charge.success', charge, 'sk_test_not_the_key');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, data: null });
    const unsigned = await deliver('/api/webhooks/paystack', JSON.stringify({ event: 'charge.success', data: charge }), {
      'content-type': 'application/json',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await money()).toEqual(before);
    expect(await attempt(reference)).toMatchObject({ status: 'pending' });

    // Paystack says it charged 50.00 for a 5,000.00 attempt: refused, flagged, nothing paid.
    const other = await sentInvoice(matter, '5000.00');
    const mismatch = await started({ kind: 'invoice', id: other });
    const wrong = paystack.pay(mismatch.reference, { amount: 5_000 });
    const answer = await paystack.send('charge.success', wrong);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data?.outcome).toBe('refused');
    expect(await attempt(mismatch.reference)).toMatchObject({ status: 'refused', recordedId: null });
    expect(await invoiceState(other)).toMatchObject({ status: 'Sent', balanceDue: '5000.00' });
  });

  it('re-checks a success with Paystack: an event the verify call does not confirm records nothing', async () => {
    const invoiceId = await sentInvoice(matter, '700.00');
    const { reference } = await started({ kind: 'invoice', id: invoiceId });
    const before = await money();
    // Signed, but Paystack's own record says the charge did not succeed.
    const claimed = { ...paystack.transactions.get(reference)!, status: 'success' };
    const answer = await paystack.send('charge.success', claimed);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data?.outcome).toBe('unconfirmed');
    expect(await money()).toEqual(before);
    expect(await invoiceState(invoiceId)).toMatchObject({ status: 'Sent' });
  });

  it('refuses more than is due, another client’s or firm’s invoice, and a paid one, starting nothing', async () => {
    const invoiceId = await sentInvoice(matter, '300.00');
    const othersInvoice = await sentInvoice(otherClientsMatter, '300.00');
    const count = async () => (await query<{ n: number }>(sql`select count(*)::int as n from gateway_payments`))[0]!.n;
    const before = await count();
    const over = await start({ kind: 'invoice', id: invoiceId, amount: '300.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(PORTAL_PAYMENT_MESSAGES.overpayment);
    expect((await start({ kind: 'invoice', id: invoiceId, amount: '0' })).statusCode).toBe(400);
    expect((await start({ kind: 'invoice', id: invoiceId, amount: '1.234' })).statusCode).toBe(400);
    expect((await start({ kind: 'invoice', id: othersInvoice })).statusCode).toBe(404);
    expect((await start({ kind: 'invoice', id: invoiceId }, otherFirmPortal)).statusCode).toBe(404);
    expect((await start({ kind: 'trustRequest', id: invoiceId })).statusCode).toBe(404);
    expect((await start({ kind: 'invoice', id: invoiceId })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers 502 when Paystack cannot start the payment, and keeps the attempt as failed', async () => {
    const invoiceId = await sentInvoice(matter, '640.00');
    paystack.outage.isDown = true;
    try {
      const refused = await start({ kind: 'invoice', id: invoiceId });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        success: false,
        message: PORTAL_PAYMENT_MESSAGES.gatewayUnavailable,
        code: 'UPSTREAM_UNAVAILABLE',
        data: null,
      });
    } finally {
      paystack.outage.isDown = false;
    }
    const [row] = await query<{ status: string }>(sql`select status from gateway_payments where invoice_id = ${invoiceId}`);
    expect(row).toEqual({ status: 'failed' });
    expect(await invoiceState(invoiceId)).toMatchObject({ status: 'Sent', balanceDue: '640.00' });
  });

  it('records what an invoice paid in the meantime still owes, and flags the excess for a refund', async () => {
    const invoiceId = await sentInvoice(matter, '800.00');
    const { reference } = await started({ kind: 'invoice', id: invoiceId });
    await admin('POST', `/api/admin/invoice/record-payment/${invoiceId}`, { amount: '500.00', paymentDate: '2026-10-05', method: 'Cash' });
    expect((await paystack.send('charge.success', paystack.pay(reference))).statusCode).toBe(200);
    expect(await invoiceState(invoiceId)).toEqual({ status: 'Paid', balanceDue: '0.00', paidAmount: '800.00' });
    const [flag] = await query<{ details: Record<string, unknown> }>(
      sql`select details from audit_events where action = 'gatewayPayment.excessToRefund' and entity_id = (select id::text from gateway_payments where reference = ${reference})`,
    );
    expect(flag!.details).toMatchObject({ amount: '800.00', applied: '300.00', excess: '500.00' });
  });
});

describe('paying a trust request online', () => {
  it('puts the full amount into trust (Paystack’s fee is the firm’s cost) and settles the request', async () => {
    const request = await sentTrustRequest('50000.00', 'NGN');
    const options = await fixture.context.app.inject({ method: 'GET', url: '/api/client-portal/get-payment-options', headers: portal });
    expect(options.json().data.payable).toContainEqual(
      expect.objectContaining({ kind: 'trustRequest', id: request.id, gateway: 'paystack' }),
    );
    const { reference } = await started({ kind: 'trustRequest', id: request.id });
    expect((await paystack.send('charge.success', paystack.pay(reference, { fees: 75_000 }))).statusCode).toBe(200);
    const [deposit] = await query<{ amount: string; method: string; trustRequestId: string }>(
      sql`select amount::text as amount, method, trust_request_id as "trustRequestId" from trust_transactions where trust_account_id = ${request.trustAccountId}`,
    );
    expect(deposit).toEqual({ amount: '50000.00', method: 'Card', trustRequestId: request.id });
    const [state] = await query<{ status: string; paidAmount: string }>(
      sql`select status, paid_amount::text as "paidAmount" from trust_requests where id = ${request.id}`,
    );
    expect(state).toEqual({ status: 'Paid', paidAmount: '50000.00' });
    expect(await attempt(reference)).toMatchObject({ status: 'succeeded', fee: '750.00' });
    // Trust keeps the full 50,000.00; the fee comes out of operating money.
    expect((await feeEntryLines(reference)).map(({ account, debit, credit }) => ({ account, debit, credit }))).toEqual([
      { account: 'bank-charges', debit: '750.00', credit: '0.00' },
      { account: 'operating-bank', debit: '0.00', credit: '750.00' },
    ]);
    const trust = await fixture.context.app.inject({ method: 'GET', url: '/api/client-portal/get-trust?page=1&size=50', headers: portal });
    expect(trust.json().data.ledgers).toContainEqual(expect.objectContaining({ matterId: matter.id, balance: expect.any(String) }));
    await expectTrustBooksBalanced(fixture.context.database, fixture.firm.firmId);
  });

  it('takes a US-dollar request through Stripe Checkout; late, repeated and forged events never pay twice nor unpay', async () => {
    const request = await sentTrustRequest('1200.00', 'USD');
    const part = await started({ kind: 'trustRequest', id: request.id, amount: '200.25' });
    expect(part).toMatchObject({ gateway: 'stripe', currencyCode: 'USD', amount: '200.25' });
    const session = stripe.sessionOf(part.reference);
    expect(session).toMatchObject({ amount_total: 20_025, currency: 'usd', url: part.checkoutUrl });
    expect(String(session.success_url)).toContain('activeTab=trust');

    const before = await money();
    const forged = await stripe.send('checkout.session.completed', stripe.complete(session), { signedWith: 'whsec_forged' });
    expect(forged.statusCode).toBe(400);
    expect(await money()).toEqual(before);

    // A bank debit: completed but unpaid first (nothing recorded), then the asynchronous success.
    const completed = stripe.complete(session, 'unpaid', { amount: 611, currency: 'usd' });
    expect((await stripe.send('checkout.session.completed', completed)).json().data?.outcome).toBe('ignored');
    expect(await money()).toEqual(before);
    const paid = { ...completed, payment_status: 'paid' };
    const success = await stripe.send('checkout.session.async_payment_succeeded', paid, { eventId: 'evt_success_1' });
    expect(success.json().data?.outcome).toBe('recorded');
    const after = await money();
    expect(await query(sql`select outcome from gateway_events where event_id = 'evt_success_1'`)).toEqual([{ outcome: 'recorded' }]);
    expect(after).toMatchObject({ deposits: before.deposits + 1, settled: before.settled + 1 });
    // Stripe's fee, read from the payment's balance transaction, is booked as the firm's cost.
    expect(await attempt(part.reference)).toMatchObject({ status: 'succeeded', fee: '6.11' });
    expect((await feeEntryLines(part.reference)).map(({ account, debit, credit }) => ({ account, debit, credit }))).toEqual([
      { account: 'bank-charges', debit: '6.11', credit: '0.00' },
      { account: 'operating-bank', debit: '0.00', credit: '6.11' },
    ]);

    expect((await stripe.send('checkout.session.async_payment_succeeded', paid, { eventId: 'evt_success_1' })).json().data?.outcome).toBe(
      'repeated',
    );
    expect((await stripe.send('checkout.session.completed', paid)).json().data?.outcome).toBe('alreadySettled');
    expect((await stripe.send('checkout.session.async_payment_failed', completed)).json().data?.outcome).toBe('ignored');
    expect(await money()).toMatchObject({
      deposits: after.deposits,
      payments: after.payments,
      entries: after.entries,
      settled: after.settled,
    });
    const [state] = await query<{ status: string; paidAmount: string }>(
      sql`select status, paid_amount::text as "paidAmount" from trust_requests where id = ${request.id}`,
    );
    expect(state).toEqual({ status: 'PartlyPaid', paidAmount: '200.25' });

    // An expired checkout marks its attempt failed; a success for it later (out of order) is still recorded, once.
    const second = await started({ kind: 'trustRequest', id: request.id, amount: '999.75' });
    const secondSession = stripe.sessionOf(second.reference);
    expect((await stripe.send('checkout.session.expired', secondSession)).json().data?.outcome).toBe('failed');
    expect(await attempt(second.reference)).toMatchObject({ status: 'failed' });
    // Settled in another currency than the payment's: the fee is left for the firm to book, the payment recorded all the same.
    const settledInPounds = stripe.complete(secondSession, 'paid', { amount: 2_300, currency: 'gbp' });
    expect((await stripe.send('checkout.session.completed', settledInPounds)).json().data?.outcome).toBe('recorded');
    expect(await attempt(second.reference)).toMatchObject({ status: 'succeeded', fee: null });
    expect(await feeEntryLines(second.reference)).toEqual([]);
    const [settled] = await query<{ status: string; paidAmount: string }>(
      sql`select status, paid_amount::text as "paidAmount" from trust_requests where id = ${request.id}`,
    );
    expect(settled).toEqual({ status: 'Paid', paidAmount: '1200.00' });
    await expectTrustBooksBalanced(fixture.context.database, fixture.firm.firmId);
  });
});

describe('the firm’s Online Payments list', () => {
  const list = (query: string, token = fixture.tokens.billing) =>
    fixture.context.app.inject({ method: 'GET', url: `/api/admin/client-portal/get-online-payments${query}`, headers: bearer(token) });

  it('lists every attempt newest first, with its item, gateway, fee and status, and what needs the firm', async () => {
    const attempts = await query<{ id: string; status: string }>(
      sql`select id, status from gateway_payments order by created_at desc, id desc`,
    );
    expect(attempts.length).toBeGreaterThan(5);
    const all = await list(`?size=100`);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json().data;
    expect(page.totalCount).toBe(attempts.length);
    expect(page.data.map((payment: { id: string }) => payment.id)).toEqual(attempts.map((attempt) => attempt.id));

    const settled = page.data.find((payment: { fee: string | null }) => payment.fee === '280.00');
    expect(settled).toMatchObject({
      kind: 'invoice',
      gateway: 'paystack',
      status: 'succeeded',
      amount: '18000.50',
      currencyCode: 'NGN',
      clientId: fixture.firm.portalClient.clientId,
      itemNumber: expect.stringMatching(/\S/),
      excessToRefund: null,
    });
    expect(settled.settledAt).not.toBeNull();
    const stripeRequest = page.data.find((payment: { gateway: string; fee: string | null }) => payment.gateway === 'stripe' && payment.fee);
    expect(stripeRequest).toMatchObject({
      kind: 'trustRequest',
      fee: '6.11',
      currencyCode: 'USD',
      itemNumber: expect.stringMatching(/\S/),
    });

    // What the firm must act on: the refused charge and the excess to refund, nothing else.
    const attention = (await list('?NeedsAttention=true&size=100')).json().data.data as {
      status: string;
      excessToRefund: string | null;
      failureReason: string | null;
    }[];
    expect(attention.length).toBeGreaterThanOrEqual(2);
    expect(attention.every((payment) => payment.status === 'refused' || payment.excessToRefund !== null)).toBe(true);
    expect(attention).toContainEqual(expect.objectContaining({ status: 'succeeded', excessToRefund: '500.00' }));
    expect(attention).toContainEqual(expect.objectContaining({ status: 'refused', failureReason: expect.stringMatching(/\S/) }));

    const refused = (await list('?Status=refused')).json().data;
    expect(refused.totalCount).toBe(attempts.filter((attempt) => attempt.status === 'refused').length);
    const paged = (await list('?size=2&page=2')).json().data;
    expect(paged.data.map((payment: { id: string }) => payment.id)).toEqual(attempts.slice(2, 4).map((attempt) => attempt.id));
  });

  it('needs paymentInfo, shows another firm none of them, and refuses a bad filter in words', async () => {
    expect((await list('', fixture.tokens.feeEarner)).statusCode).toBe(403);
    const other = await list('?size=100', fixture.tokens.otherAdmin);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ data: [], totalCount: 0 });
    const bad = await list('?Status=paid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('Status must be one of pending, succeeded, failed, refused'),
    });
  });
});

describe('money an online payment holds unapplied', () => {
  const resolve = (id: string, body: unknown, token = fixture.tokens.billing, headers: Record<string, string> = {}) =>
    fixture.context.app.inject({
      method: 'POST',
      url: `/api/admin/client-portal/resolve-unapplied-payment/${id}`,
      payload: body as Record<string, unknown>,
      headers: { ...bearer(token), ...headers },
    });
  const paymentOf = async (reference: string) =>
    (
      await query<{ id: string; unappliedAmount: string | null }>(
        sql`select id, unapplied_amount::text as "unappliedAmount" from gateway_payments where reference = ${reference}`,
      )
    )[0]!;
  /** The client's unapplied-cash balance in the ledger (debit − credit: a liability held is negative). */
  const unappliedInLedger = async (clientId: string) =>
    (
      await query<{ balance: string }>(
        sql`select coalesce(sum(l.debit) - sum(l.credit), 0)::numeric(16,2)::text as balance from journal_lines l
          join ledger_accounts a on a.id = l.account_id where a.code = 'unapplied-cash' and l.client_id = ${clientId}`,
      )
    )[0]!.balance;
  const attentionRow = async (id: string) =>
    (
      (
        await fixture.context.app.inject({
          method: 'GET',
          url: '/api/admin/client-portal/get-online-payments?size=100',
          headers: bearer(fixture.tokens.billing),
        })
      ).json().data.data as { id: string; unappliedAmount: string | null; needsAttention: boolean }[]
    ).find((row) => row.id === id)!;

  it('books an excess over what the invoice still owed to the operating bank against unapplied client payments, until refunded once', async () => {
    const before = await unappliedInLedger(matter.clientId);
    const invoiceId = await sentInvoice(matter, '900.00');
    const { reference } = await started({ kind: 'invoice', id: invoiceId });
    await admin('POST', `/api/admin/invoice/record-payment/${invoiceId}`, { amount: '600.00', paymentDate: '2026-10-05', method: 'Cash' });
    expect((await paystack.send('charge.success', paystack.pay(reference))).statusCode).toBe(200);
    const payment = await paymentOf(reference);
    expect(payment.unappliedAmount).toBe('600.00');
    expect(await unappliedInLedger(matter.clientId)).toBe(subtractMoney(before, '600.00'));
    expect(await attentionRow(payment.id)).toMatchObject({ unappliedAmount: '600.00', needsAttention: true });

    // Who may: paymentInfo.edit in this firm; another firm's admin does not find it.
    expect((await resolve(payment.id, { action: 'refund' }, fixture.tokens.feeEarner)).statusCode).toBe(403);
    expect((await resolve(payment.id, { action: 'refund' }, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await resolve(payment.id, { action: 'apply' })).json().message).toBe('Choose the invoice to apply the payment to');
    expect(await paymentOf(reference)).toEqual(payment);

    const key = { 'idempotency-key': `refund-${reference}` };
    const refunded = await resolve(payment.id, { action: 'refund', reference: 'NIP/REFUND/1' }, fixture.tokens.billing, key);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toEqual({ id: payment.id, unappliedAmount: '0.00', currencyCode: 'NGN' });
    const replay = await resolve(payment.id, { action: 'refund', reference: 'NIP/REFUND/1' }, fixture.tokens.billing, key);
    expect(replay.json().data).toEqual(refunded.json().data);
    const again = await resolve(payment.id, { action: 'refund' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment holds no unapplied money');
    expect(await unappliedInLedger(matter.clientId)).toBe(before);
    expect(await attentionRow(payment.id)).toMatchObject({ unappliedAmount: '0.00', needsAttention: false });
    const [trail] = await query<{ actor: string; details: Record<string, unknown> }>(
      sql`select actor_user_id as actor, details from audit_events where action = 'gatewayPayment.unappliedRefunded' and entity_id = ${payment.id}`,
    );
    expect(trail).toMatchObject({ actor: fixture.firm.users.billing.id, details: { amount: '600.00', note: 'NIP/REFUND/1' } });
  });

  it('holds a refused charge the gateway took, and applies it to one of the client’s open invoices in its currency', async () => {
    const before = await unappliedInLedger(matter.clientId);
    const invoiceId = await sentInvoice(matter, '5000.00');
    const { reference } = await started({ kind: 'invoice', id: invoiceId });
    // Paystack charged 50.00 for a 5,000.00 attempt: refused, but the 50.00 was taken and is the client's.
    expect((await paystack.send('charge.success', paystack.pay(reference, { amount: 5_000 }))).json().data?.outcome).toBe('refused');
    const payment = await paymentOf(reference);
    expect(payment.unappliedAmount).toBe('50.00');
    expect(await unappliedInLedger(matter.clientId)).toBe(subtractMoney(before, '50.00'));

    const othersInvoice = await sentInvoice(otherClientsMatter, '100.00');
    const wrongClient = await resolve(payment.id, { action: 'apply', invoiceId: othersInvoice });
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json().message).toBe('The invoice is not this client’s');

    const applied = await resolve(payment.id, { action: 'apply', invoiceId });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.unappliedAmount).toBe('0.00');
    expect(await invoiceState(invoiceId)).toEqual({ status: 'PartlyPaid', balanceDue: '4950.00', paidAmount: '50.00' });
    expect(await unappliedInLedger(matter.clientId)).toBe(before);
    // The receipt's entry: unapplied client payments debited, the receivable credited on the invoice's matter.
    const lines = await query<{ account: string; debit: string; credit: string; matterId: string | null }>(
      sql`select a.code as account, l.debit::text as debit, l.credit::text as credit, l.matter_id as "matterId"
        from invoice_payments p join journal_lines l on l.entry_id = p.journal_entry_id join ledger_accounts a on a.id = l.account_id
        where p.invoice_id = ${invoiceId} order by a.code`,
    );
    expect(lines).toEqual([
      { account: 'accounts-receivable', debit: '0.00', credit: '50.00', matterId: matter.id },
      { account: 'unapplied-cash', debit: '50.00', credit: '0.00', matterId: null },
    ]);
  });
});
