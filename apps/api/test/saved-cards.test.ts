import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, equalMonthlyInstalments, SAVED_CARD_MESSAGES } from '@matterhorn/shared';
import { startFakePaystack, startFakeStripe, type Delivery } from './support/fake-gateways.ts';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { bearer, rowsOf, signInToPortal } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Saved cards (issue 44 §4): a client who pays an instalment online may let the gateway keep the
 * card; the job then charges each later instalment on its due date, once, tells the client, and on a
 * decline leaves the instalment due and tells the client and the firm. Against the local Paystack and
 * Stripe stand-ins, with the job's clock moved to the due dates.
 */

const paystackKey = `sk_test_${randomBytes(12).toString('hex')}`;
const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
const stripeWebhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
let fixture: TimeEntryFixture;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let portal: Record<string, string>;
let matter: { id: string; clientId: string };
let today: string;

const deliver: Delivery = async (url, payload, headers) => {
  const response = await fixture.context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
};

beforeAll(async () => {
  paystack = await startFakePaystack(paystackKey, deliver);
  stripe = await startFakeStripe(stripeKey, stripeWebhookSecret, deliver);
  fixture = await setUpTimeEntryFixture({
    config: {
      payments: {
        paystack: { secretKey: paystackKey, apiUrl: paystack.url },
        stripe: { secretKey: stripeKey, webhookSecret: stripeWebhookSecret, apiUrl: stripe.url },
      },
    },
  });
  portal = bearer((await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token);
  matter = fixture.references.matters.find((row) => row.status === 'Open' && row.clientId === fixture.firm.portalClient.clientId)!;
});
afterAll(async () => {
  await fixture.context.close();
  await paystack.close();
  await stripe.close();
});

const DAY = 24 * 60 * 60 * 1000;
/** The job's clock: noon UTC on the given date, past 09:00 in the firm's time zone. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);
const chargeOn = (date: string) => fixture.context.app.gatewayPayments.chargeFirmInstalments(fixture.firm.firmId, noonOf(date));

const portalCall = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = portal) =>
  fixture.context.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const query = <T>(text: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<T>(tx.execute(text)));

const balanceOf = async (invoiceId: string) =>
  (await query<{ balance: string }>(sql`select balance_due::text as balance from invoices where id = ${invoiceId}`))[0]!.balance;

const emailsAbout = (invoiceId: string) =>
  query<{ recipient: string; subject: string }>(
    sql`select recipient, subject from outgoing_messages where about_kind = 'invoice' and about_id = ${invoiceId} order by created_at, id`,
  );
const emailsTo = (recipient: string, subject: string) =>
  query<{ id: string }>(sql`select id from outgoing_messages where recipient = ${recipient} and subject = ${subject}`);

/** A sent invoice to the portal client with a live plan of three monthly instalments from today. */
async function invoiceWithPlan(amount: string, currencyCode?: string) {
  const invoice = await issueFlatFeeInvoice(fixture, {
    amount,
    matter,
    issueDate: '2026-01-10',
    ...(currencyCode ? { currencyCode } : {}),
  });
  const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${invoice.id}`, fixture.tokens.admin, {});
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  const plans = await fixture.call('GET', `/api/admin/payment-plans/get-invoice-plans/${invoice.id}`, fixture.tokens.admin);
  today = plans.json().data.today;
  const created = await fixture.call('POST', `/api/admin/payment-plans/create-plan/${invoice.id}`, fixture.tokens.admin, {
    instalments: equalMonthlyInstalments(amount, 3, today),
  });
  expect(created.statusCode, created.body).toBe(200);
  return invoice.id;
}

const planView = async (invoiceId: string) =>
  (await fixture.call('GET', `/api/admin/payment-plans/get-invoice-plans/${invoiceId}`, fixture.tokens.admin)).json().data;

describe('a card kept with the client’s consent', () => {
  it('is kept when the client agrees at checkout, then charges each later instalment on its due date, once, and tells the client', async () => {
    const invoiceId = await invoiceWithPlan('90000.00');
    const started = await portalCall('POST', '/api/client-portal/start-payment', {
      kind: 'invoice',
      id: invoiceId,
      amount: '30000.00',
      saveCard: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { reference } = started.json().data;
    expect((await paystack.send('charge.success', paystack.pay(reference))).json().data?.outcome).toBe('recorded');

    const cards = (await portalCall('GET', '/api/client-portal/get-saved-cards')).json().data;
    expect(cards).toEqual([expect.objectContaining({ gateway: 'paystack', description: 'Visa ending 4081' })]);
    expect((await planView(invoiceId)).automaticPayment).toMatchObject({ description: 'Visa ending 4081' });
    const shown = (await portalCall('GET', `/api/client-portal/get-invoice/${invoiceId}`)).json().data.paymentPlan;
    expect(shown.automaticPayment).toMatchObject({ description: 'Visa ending 4081' });
    // Whoever holds the invoice's emailed link sees the plan, not the card.
    const link = await fixture.call('POST', `/api/admin/invoice/reissue-invoice-link/${invoiceId}`, fixture.tokens.admin, {});
    const linked = await fixture.context.app.inject({ method: 'GET', url: `/api/public/invoice/${link.json().data.slug}` });
    expect(linked.json().data.paymentPlan).toMatchObject({ total: '90000.00', automaticPayment: null });

    // Today the first instalment is paid and the second not yet due: nothing is charged.
    const chargesBefore = paystack.savedCardCharges.length;
    expect(await chargeOn(today)).toEqual([]);

    const secondDue = addMonths(today, 1);
    expect(await chargeOn(secondDue)).toEqual(['recorded']);
    expect(paystack.savedCardCharges.slice(chargesBefore)).toEqual([
      expect.objectContaining({ amount: '3000000', currency: 'NGN', authorization_code: expect.stringMatching(/^AUTH_/) }),
    ]);
    expect(await balanceOf(invoiceId)).toBe('30000.00');
    // Run again (another replica, the next half hour): the instalment is claimed, nothing is charged twice.
    expect(await chargeOn(secondDue)).toEqual([]);
    expect(paystack.savedCardCharges.length).toBe(chargesBefore + 1);
    const told = await emailsAbout(invoiceId);
    expect(told.filter((email) => email.subject.startsWith('Instalment paid'))).toEqual([
      { recipient: fixture.firm.portalClient.email, subject: expect.stringMatching(/^Instalment paid: invoice /) },
    ]);
    expect((await planView(invoiceId)).automaticCharges).toEqual([
      expect.objectContaining({ instalmentNumber: 2, amount: '30000.00', status: 'succeeded', cardDescription: 'Visa ending 4081' }),
    ]);
  });

  it('leaves a declined instalment due, tells the client and the firm, and does not charge it again', async () => {
    const invoiceId = await invoiceWithPlan('60000.00');
    // The card saved by the test before is the client's: charged for this plan's instalments too, from its first due date on.
    paystack.savedCardAnswers.push({ declined: 'Insufficient Funds' });
    expect(await chargeOn(today)).toEqual(['failed']);
    expect(await balanceOf(invoiceId)).toBe('60000.00');
    const view = await planView(invoiceId);
    expect(view.automaticCharges).toEqual([
      expect.objectContaining({ instalmentNumber: 1, amount: '20000.00', status: 'failed', failureReason: 'Paystack: Insufficient Funds' }),
    ]);
    expect(view.plan.instalments[0].state).toBe('due');

    const declined = (await emailsAbout(invoiceId)).filter((email) => email.subject.startsWith('Payment declined'));
    expect(declined).toEqual([
      { recipient: fixture.firm.portalClient.email, subject: expect.stringMatching(/^Payment declined: invoice /) },
    ]);
    const admin = fixture.firm.users.admin.email;
    const [invoiceNumber] = (await query<{ n: string }>(sql`select invoice_number as n from invoices where id = ${invoiceId}`)).map(
      (row) => row.n,
    );
    expect(await emailsTo(admin, `Card declined: instalment 1 of invoice ${invoiceNumber}`)).toHaveLength(1);

    expect(await chargeOn(today)).toEqual([]);
    expect(await chargeOn(addMonths(today, 1))).toEqual(['recorded']);
    // The second instalment is charged its own amount, not the first's too.
    expect(await balanceOf(invoiceId)).toBe('40000.00');
  });

  it('is never charged again once the client withdraws it, and the withdrawal is the client’s alone', async () => {
    const cards = (await portalCall('GET', '/api/client-portal/get-saved-cards')).json().data;
    const otherPortal = bearer(
      (await signInToPortal(fixture.context.app, fixture.otherFirm.slug, fixture.otherFirm.portalClient.email)).token,
    );
    expect((await portalCall('POST', `/api/client-portal/withdraw-saved-card/${cards[0].id}`, undefined, otherPortal)).statusCode).toBe(
      404,
    );

    const withdrawn = await portalCall('POST', `/api/client-portal/withdraw-saved-card/${cards[0].id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ message: SAVED_CARD_MESSAGES.withdrawn, data: [] });
    expect((await portalCall('POST', `/api/client-portal/withdraw-saved-card/${cards[0].id}`)).statusCode).toBe(404);

    const invoiceId = await invoiceWithPlan('3000.00');
    const chargesBefore = paystack.savedCardCharges.length;
    expect(await chargeOn(addMonths(today, 2))).toEqual([]);
    expect(paystack.savedCardCharges.length).toBe(chargesBefore);
    expect((await planView(invoiceId)).automaticPayment).toBeNull();
  });

  it('is kept only for an invoice with a payment plan', async () => {
    const invoice = await issueFlatFeeInvoice(fixture, { amount: '500.00', matter, issueDate: '2026-01-10' });
    await fixture.call('POST', `/api/admin/invoice/send-invoice/${invoice.id}`, fixture.tokens.admin, {});
    const refused = await portalCall('POST', '/api/client-portal/start-payment', { kind: 'invoice', id: invoice.id, saveCard: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, message: SAVED_CARD_MESSAGES.planOnly });
    const count = await query<{ n: number }>(sql`select count(*)::int as n from gateway_payments where invoice_id = ${invoice.id}`);
    expect(count[0]!.n).toBe(0);
  });

  it('works the same through Stripe for another currency: kept at checkout, charged off-session on the due date', async () => {
    const invoiceId = await invoiceWithPlan('300.00', 'USD');
    const started = await portalCall('POST', '/api/client-portal/start-payment', {
      kind: 'invoice',
      id: invoiceId,
      amount: '100.00',
      saveCard: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const session = stripe.sessionOf(started.json().data.reference);
    expect((await stripe.send('checkout.session.completed', stripe.complete(session))).json().data?.outcome).toBe('recorded');
    const cards = (await portalCall('GET', '/api/client-portal/get-saved-cards')).json().data;
    expect(cards).toEqual([expect.objectContaining({ gateway: 'stripe' })]);

    expect(await chargeOn(addMonths(today, 1))).toEqual(['recorded']);
    expect(await balanceOf(invoiceId)).toBe('100.00');
    expect(await chargeOn(new Date(noonOf(addMonths(today, 1)).getTime() + DAY).toISOString().slice(0, 10))).toEqual([]);
  });
});
