import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToDisplayDate, toCents, todayIso } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { decryptSecret } from '../src/lib/secrets.ts';
import { pdfText } from './support/pdf-text.ts';
import { startFakePaystack, startFakeStripe, type Delivery } from './support/fake-gateways.ts';
import { bearer, createTestApp, readOutbox, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';
import { advanceSubscriptions } from '../src/modules/subscriptions/subscription-clock.ts';

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
let firmIn: (country: string) => Promise<{ firm: SeededFirm; token: string }>;

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
  firmIn = async (country: string) => {
    const firm = await seedTestFirm(context.database);
    // The firm's today is UTC's, as the expected dates below are.
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update firms set country = ${country}, time_zone = 'UTC' where id = ${firm.firmId}`),
    );
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
    // 2 more seats of ₦15,000 for the 30 days left of 30: ₦30,000 + ₦2,250 VAT. The saved card declines: checkout instead.
    paystack.savedCardAnswers.push({ declined: 'Do Not Honor' });
    const more = await call(naira.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 5 });
    expect(more.json().data).toMatchObject({ outcome: 'checkout', preview: { kind: 'upgrade', payToday: '32250.00' } });
    expect((await chargesOf(naira.firm)).slice(-2)).toMatchObject([
      { kind: 'upgrade', status: 'failed', amountMinor: '3225000' },
      { kind: 'upgrade', status: 'pending', amountMinor: '3225000' },
    ]);
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
      ['failed', '32250.00', '2250.00'],
      ['paid', '48375.00', '3375.00'],
    ]);
    expect(history[1].failure).toBe('Paystack: Do Not Honor');
    expect(history[2].description).toBe('Standard, 3 seats, monthly');
    const receipt = await context.app.inject({ method: 'GET', url: `${BASE}/get-receipt/${history[2].id}`, headers: bearer(naira.token) });
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
      (await context.app.inject({ method: 'GET', url: `${BASE}/get-receipt/${history[2].id}`, headers: bearer(dollars.token) })).statusCode,
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
    // Refused before anything is charged: paid, it could not be applied.
    const charges = (await chargesOf(naira.firm)).length;
    const upgrade = await call(naira.token, 'POST', '/change-plan', { planId: planIds.professional, interval: 'monthly', seats: 3 });
    expect([upgrade.statusCode, upgrade.json().message]).toEqual([409, 'Reactivate the subscription before changing it']);
    expect(await chargesOf(naira.firm)).toHaveLength(charges);
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

describe('renewals', () => {
  const today = todayIso();
  /** A firm that paid Standard, 3 seats, monthly through checkout, whose period ended yesterday. */
  async function paidFirmWhosePeriodEnded(country: 'Nigeria' | 'United States') {
    const payer = await firmIn(country);
    await call(payer.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 3 });
    const [first] = await chargesOf(payer.firm);
    const paid =
      country === 'Nigeria'
        ? await paystack.send('charge.success', paystack.pay(first!.reference))
        : await stripe.send('checkout.session.completed', stripe.complete(stripe.sessionOf(first!.reference)));
    expect(paid.json().data?.outcome).toBe('applied');
    await endPeriod(payer.firm, addDays(today, -1));
    return payer;
  }
  const endPeriod = (firm: SeededFirm, end: string) =>
    context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update subscriptions set start_date = ${addDays(end, -29)}, end_date = ${end} where firm_id = ${firm.firmId}`),
    );
  const setPastDueSince = (firm: SeededFirm, day: string) =>
    context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update subscriptions set past_due_since = ${day} where firm_id = ${firm.firmId}`),
    );
  const statusOf = async (firm: SeededFirm) =>
    (
      await context.database.withFirm(firm.firmId, (tx) =>
        rowsOf<{ status: string }>(tx.execute(sql`select status from subscriptions where firm_id = ${firm.firmId}`)),
      )
    )[0]!.status;
  const renewalsOf = async (firm: SeededFirm) =>
    (await context.app.subscriptions.chargeRenewals()).filter((tried) => tried.firmId === firm.firmId);
  const mailTo = async (firm: SeededFirm) => (await readOutbox(context.config)).filter((message) => message.to === firm.users.admin.email);

  it('charges an upgrade to the saved card at once', async () => {
    const payer = await paidFirmWhosePeriodEnded('Nigeria');
    await endPeriod(payer.firm, addDays(today, 29));
    const upgraded = await call(payer.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 5 });
    expect(upgraded.json().data).toMatchObject({
      outcome: 'charged',
      checkoutUrl: null,
      preview: { kind: 'upgrade', payToday: '32250.00' },
    });
    expect(paystack.savedCardCharges.at(-1)).toMatchObject({ amount: '3225000', email: payer.firm.users.admin.email });
    expect(await infoOf(payer.token)).toMatchObject({ allocatedNumberUsers: 5, nextBillingAmount: '80625.00' });
    expect((await chargesOf(payer.firm)).at(-1)).toMatchObject({ kind: 'upgrade', status: 'paid' });
  });

  it('charges the saved card on the billing date, once, with the change scheduled for it, and starts the next period', async () => {
    const payer = await paidFirmWhosePeriodEnded('Nigeria');
    // Yearly from the next billing date: the renewal charges it and applies it.
    expect((await call(payer.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'yearly', seats: 3 })).statusCode).toBe(
      200,
    );
    const plans: { code: string; pricePerSeat: { yearly: string } | null }[] = (await call(payer.token, 'GET', '/get-plans')).json().data
      .plans;
    const yearlyMinor = Number(toCents(plans.find((plan) => plan.code === 'standard')!.pricePerSeat!.yearly)) * 3;
    const withVat = yearlyMinor + Math.round((yearlyMinor * 75) / 1000);

    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'applied' }]);
    expect(paystack.savedCardCharges.at(-1)).toMatchObject({
      authorization_code: expect.stringMatching(/^AUTH_\d+$/),
      amount: String(withVat),
      currency: 'NGN',
      email: payer.firm.users.admin.email,
    });
    expect(await infoOf(payer.token)).toMatchObject({
      durationInDays: 365,
      subscriptionStartDate: isoToDisplayDate(today),
      subscriptionEndDate: isoToDisplayDate(addDays(today, 364)),
      nextBillingDate: isoToDisplayDate(addDays(today, 365)),
      downGradePlanInfo: null,
      pastDueUntil: null,
    });
    const renewal = (await chargesOf(payer.firm)).at(-1)!;
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: String(withVat) });
    // The clock again, and Paystack's own webhook for the same charge: nothing more.
    expect(await renewalsOf(payer.firm)).toEqual([]);
    const webhook = await paystack.send('charge.success', paystack.pay(renewal.reference));
    expect(webhook.json().data?.outcome).toBe('alreadySettled');
    expect(paystack.savedCardCharges.filter((charge) => charge.reference === renewal.reference)).toHaveLength(1);
    expect((await call(payer.token, 'GET', '/get-billing-history')).json().data[0].description).toBe('Standard, 3 seats, yearly (renewal)');
  });

  it('makes a firm whose card is declined past due, tries again and tells its owner on days 0, 3 and 6, and a paid retry brings it back', async () => {
    const payer = await paidFirmWhosePeriodEnded('Nigeria');
    paystack.savedCardAnswers.push({ declined: 'Insufficient Funds' }, { declined: 'Insufficient Funds' });
    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'failed' }]);
    expect(await statusOf(payer.firm)).toBe('past_due');
    expect(await infoOf(payer.token)).toMatchObject({
      pastDueUntil: isoToDisplayDate(addDays(today, 6)),
      isReadOnly: false,
      nextBillingDate: null,
    });
    const [first] = await mailTo(payer.firm);
    expect(first).toMatchObject({ subject: 'Your Matterhorn renewal was not paid' });
    expect(first!.text).toContain('₦48,375.00');
    expect(first!.text).toContain('to Visa ending 4081: Paystack: Insufficient Funds.');
    expect(first!.text).toContain(`We will try the saved card on ${isoToDisplayDate(addDays(today, 3))}`);
    expect(first!.text).toContain(`Pay by ${isoToDisplayDate(addDays(today, 6))} to keep your plan.`);
    expect(first!.link).toMatch(/\/settings\/plans-&-subscriptions\/select-plan$/);
    // Each try once a day, whatever the clock's runs.
    expect(await renewalsOf(payer.firm)).toEqual([]);
    expect(await renewalsOf(payer.firm)).toEqual([]);

    await setPastDueSince(payer.firm, addDays(today, -3));
    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'failed' }]);
    await setPastDueSince(payer.firm, addDays(today, -6));
    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'applied' }]);
    const mails = await mailTo(payer.firm);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Matterhorn renewal was not paid', 'Your Matterhorn renewal was not paid']);
    const history = (await call(payer.token, 'GET', '/get-billing-history')).json().data;
    expect(history.slice(0, 3).map((charge: { status: string; failure: string | null }) => [charge.status, charge.failure])).toEqual([
      ['paid', null],
      ['failed', 'Paystack: Insufficient Funds'],
      ['failed', 'Paystack: Insufficient Funds'],
    ]);
    // The new period follows the unpaid one without a gap.
    expect(await infoOf(payer.token)).toMatchObject({ subscriptionStartDate: isoToDisplayDate(today), pastDueUntil: null });
    expect(await statusOf(payer.firm)).toBe('active');
  });

  it('waits for the webhook when the bank has not answered, and a failure it reports makes the firm past due', async () => {
    const payer = await paidFirmWhosePeriodEnded('Nigeria');
    paystack.savedCardAnswers.push('pending');
    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'pending' }]);
    expect(await statusOf(payer.firm)).toBe('active');
    const renewal = (await chargesOf(payer.firm)).at(-1)!;
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'pending' });
    expect((await paystack.send('charge.failed', paystack.fail(renewal.reference))).json().data?.outcome).toBe('failed');
    expect(await statusOf(payer.firm)).toBe('past_due');
    expect(await mailTo(payer.firm)).toHaveLength(1);
  });

  it('lets a past-due firm with no saved card pay its renewal through checkout, and turns one unpaid for 7 days read-only', async () => {
    const payer = await paidFirmWhosePeriodEnded('Nigeria');
    const unpaid = await paidFirmWhosePeriodEnded('Nigeria');
    for (const firm of [payer.firm, unpaid.firm])
      await context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(
          sql`update subscriptions set renewal_method_sealed = null, renewal_method_description = null where firm_id = ${firm.firmId}`,
        ),
      );
    const asked = paystack.savedCardCharges.length;
    expect(await renewalsOf(payer.firm)).toEqual([]);
    expect(paystack.savedCardCharges).toHaveLength(asked);
    expect(await statusOf(payer.firm)).toBe('past_due');
    expect((await mailTo(payer.firm))[0]!.text).toContain('no card or account is saved to charge.');

    const preview = await call(payer.token, 'POST', '/preview-change', { planId: planIds.standard, interval: 'monthly', seats: 3 });
    expect(preview.json().data).toMatchObject({
      kind: 'renewal',
      payToday: '48375.00',
      effectiveDate: isoToDisplayDate(today),
      nextBillingDate: isoToDisplayDate(addDays(today, 30)),
    });
    const started = await call(payer.token, 'POST', '/change-plan', { planId: planIds.standard, interval: 'monthly', seats: 3 });
    expect(started.json().data.outcome).toBe('checkout');
    const charge = (await chargesOf(payer.firm)).at(-1)!;
    expect(charge).toMatchObject({ kind: 'renewal', status: 'pending' });
    expect((await paystack.send('charge.success', paystack.pay(charge.reference))).json().data?.outcome).toBe('applied');
    expect(await statusOf(payer.firm)).toBe('active');
    expect(await infoOf(payer.token)).toMatchObject({ subscriptionStartDate: isoToDisplayDate(today), renewalMethod: 'Visa ending 4081' });

    await renewalsOf(unpaid.firm);
    await setPastDueSince(unpaid.firm, addDays(today, -7));
    await advanceSubscriptions({ database: context.database, catalogue: context.config.planCatalogue });
    expect(await statusOf(unpaid.firm)).toBe('read_only');
    expect(await renewalsOf(unpaid.firm)).toEqual([]);
  });

  it('keeps the card a Stripe checkout paid with, and charges it off-session at the renewal', async () => {
    const payer = await paidFirmWhosePeriodEnded('United States');
    const [first] = await chargesOf(payer.firm);
    expect(stripe.sessionOf(first!.reference)).toMatchObject({ setup_future_usage: 'off_session', customer_creation: 'always' });
    expect((await infoOf(payer.token)).renewalMethod).toBe('Visa ending 4242');
    stripe.savedCardAnswers.push({ declined: 'Your card was declined.' });
    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'failed' }]);
    expect((await call(payer.token, 'GET', '/get-billing-history')).json().data[0].failure).toBe('Stripe: Your card was declined.');
    await setPastDueSince(payer.firm, addDays(today, -3));
    expect(await renewalsOf(payer.firm)).toEqual([{ firmId: payer.firm.firmId, outcome: 'applied' }]);
    const paid = (await chargesOf(payer.firm)).at(-1)!;
    expect(paid).toMatchObject({ kind: 'renewal', status: 'paid', amountMinor: '5700' });
    const intent = [...stripe.intents.values()].find(
      (entry) => (entry.metadata as { reference?: string } | undefined)?.reference === paid.reference,
    );
    expect(intent).toMatchObject({ amount: 5700, currency: 'usd' });
    // Stripe's own event for the intent, as it sends one too: nothing more.
    expect((await stripe.send('payment_intent.succeeded', intent!)).json().data?.outcome).toBe('alreadySettled');
  });
});
