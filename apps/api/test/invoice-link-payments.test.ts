import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equalMonthlyInstalments, INVOICE_LINK_PAYMENT_MESSAGES, PORTAL_PAYMENT_MESSAGES } from '@matterhorn/shared';
import { startFakePaystack, type Delivery } from './support/fake-gateways.ts';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Paying an invoice online from its public link, without signing in, against the local stand-in for
 * Paystack: the attempt is started from the link, and the gateway's signed webhook records it.
 */
const paystackKey = `sk_test_${randomBytes(12).toString('hex')}`;

let fixture: TimeEntryFixture;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;

const deliver: Delivery = async (url, payload, headers) => {
  const response = await fixture.context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
};

beforeAll(async () => {
  paystack = await startFakePaystack(paystackKey, deliver);
  // Paystack only: naira invoices can be paid online, other currencies cannot.
  fixture = await setUpTimeEntryFixture({
    billingIncrement: '0',
    config: { payments: { paystack: { secretKey: paystackKey, apiUrl: paystack.url }, stripe: null } },
  });
});
afterAll(async () => {
  await fixture.context.close();
  await paystack.close();
});

/** The live public link of an invoice: its slug (what the client's email points to). */
async function linkOf(invoiceId: string, token = fixture.tokens.admin) {
  const link = await fixture.call('POST', `/api/admin/invoice/reissue-invoice-link/${invoiceId}`, token, {});
  expect(link.statusCode, link.body).toBe(200);
  return link.json().data.slug as string;
}

/** An issued invoice of the firm and its public link. */
async function linkedInvoice(amount: string, options: { currencyCode?: string } = {}) {
  const matter = fixture.references.openMatter;
  const invoice = await issueFlatFeeInvoice(fixture, { amount, matter, currencyCode: options.currencyCode });
  return { ...invoice, slug: await linkOf(invoice.id) };
}

/** An issued invoice of the other firm (its own fee earner and matter) and its public link. */
async function othersLinkedInvoice(amount: string) {
  const token = fixture.tokens.otherAdmin;
  const matter = fixture.otherReferences.openMatter;
  const created = async (path: string, body: unknown) => {
    const answer = await fixture.call('POST', path, token, body);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json().data as { id: string };
  };
  const fee = await created('/api/admin/expense-flat-fees-info/create-flat-fee', {
    clientId: matter.clientId,
    matterId: matter.id,
    userId: fixture.otherFirm.users.feeEarner.id,
    flatFeeDate: '2025-06-01',
    description: 'Advice',
    amount,
  });
  const draft = await created('/api/admin/invoice/create-invoice', {
    clientId: matter.clientId,
    matterIds: [matter.id],
    flatFeeIds: [fee.id],
    issueDate: '2025-06-01',
  });
  await created(`/api/admin/invoice/approve-invoice/${draft.id}`, {});
  return { id: draft.id, slug: await linkOf(draft.id, token) };
}

const option = (slug: string) => fixture.context.app.inject({ method: 'GET', url: `/api/public/invoice/${slug}/get-payment-option` });
const start = (slug: string, payload: Record<string, unknown> = {}) =>
  fixture.context.app.inject({ method: 'POST', url: `/api/public/invoice/${slug}/start-payment`, payload });
const publicView = (slug: string) => fixture.context.app.inject({ method: 'GET', url: `/api/public/invoice/${slug}` });

const query = <T>(firmId: string, text: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(text)));
const attemptCount = async (firmId: string) =>
  (await query<{ n: number }>(firmId, sql`select count(*)::int as n from gateway_payments`))[0]!.n;
const invoiceState = async (id: string) =>
  (
    await query<{ status: string; balanceDue: string; paidAmount: string }>(
      fixture.firm.firmId,
      sql`select status, balance_due::text as "balanceDue", paid_amount::text as "paidAmount" from invoices where id = ${id}`,
    )
  )[0]!;

describe('paying an invoice from its public link', () => {
  it('pays the next instalment of its plan from the link: the webhook records it and the invoice is paid in part', async () => {
    const invoice = await linkedInvoice('90000.00');
    const plans = '/api/admin/payment-plans';
    const today = (await fixture.call('GET', `${plans}/get-invoice-plans/${invoice.id}`, fixture.tokens.admin)).json().data.today;
    const plan = await fixture.call('POST', `${plans}/create-plan/${invoice.id}`, fixture.tokens.admin, {
      instalments: equalMonthlyInstalments('90000.00', 3, today),
    });
    expect(plan.statusCode, plan.body).toBe(200);

    // The page shows the plan's next instalment and offers to pay online through Paystack.
    const page = (await publicView(invoice.slug)).json().data;
    expect(page.paymentPlan.nextInstalment).toMatchObject({ number: 1, remainingAmount: '30000.00' });
    const offered = await option(invoice.slug);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toEqual({ currencyCode: 'NGN', amountDue: '90000.00', gateway: 'paystack' });

    const started = await start(invoice.slug, { amount: page.paymentPlan.nextInstalment.remainingAmount });
    expect(started.statusCode, started.body).toBe(200);
    const payment = started.json().data as { checkoutUrl: string; reference: string; amount: string };
    expect(started.json()).toMatchObject({ success: true, message: 'Payment started' });
    expect(payment).toMatchObject({ gateway: 'paystack', amount: '30000.00', currencyCode: 'NGN' });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/checkout\.paystack\.test\//);
    // Paystack is given the client's billing email for its receipt (it starts no payment without one).
    const [client] = await query<{ email: string }>(fixture.firm.firmId, sql`select email from clients where id = ${invoice.clientId}`);
    expect(paystack.transactions.get(payment.reference)).toMatchObject({ amount: 3_000_000, currency: 'NGN', email: client!.email });
    const [attempt] = await query<{ status: string; portalAccountId: string | null; invoiceId: string }>(
      fixture.firm.firmId,
      sql`select status, portal_account_id as "portalAccountId", invoice_id as "invoiceId" from gateway_payments
        where reference = ${payment.reference}`,
    );
    expect(attempt).toEqual({ status: 'pending', portalAccountId: null, invoiceId: invoice.id });
    expect(await invoiceState(invoice.id)).toMatchObject({ balanceDue: '90000.00' });

    // The gateway's signed webhook records it, through the same path as the portal's payments.
    const delivered = await paystack.send('charge.success', paystack.pay(payment.reference, { fees: 45_000 }));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data?.outcome).toBe('recorded');
    expect(await invoiceState(invoice.id)).toEqual({ status: 'PartlyPaid', balanceDue: '60000.00', paidAmount: '30000.00' });
    const after = (await publicView(invoice.slug)).json().data;
    expect(after.paymentPlan.nextInstalment).toMatchObject({ number: 2, remainingAmount: '30000.00' });
    expect((await option(invoice.slug)).json().data).toMatchObject({ amountDue: '60000.00' });

    // Billing → Online Payments lists it: paid by the client (no portal account started it), with its fee.
    const list = await fixture.call('GET', '/api/admin/client-portal/get-online-payments?size=100', fixture.tokens.admin);
    expect(list.statusCode, list.body).toBe(200);
    const [clientRow] = await query<{ name: string }>(
      fixture.firm.firmId,
      sql`select display_name as name from clients where id = ${invoice.clientId}`,
    );
    expect(list.json().data.data.find((row: { reference: string }) => row.reference === payment.reference)).toMatchObject({
      paidBy: clientRow!.name,
      clientName: clientRow!.name,
      kind: 'invoice',
      itemId: invoice.id,
      status: 'succeeded',
      amount: '30000.00',
      fee: '450.00',
    });
  });

  it('pays all that is due when the amount is left blank', async () => {
    const invoice = await linkedInvoice('1250.50');
    const started = await start(invoice.slug, { amount: '' });
    expect(started.statusCode, started.body).toBe(200);
    const { reference, amount } = started.json().data as { reference: string; amount: string };
    expect(amount).toBe('1250.50');
    await paystack.send('charge.success', paystack.pay(reference));
    expect(await invoiceState(invoice.id)).toEqual({ status: 'Paid', balanceDue: '0.00', paidAmount: '1250.50' });
    // Nothing is left to pay: no offer, and starting is refused.
    expect((await option(invoice.slug)).json().data).toBeNull();
    const refused = await start(invoice.slug);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, message: PORTAL_PAYMENT_MESSAGES.nothingDue, data: null });
  });

  it('refuses more than is due (400), a revoked or unknown link (404) and another firm’s revoked link (404), starting nothing', async () => {
    const invoice = await linkedInvoice('500.00');
    const before = await attemptCount(fixture.firm.firmId);
    const over = await start(invoice.slug, { amount: '500.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ success: false, message: PORTAL_PAYMENT_MESSAGES.overpayment, data: null });
    expect((await start(invoice.slug, { amount: 'abc' })).statusCode).toBe(400);
    expect((await start(invoice.slug, { amount: '0' })).statusCode).toBe(400);
    expect((await start(invoice.slug, { amount: '10', invoiceId: invoice.id })).statusCode).toBe(400);

    for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-slug']) {
      const refused = await start(unknown, { amount: '10' });
      expect(refused.statusCode, unknown).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, data: null });
      expect((await option(unknown)).statusCode).toBe(404);
    }

    const revoked = await fixture.call('POST', `/api/admin/invoice/revoke-invoice-link/${invoice.id}`, fixture.tokens.admin, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await start(invoice.slug, { amount: '10' })).statusCode).toBe(404);
    expect((await option(invoice.slug)).statusCode).toBe(404);

    // Another firm's link pays only that firm's invoice; once that firm revokes it, it pays nothing anywhere.
    const others = await othersLinkedInvoice('700.00');
    const othersBefore = await attemptCount(fixture.otherFirm.firmId);
    await fixture.call('POST', `/api/admin/invoice/revoke-invoice-link/${others.id}`, fixture.tokens.otherAdmin, {});
    expect((await start(others.slug, { amount: '10' })).statusCode).toBe(404);
    expect((await option(others.slug)).statusCode).toBe(404);
    expect(await attemptCount(fixture.otherFirm.firmId)).toBe(othersBefore);
    expect(await attemptCount(fixture.firm.firmId)).toBe(before);
  });

  it('refuses a currency no configured gateway takes (409), and a naira invoice whose client has no email for Paystack’s receipt', async () => {
    const dollars = await linkedInvoice('300.00', { currencyCode: 'USD' });
    expect((await option(dollars.slug)).json().data).toBeNull();
    const refused = await start(dollars.slug, { amount: '100' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PORTAL_PAYMENT_MESSAGES.noGateway);

    const naira = await linkedInvoice('400.00');
    const [client] = await query<{ email: string | null }>(
      fixture.firm.firmId,
      sql`select email from clients where id = ${naira.clientId}`,
    );
    await fixture.context.database.db.execute(sql`update clients set email = null where id = ${naira.clientId}`);
    try {
      expect((await option(naira.slug)).json().data).toBeNull();
      const noEmail = await start(naira.slug);
      expect(noEmail.statusCode).toBe(409);
      expect(noEmail.json().message).toBe(INVOICE_LINK_PAYMENT_MESSAGES.noEmail);
    } finally {
      await fixture.context.database.db.execute(sql`update clients set email = ${client!.email} where id = ${naira.clientId}`);
    }
  });

  it('answers 502 when Paystack cannot start the payment, and keeps the attempt as failed', async () => {
    const invoice = await linkedInvoice('640.00');
    paystack.outage.isDown = true;
    try {
      const refused = await start(invoice.slug);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ success: false, message: PORTAL_PAYMENT_MESSAGES.gatewayUnavailable, data: null });
    } finally {
      paystack.outage.isDown = false;
    }
    const rows = await query<{ status: string }>(
      fixture.firm.firmId,
      sql`select status from gateway_payments where invoice_id = ${invoice.id}`,
    );
    expect(rows).toEqual([{ status: 'failed' }]);
    expect(await invoiceState(invoice.id)).toMatchObject({ balanceDue: '640.00' });
  });
});
