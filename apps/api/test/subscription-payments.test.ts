import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToDisplayDate, todayIso } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { decryptSecret } from '../src/lib/secrets.ts';
import { pdfText } from './support/pdf-text.ts';
import { startFakePaystack, startFakeStripe, type Delivery } from './support/fake-gateways.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/**
 * Paying for Matterhorn (issue 38) through local stand-ins for the operator's Paystack and Stripe
 * accounts, which sign their webhooks as the gateways do, to the subscriptions' own webhook paths.
 */
const paystackKey = `sk_test_${randomBytes(12).toString('hex')}`;
const stripeKey = `sk_test_${randomBytes(12).toString('hex')}`;
const stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
const BASE = '/api/admin/sub-scription-master';

let context: TestContext;
let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let naira: { firm: SeededFirm; token: string };
let dollars: { firm: SeededFirm; token: string };
let planIds: Record<string, string>;

const deliver: Delivery = async (url, payload, headers) => {
  const response = await context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
};
const call = (token: string, method: 'GET' | 'POST', path: string, payload?: object) =>
  context.app.inject({ method, url: `${BASE}${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const infoOf = async (token: string) => (await call(token, 'GET', '/get-subscription-info')).json().data;
const chargesOf = (firm: SeededFirm) =>
  context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ reference: string; status: string; amountMinor: string; kind: string }>(
      tx.execute(sql`select reference, status, amount_minor::text as "amountMinor", kind from subscription_charges order by created_at`),
    ),
  );

beforeAll(async () => {
  paystack = await startFakePaystack(paystackKey, deliver, '/api/webhooks/subscriptions/paystack');
  stripe = await startFakeStripe(stripeKey, stripeWebhookSecret, deliver, '/api/webhooks/subscriptions/stripe');
  context = await createTestApp({
    subscriptionPayments: {
      paystack: { secretKey: paystackKey, apiUrl: paystack.url },
      stripe: { secretKey: stripeKey, webhookSecret: stripeWebhookSecret, apiUrl: stripe.url },
    },
  });
  const firmIn = async (country: string) => {
    const firm = await seedTestFirm(context.database);
    await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update firms set country = ${country} where id = ${firm.firmId}`));
    return { firm, token: await signIn(context.app, firm.users.admin.email) };
  };
  naira = await firmIn('Nigeria');
  dollars = await firmIn('United States');
  const plans: { id: string; code: string }[] = (await call(naira.token, 'GET', '/get-plans')).json().data.plans;
  planIds = Object.fromEntries(plans.map((plan) => [plan.code, plan.id]));
});
afterAll(async () => {
  await context.close();
  await paystack.close();
  await stripe.close();
});

describe('paying for a plan', () => {
  it('moves a trial firm to Standard with 3 seats once Paystack confirms the payment, and only once', async () => {
    const started = await call(naira.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 3 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ outcome: 'checkout', preview: { kind: 'start', payToday: '48375.00' } });
    expect(started.json().data.checkoutUrl).toMatch(/^https:\/\/checkout\.paystack\.test\//);
    const [charge] = await chargesOf(naira.firm);
    expect(charge).toMatchObject({ status: 'pending', amountMinor: '4837500', kind: 'start' });
    // Nothing changes before the gateway's word.
    expect((await infoOf(naira.token)).planName).toBe('Trial');

    const forged = await paystack.send('charge.success', paystack.pay(charge!.reference), 'sk_test_forged');
    expect(forged.statusCode).toBe(400);
    const delivered = await paystack.send('charge.success', paystack.pay(charge!.reference));
    expect([delivered.statusCode, delivered.json().data?.outcome]).toEqual([200, 'applied']);
    const info = await infoOf(naira.token);
    expect(info).toMatchObject({
      planName: 'Standard',
      allocatedNumberUsers: 3,
      isNGNSubscription: true,
      durationInDays: 30,
      subscriptionAmount: '45000.00',
      subscriptionStartDate: isoToDisplayDate(todayIso()),
      subscriptionEndDate: isoToDisplayDate(addDays(todayIso(), 29)),
      nextBillingDate: isoToDisplayDate(addDays(todayIso(), 30)),
      nextBillingAmount: '48375.00',
      // The card the payment let Paystack keep: what renewals will charge, kept encrypted.
      renewalMethod: 'Visa ending 4081',
    });
    const [kept] = await context.database.withFirm(naira.firm.firmId, (tx) =>
      rowsOf<{ gateway: string; sealed: string }>(
        tx.execute(sql`select renewal_gateway as gateway, renewal_method_sealed as sealed from subscriptions`),
      ),
    );
    expect(kept!.gateway).toBe('paystack');
    expect(kept!.sealed).not.toContain('AUTH_');
    expect(decryptSecret(kept!.sealed, context.config.appSecret, 'subscription-renewal-method')).toMatch(/^\{"token":"AUTH_\w+","email":"/);
    const again = await paystack.send('charge.success', paystack.pay(charge!.reference));
    expect(again.json().data?.outcome).toBe('repeated');
    const [event] = await context.database.withFirm(naira.firm.firmId, (tx) =>
      rowsOf<{ payload: string; outcome: string }>(tx.execute(sql`select payload, outcome from subscription_gateway_events`)),
    );
    expect(event!.outcome).toBe('applied');
    expect(JSON.parse(event!.payload)).toMatchObject({ event: 'charge.success', data: { reference: charge!.reference } });
  });

  it('schedules fewer seats for the next billing date, and charges added seats now for the days left', async () => {
    const fewer = await call(naira.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 2 });
    expect(fewer.statusCode, fewer.body).toBe(400); // 3 users are active
    const yearly = await call(naira.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'yearly', seats: 3 });
    expect(yearly.json().data).toMatchObject({ outcome: 'scheduled', checkoutUrl: null });
    expect((await infoOf(naira.token)).downGradePlanInfo).toEqual({
      planId: planIds.standard,
      planName: 'Standard',
      effectiveDate: isoToDisplayDate(addDays(todayIso(), 30)),
    });
    // 2 more seats of ₦15,000 for the 30 days left of 30: ₦30,000 + ₦2,250 VAT.
    const more = await call(naira.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 5 });
    expect(more.json().data).toMatchObject({ outcome: 'checkout', preview: { kind: 'upgrade', payToday: '32250.00' } });
    const upgrade = (await chargesOf(naira.firm)).at(-1)!;
    // The gateway took another amount: refused, nothing applied.
    const short = await paystack.send('charge.success', paystack.pay(upgrade.reference, { amount: 100 }));
    expect(short.json().data?.outcome).toBe('refused');
    expect((await infoOf(naira.token)).allocatedNumberUsers).toBe(3);
  });

  it('pays in dollars through Stripe, without VAT', async () => {
    const started = await call(dollars.token, 'POST', '/change-plan', { planId: planIds.professional, interval: 'monthly', seats: 4 });
    expect(started.json().data).toMatchObject({ outcome: 'checkout', preview: { currencyCode: 'USD', payToday: '156.00', vat: '0.00' } });
    const [charge] = await chargesOf(dollars.firm);
    const completed = await stripe.send('checkout.session.completed', stripe.complete(stripe.sessionOf(charge!.reference)));
    expect([completed.statusCode, completed.json().data?.outcome]).toEqual([200, 'applied']);
    expect(await infoOf(dollars.token)).toMatchObject({
      planName: 'Professional',
      allocatedNumberUsers: 4,
      isNGNSubscription: false,
      nextBillingAmount: '156.00',
    });
  });

  it('lists the charges, and cancels and reactivates the paid subscription', async () => {
    const history = (await call(naira.token, 'GET', '/get-billing-history')).json().data;
    expect(history.map((charge: { status: string; amount: string; vat: string }) => [charge.status, charge.amount, charge.vat])).toEqual([
      ['refused', '32250.00', '2250.00'],
      ['paid', '48375.00', '3375.00'],
    ]);
    expect(history[1].description).toBe('Standard, 3 seats, monthly');
    const receipt = await context.app.inject({ method: 'GET', url: `${BASE}/get-receipt/${history[1].id}`, headers: bearer(naira.token) });
    expect([receipt.statusCode, receipt.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = (await pdfText(receipt.rawPayload)).join('\n');
    for (const words of [
      'Matterhorn Standard, 3 seats, monthly',
      '₦45,000.00',
      'VAT 7.5%',
      '₦3,375.00',
      'Total paid',
      '₦48,375.00',
      'through Paystack',
    ])
      expect(text).toContain(words);
    // A refused charge has no receipt, nor has another firm's.
    expect(
      (await context.app.inject({ method: 'GET', url: `${BASE}/get-receipt/${history[0].id}`, headers: bearer(naira.token) })).statusCode,
    ).toBe(404);
    expect(
      (await context.app.inject({ method: 'GET', url: `${BASE}/get-receipt/${history[1].id}`, headers: bearer(dollars.token) })).statusCode,
    ).toBe(404);
    const cancelled = await call(naira.token, 'POST', '/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      isCancelled: true,
      nextBillingDate: null,
      cancellationDate: isoToDisplayDate(todayIso()),
    });
    // The scheduled change goes with the cancellation.
    expect(cancelled.json().data.downGradePlanInfo).toBeNull();
    const twice = await call(naira.token, 'POST', '/cancel');
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'The subscription is already cancelled']);
    const upgrade = await call(naira.token, 'POST', '/change-plan', { planId: planIds.professional, interval: 'monthly', seats: 3 });
    expect(upgrade.statusCode).toBe(200); // the checkout starts; the webhook will find it cancelled
    const reactivated = (await call(naira.token, 'POST', '/reactivate')).json().data;
    expect(reactivated).toMatchObject({
      isCancelled: false,
      reactviationDate: isoToDisplayDate(todayIso()),
      nextBillingAmount: '48375.00',
    });
    const notCancelled = await call(dollars.token, 'POST', '/reactivate');
    expect([notCancelled.statusCode, notCancelled.json().message]).toEqual([409, 'The subscription is not cancelled']);
  });

  it('needs subscriptionPlan.edit, and says so when online payment is not set up', async () => {
    const feeEarner = await signIn(context.app, naira.firm.users.feeEarner.email);
    expect((await call(feeEarner, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 3 })).statusCode).toBe(
      403,
    );
    const bare = await createTestApp();
    try {
      const firm = await seedTestFirm(bare.database);
      const token = await signIn(bare.app, firm.users.admin.email);
      const plans: { id: string; code: string }[] = (
        await bare.app.inject({ method: 'GET', url: `${BASE}/get-plans`, headers: bearer(token) })
      ).json().data.plans;
      const answer = await bare.app.inject({
        method: 'POST',
        url: `${BASE}/change-plan`,
        headers: bearer(token),
        payload: { planId: plans.find((plan) => plan.code === 'standard')!.id, interval: 'monthly', seats: 3 },
      });
      expect([answer.statusCode, answer.json().message]).toEqual([
        503,
        'Paying for Matterhorn online is not set up on this server: ask its operator',
      ]);
      const webhook = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/subscriptions/paystack',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
