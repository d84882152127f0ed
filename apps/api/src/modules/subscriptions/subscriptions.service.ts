import {
  fromCents,
  toCents,
  isoToDisplayDate,
  formatMoney,
  type BillingInterval,
  type PlanCatalogue,
  type PlanChangeInput,
  type PlanChangePreview,
  type PlanChangeResult,
  type PaymentGatewayName,
  type PlanList,
  type SubscriptionInfo,
  type BillingHistoryItem,
  INTERVAL_DAYS,
  addDays,
  type SubscriptionCurrency,
  SUBSCRIPTION_CURRENCY_SYMBOLS,
} from '@matterhorn/shared';
import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PaymentGatewaySettings } from '../../config.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import {
  createGateways,
  GatewayUnavailableError,
  type GatewayEvent,
  type PaymentGateway,
  type SavedMethodCharge,
} from '../gateway-payments/gateway-payments.api.ts';
import {
  PAST_DUE_GRACE_DAYS,
  REACTIVATE_FIRST,
  renewalAttemptDue,
  renewalTermsOf,
  transition,
  type SubscriptionEvent,
  type SubscriptionState,
  type SubscriptionStatus,
} from './subscription-states.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findPlanIds } from './plans.repository.ts';
import { buildSubscriptionReceiptPdf } from './subscription-receipt-pdf.ts';
import { renewalNotPaidEmail, NO_RENEWAL_METHOD } from './subscription-renewals.ts';
import { periodAmountOf, previewPlanChange, vatOf, type CurrentPlan } from './subscription-pricing.ts';
import {
  findBillingContact,
  findChargeHistory,
  findPaidCharge,
  findRenewalMethod,
  findFirmBilling,
  findFirmOfCharge,
  findSubscriptionDetails,
  findUserEmail,
  insertCharge,
  insertRenewalAttempt,
  insertSubscriptionEvent,
  lockCharge,
  lockSubscriptionState,
  saveRenewalMethod,
  saveSubscriptionState,
  setSubscriptionEventOutcome,
  settleCharge,
  type ChargeRow,
  type ChargeHistoryRow,
  type FirmBilling,
  type SubscriptionStateRow,
} from './subscriptions.repository.ts';

export const SUBSCRIPTION_MESSAGES = {
  planNotOffered: 'That plan is not offered',
  paidPlanOnly: 'Choose a paid plan: a trial that fits the free plan moves to it by itself',
  samePlan: 'That is your current plan',
  notPayable: 'Paying for Matterhorn online is not set up on this server: ask its operator',
  gatewayUnavailable: 'The payment gateway could not be reached: try again in a minute',
  chargedNotApplied: (reference: string) =>
    `The card was charged but the change could not be applied: ask the operator to refund payment ${reference}`,
  tooFewSeats: (users: string[], seats: number) =>
    `${users.length} users are active (${users.join(', ')}): deactivate ${users.length - seats} of them first, or choose at least ${users.length} seats`,
} as const;

/** The purpose the saved renewal method is encrypted for (lib/secrets.ts). */
const RENEWAL_METHOD = 'subscription-renewal-method';
const moneyOf = (minor: number) => fromCents(BigInt(minor));
const toMinor = (money: string) => toCents(money);

/** Firms in Nigeria are billed in naira (isNGNSubscription), others in dollars; a paying firm keeps its subscription's currency. */
export const billingCurrencyOf = (billing: FirmBilling): SubscriptionCurrency =>
  billing.subscription?.status === 'active' || billing.subscription?.status === 'past_due'
    ? (billing.subscription.currencyCode as SubscriptionCurrency)
    : billing.country === 'Nigeria'
      ? 'NGN'
      : 'USD';

const CHARGE_KIND_NOTES: Record<string, string> = { upgrade: ' (upgrade, the days left)', renewal: ' (renewal)' };

/** A charge as the billing history and its receipt name it. */
const historyItemOf = (row: ChargeHistoryRow): BillingHistoryItem => ({
  id: row.id,
  date: isoToDisplayDate(row.settledAt ?? row.createdAt),
  description: `${row.planName}, ${row.seats} seat${row.seats === 1 ? '' : 's'}, ${row.billingInterval}${CHARGE_KIND_NOTES[row.kind] ?? ''}`,
  amount: moneyOf(row.amountMinor),
  vat: moneyOf(row.vatMinor),
  currencyCode: row.currencyCode as SubscriptionCurrency,
  status: row.status as BillingHistoryItem['status'],
  failure: row.failure,
  reference: row.reference,
});

/** The stored subscription as the state machine reads it. */
export const stateOf = (row: SubscriptionStateRow): SubscriptionState => ({
  status: row.status as SubscriptionStatus,
  planCode: row.planCode,
  interval: row.billingInterval as BillingInterval | null,
  seats: row.seats,
  periodStart: row.startDate,
  periodEnd: row.endDate,
  cancelAtPeriodEnd: row.isCancelled,
  scheduled: row.scheduledPlanCode
    ? { planCode: row.scheduledPlanCode, interval: row.scheduledInterval as BillingInterval, seats: row.scheduledSeats ?? row.seats }
    : null,
  pastDueSince: row.pastDueSince,
});

/** Issue 38: the plans a firm can choose, what a change costs, paying for it through the operator's gateways, and its webhooks. */
export function createSubscriptionsService({
  database,
  catalogue,
  payments,
  appUrl,
  appSecret,
  outbox,
  gateways = createGateways(payments),
}: {
  database: Database;
  catalogue: PlanCatalogue;
  payments: PaymentGatewaySettings;
  appUrl: string;
  /** Encrypts the card or account renewals are charged to. */
  appSecret: string;
  /** Tells the firm's owner of a renewal not paid. */
  outbox: Outbox;
  gateways?: Partial<Record<PaymentGatewayName, PaymentGateway>>;
}) {
  const selectPlanPage = `${appUrl}/settings/plans-&-subscriptions/select-plan`;
  const periodAmountText = (state: SubscriptionState, currency: SubscriptionCurrency) => {
    const plan = catalogue.plans.find((entry) => entry.code === state.planCode);
    return moneyOf(plan && state.interval ? periodAmountOf(plan, state.interval, state.seats, currency) : 0);
  };

  /** The state machine's move, stored; a refused move changes nothing and answers why. */
  async function move(tx: Tx, firmId: string, event: SubscriptionEvent, paidIn?: SubscriptionCurrency): Promise<string | null> {
    const row = await lockSubscriptionState(tx, firmId);
    if (!row) throw notFound('Subscription details');
    const currency = paidIn ?? (row.currencyCode as SubscriptionCurrency);
    const outcome = transition(stateOf(row), event);
    if ('refused' in outcome) return outcome.refused;
    const state = outcome.state;
    await saveSubscriptionState(tx, firmId, row.id, {
      ...state,
      currencyCode: currency,
      periodAmount: periodAmountText(state, currency),
      cancelledOn: event.type === 'cancelled' ? event.on : null,
      reactivatedOn: event.type === 'reactivated' ? event.on : null,
    });
    return null;
  }

  /** A gateway event's work, once: the charge locked first, then the event kept verbatim; a repeated delivery changes nothing. */
  async function once(
    gateway: PaymentGatewayName,
    event: { eventId: string; eventType: string; reference: string },
    payload: Buffer,
    work: (tx: Tx, firmId: string, charge: ChargeRow) => Promise<string>,
  ): Promise<string> {
    const owner = await database.withIdentityLookup((tx) => findFirmOfCharge(tx, event.reference));
    if (!owner || owner.gateway !== gateway) return 'unknown';
    return database.withFirm(owner.firmId, async (tx) => {
      const charge = await lockCharge(tx, owner.firmId, event.reference);
      if (!charge) return 'unknown';
      const isNew = await insertSubscriptionEvent(tx, {
        firmId: owner.firmId,
        gateway,
        eventId: event.eventId,
        eventType: event.eventType,
        chargeId: charge.id,
        payload: payload.toString('utf8'),
      });
      if (!isNew) return 'repeated';
      const outcome = await work(tx, owner.firmId, charge);
      await setSubscriptionEventOutcome(tx, owner.firmId, gateway, event.eventId, outcome);
      return outcome;
    });
  }

  const settle = (gateway: PaymentGatewayName, event: Extract<GatewayEvent, { kind: 'succeeded' }>, payload: Buffer) =>
    once(gateway, event, payload, async (tx, firmId, charge) => {
      if (charge.status === 'paid') return 'alreadySettled';
      if (event.currencyCode !== charge.currencyCode || event.amountMinor !== charge.amountMinor) {
        await settleCharge(
          tx,
          firmId,
          charge.id,
          'refused',
          `The gateway reported ${event.amountMinor} ${event.currencyCode} for ${charge.amountMinor} ${charge.currencyCode}`,
        );
        return 'refused';
      }
      await settleCharge(tx, firmId, charge.id, 'paid', null);
      // The card or account this payment let the gateway keep: what the renewals will charge.
      if (event.savedMethod)
        await saveRenewalMethod(tx, firmId, {
          gateway,
          sealed: encryptSecret(
            JSON.stringify({ token: event.savedMethod.token, email: event.savedMethod.email }),
            appSecret,
            RENEWAL_METHOD,
          ),
          description: event.savedMethod.description,
        });
      const on = await findFirmToday(tx, firmId);
      const terms = { planCode: charge.planCode, interval: charge.billingInterval as BillingInterval, seats: charge.seats };
      const events: Record<ChargeRow['kind'], SubscriptionEvent> = {
        start: { type: 'paid', on, ...terms },
        upgrade: { type: 'upgraded', on, planCode: terms.planCode, seats: terms.seats },
        renewal: { type: 'renewalCharged', on, terms },
      };
      const refusal = await move(tx, firmId, events[charge.kind], charge.currencyCode as SubscriptionCurrency);
      // Paid, but the subscription moved on meanwhile (cancelled, or another change paid first): kept for the operator to refund.
      return refusal ? 'paidNotApplied' : 'applied';
    });

  /**
   * A charge the gateway declined (its webhook, or its answer to a renewal the clock charged): failed,
   * once. A renewal's try that failed makes an active firm past due and tells its owner.
   */
  const chargeFailed = (gateway: PaymentGatewayName, event: Extract<GatewayEvent, { kind: 'failed' }>, payload: Buffer) =>
    once(gateway, event, payload, async (tx, firmId, charge) => {
      if (charge.status !== 'pending') return 'ignored';
      await settleCharge(tx, firmId, charge.id, 'failed', event.reason);
      if (charge.renewalAttempt !== null) await renewalNotPaid(tx, firmId, charge, event.reason);
      return 'failed';
    });

  /** The state machine's renewalFailed (an active firm turns past due; a past-due one stays), and the owner told what to do. */
  async function renewalNotPaid(
    tx: Tx,
    firmId: string,
    charge: Pick<ChargeRow, 'planCode' | 'billingInterval' | 'seats' | 'amountMinor' | 'currencyCode' | 'renewalAttempt'>,
    reason: string,
  ) {
    await move(tx, firmId, { type: 'renewalFailed', on: await findFirmToday(tx, firmId) });
    const [row, contact, method] = [
      await lockSubscriptionState(tx, firmId),
      await findBillingContact(tx, firmId),
      await findRenewalMethod(tx, firmId),
    ];
    if (!row?.pastDueSince || !contact) return;
    await outbox.queue(
      tx,
      firmId,
      renewalNotPaidEmail({
        to: contact,
        planName: planOfCode(charge.planCode)?.name ?? charge.planCode,
        seats: charge.seats,
        interval: charge.billingInterval,
        amount: formatMoney(moneyOf(charge.amountMinor), SUBSCRIPTION_CURRENCY_SYMBOLS[charge.currencyCode as SubscriptionCurrency]),
        method: method?.description ?? null,
        reason,
        attempt: charge.renewalAttempt ?? 0,
        pastDueSince: row.pastDueSince,
        payUrl: selectPlanPage,
      }),
    );
  }

  /**
   * The try of the renewal due today for the firm, if one is and was not made yet: written first
   * (pending, or failed when no card is saved), in the firm's transaction, so the gateway is called
   * after it ends and a second clock finds the try taken.
   */
  async function startRenewal(tx: Tx, firmId: string) {
    const row = await lockSubscriptionState(tx, firmId);
    if (!row) return null;
    const state = stateOf(row);
    const attempt = renewalAttemptDue(state, await findFirmToday(tx, firmId));
    if (attempt === null) return null;
    const terms = renewalTermsOf(state);
    const plan = planOfCode(terms.planCode);
    const currency = row.currencyCode as SubscriptionCurrency;
    const netMinor = plan ? periodAmountOf(plan, terms.interval, terms.seats, currency) : 0;
    // A plan the catalogue no longer prices cannot be renewed: its firm chooses another (past due, then read-only).
    const vatMinor = currency === 'NGN' ? vatOf(netMinor, catalogue.ngnVatPercent) : 0;
    const [method, contact] = [await findRenewalMethod(tx, firmId), await findBillingContact(tx, firmId)];
    if (!contact) return null;
    const failure = netMinor <= 0 ? 'the plan is no longer offered' : method ? null : NO_RENEWAL_METHOD;
    const charge = {
      reference: `MH-SUB-${randomUUID()}`,
      gateway: (method?.gateway ?? (currency === 'NGN' ? 'paystack' : 'stripe')) as PaymentGatewayName,
      planCode: terms.planCode,
      billingInterval: terms.interval,
      seats: terms.seats,
      amountMinor: Math.max(netMinor + vatMinor, 1),
      vatMinor,
      currencyCode: currency,
      renewalAttempt: attempt,
    };
    const isNew = await insertRenewalAttempt(tx, {
      ...charge,
      firmId,
      requestedByUserId: contact.userId,
      renewsPeriodEnd: row.endDate,
      failure,
    });
    if (!isNew) return null;
    if (failure !== null || !method) {
      await renewalNotPaid(tx, firmId, charge, failure ?? NO_RENEWAL_METHOD);
      return null;
    }
    return {
      ...charge,
      method: openMethod(method.sealed),
      description: `Matterhorn ${plan!.name}, ${terms.seats} seat${terms.seats === 1 ? '' : 's'}, ${terms.interval} (renewal)`,
    };
  }

  const openMethod = (sealed: string) => {
    const opened = decryptSecret(sealed, appSecret, RENEWAL_METHOD);
    return opened ? (JSON.parse(opened) as { token: string; email: string }) : null;
  };

  /**
   * A pending charge paid with the saved card, outside any transaction (the charge was written
   * first); the gateway's answer settles it as its webhook would: applied, failed, pending (its
   * webhook will tell), or what settle found (paidNotApplied, refused…).
   */
  async function chargeSavedCard(
    gatewayName: PaymentGatewayName,
    charge: { reference: string; amountMinor: number; currencyCode: string; description: string },
    method: { token: string; email: string } | null,
  ): Promise<string> {
    const gateway = gateways[gatewayName];
    const declined = (reason: string): SavedMethodCharge => ({ outcome: 'failed', reason, payload: JSON.stringify({ reason }) });
    const answer: SavedMethodCharge =
      !gateway || !method
        ? declined(!gateway ? 'paying for Matterhorn online is not set up on this server' : 'the saved card could not be read')
        : await gateway.chargeSavedMethod({ ...charge, method }).catch((error: unknown) => {
            // Out of reach: the charge fails (checkout remains, and the clock tries a renewal again); a late success still settles it.
            if (error instanceof GatewayUnavailableError) return declined('the payment gateway could not be reached');
            throw error;
          });
    const payload = Buffer.from(answer.payload);
    if (answer.outcome === 'succeeded') return settle(gatewayName, answer.event, payload);
    if (answer.outcome === 'pending') return 'pending';
    return chargeFailed(
      gatewayName,
      {
        kind: 'failed',
        eventId: `saved-card-declined:${charge.reference}`,
        eventType: 'saved-card.declined',
        reference: charge.reference,
        reason: answer.reason,
      },
      payload,
    );
  }

  const planOfCode = (code: string | null) => catalogue.plans.find((plan) => plan.code === code);

  /**
   * What a change costs, with the plan chosen: one read of the plans' ids (server.ts writes the
   * catalogue there) and the firm's billing. forChange: the subscription is locked first, so two
   * changes of one firm at once run one after the other (in the request's transaction, to its end:
   * the second sees what the first paid, and never charges the saved card for it again).
   */
  async function previewOf(principal: FirmPrincipal, input: PlanChangeInput, { forChange = false } = {}) {
    const { ids, billing, today } = await database.withFirm(principal.firmId, async (tx) => {
      if (forChange) await lockSubscriptionState(tx, principal.firmId);
      return {
        ids: await findPlanIds(tx),
        billing: await findFirmBilling(tx, principal.firmId),
        today: await findFirmToday(tx, principal.firmId),
      };
    });
    const chosen = catalogue.plans.find((plan) => ids.get(plan.code) === input.planId);
    if (!chosen) throw badRequest(SUBSCRIPTION_MESSAGES.planNotOffered, { planId: SUBSCRIPTION_MESSAGES.planNotOffered });
    if (chosen.kind !== 'paid') throw badRequest(SUBSCRIPTION_MESSAGES.paidPlanOnly, { planId: SUBSCRIPTION_MESSAGES.paidPlanOnly });
    const subscription = billing.subscription;
    if (!subscription) throw notFound('Subscription details');
    if (input.seats < billing.activeUsers.length) {
      const message = SUBSCRIPTION_MESSAGES.tooFewSeats(billing.activeUsers, input.seats);
      throw badRequest(message, { seats: message });
    }
    // Refused before anything is charged: a cancelled plan's change would be paid and not applied.
    if (subscription.status === 'active' && subscription.isCancelled) throw conflict(REACTIVATE_FIRST);
    const isRenewalDue = subscription.status === 'past_due';
    const isPaying = subscription.status === 'active' || isRenewalDue;
    const currentPlan = catalogue.plans.find((plan) => plan.code === subscription.planCode) ?? chosen;
    if (
      subscription.status === 'active' &&
      currentPlan.code === chosen.code &&
      subscription.billingInterval === input.interval &&
      subscription.seats === input.seats
    )
      throw badRequest(SUBSCRIPTION_MESSAGES.samePlan);
    const current: CurrentPlan = {
      isPaying,
      isRenewalDue,
      plan: currentPlan,
      interval: (subscription.billingInterval as BillingInterval | null) ?? null,
      seats: subscription.seats,
      periodEnd: isPaying ? subscription.endDate : null,
    };
    const currency = billingCurrencyOf(billing);
    const preview = previewPlanChange(
      current,
      { plan: chosen, interval: input.interval, seats: input.seats },
      {
        currency,
        vatPercent: catalogue.ngnVatPercent,
        today,
      },
    );
    const symbol = SUBSCRIPTION_CURRENCY_SYMBOLS[currency];
    const [payToday, vat, next] = [preview.payTodayMinor, preview.vatTodayMinor, preview.nextBillingAmountMinor].map(moneyOf) as [
      string,
      string,
      string,
    ];
    const nextBillingDate = isoToDisplayDate(preview.nextBillingDate);
    const vatText = currency === 'NGN' ? ` (incl. VAT ${formatMoney(vat, symbol)})` : '';
    const answer: PlanChangePreview = {
      kind: preview.kind,
      currencyCode: currency,
      currencySymbol: symbol,
      payToday,
      vat,
      nextBillingAmount: next,
      nextBillingDate,
      effectiveDate: isoToDisplayDate(preview.effectiveDate),
      summary: `Pay today ${formatMoney(payToday, symbol)}${vatText}, then ${formatMoney(next, symbol)} on ${nextBillingDate}`,
    };
    return { preview: answer, plan: chosen, renewsPeriodEnd: isRenewalDue ? subscription.endDate : null };
  }

  const previewChange = async (principal: FirmPrincipal, input: PlanChangeInput) => (await previewOf(principal, input)).preview;

  const service = {
    /**
     * SPEC.md §3 Subscription info, every field from the subscription's state: the period's seats ×
     * a seat's price (in its currency, before VAT; naira and dollars both given), the next billing
     * date (the day after the paid period, while active and not cancelled) and amount (VAT included,
     * on the terms scheduled for it), and a scheduled downgrade or change of interval.
     */
    async infoOf(principal: FirmPrincipal): Promise<SubscriptionInfo> {
      const row = await database.withFirm(principal.firmId, (tx) => findSubscriptionDetails(tx, principal.firmId));
      if (!row) throw notFound('Subscription details');
      const plan = planOfCode(row.planCode);
      const interval = row.billingInterval as BillingInterval | null;
      const amountIn = (currency: SubscriptionCurrency, terms = { plan, interval, seats: row.seats }) =>
        terms.plan && terms.interval ? periodAmountOf(terms.plan, terms.interval, terms.seats, currency) : 0;
      const currency = row.currencyCode as SubscriptionCurrency;
      const isBilled = row.status === 'active' && !row.isCancelled;
      const nextBillingDate = addDays(row.endDate, 1);
      const nextTerms = row.scheduledPlanCode
        ? {
            plan: planOfCode(row.scheduledPlanCode),
            interval: row.scheduledInterval as BillingInterval,
            seats: row.scheduledSeats ?? row.seats,
          }
        : { plan, interval, seats: row.seats };
      const next = amountIn(currency, nextTerms);
      const period = amountIn(currency);
      return {
        id: row.id,
        amount: moneyOf(period),
        currencyId: row.currencyId,
        currencyName: row.currencyName ?? '',
        currencySymbol: row.currencySymbol ?? '',
        planName: row.planName,
        planId: row.planId,
        allocatedNumberUsers: row.seats,
        subscriptionStartDate: isoToDisplayDate(row.startDate),
        subscriptionEndDate: isoToDisplayDate(row.endDate),
        paymentType: row.paymentType,
        paymentTypeId: row.paymentTypeId,
        durationInDays: interval ? INTERVAL_DAYS[interval] : row.planDays,
        totalNumberUsers: row.activeUsers,
        subscriptionAmount: moneyOf(period),
        isNGNSubscription: currency === 'NGN',
        isCancelled: row.isCancelled,
        cancellationDate: row.cancellationDate ? isoToDisplayDate(row.cancellationDate) : null,
        reactviationDate: row.reactivationDate ? isoToDisplayDate(row.reactivationDate) : null,
        ngnAmount: moneyOf(amountIn('NGN')),
        rowAmount: moneyOf(amountIn('USD')),
        ngnCurrencySymbol: SUBSCRIPTION_CURRENCY_SYMBOLS.NGN,
        downGradePlanInfo:
          row.scheduledPlanId && row.scheduledPlanName
            ? { planId: row.scheduledPlanId, planName: row.scheduledPlanName, effectiveDate: isoToDisplayDate(nextBillingDate) }
            : null,
        nextBillingDate: isBilled ? isoToDisplayDate(nextBillingDate) : null,
        nextBillingAmount: isBilled ? moneyOf(next + (currency === 'NGN' ? vatOf(next, catalogue.ngnVatPercent) : 0)) : null,
        isReadOnly: row.status === 'read_only',
        pastDueUntil:
          row.status === 'past_due' && row.pastDueSince ? isoToDisplayDate(addDays(row.pastDueSince, PAST_DUE_GRACE_DAYS - 1)) : null,
        renewalMethod: row.renewalMethodDescription,
      };
    },

    /**
     * Makes the change previewed: what is paid today goes through the operator's gateway for the
     * currency (a pending charge first), applied when the gateway confirms it — an upgrade charged to
     * the saved card at once, else through checkout and its webhook; a change paid on the next
     * billing date is scheduled at once.
     */
    async changePlan(principal: FirmPrincipal, input: PlanChangeInput): Promise<PlanChangeResult> {
      const { preview, plan, renewsPeriodEnd } = await previewOf(principal, input, { forChange: true });
      const currency = preview.currencyCode;
      if (preview.kind === 'scheduled') {
        await database.withFirm(principal.firmId, async (tx) => {
          const refusal = await move(
            tx,
            principal.firmId,
            {
              type: 'changeScheduled',
              on: await findFirmToday(tx, principal.firmId),
              planCode: plan.code,
              interval: input.interval,
              seats: input.seats,
            },
            currency,
          );
          if (refusal) throw conflict(refusal);
        });
        return { outcome: 'scheduled', checkoutUrl: null, preview };
      }
      const gatewayName: PaymentGatewayName = currency === 'NGN' ? 'paystack' : 'stripe';
      const gateway = gateways[gatewayName];
      if (!gateway) throw new AppError(503, SUBSCRIPTION_MESSAGES.notPayable);
      const amountMinor = Number(toMinor(preview.payToday));
      const description = `Matterhorn ${plan.name}, ${input.seats} seat${input.seats === 1 ? '' : 's'}, ${input.interval}`;
      const newCharge = async (tx: Tx) => {
        const reference = `MH-SUB-${randomUUID()}`;
        await insertCharge(tx, {
          firmId: principal.firmId,
          reference,
          gateway: gatewayName,
          kind: preview.kind === 'scheduled' ? 'start' : preview.kind,
          planId: input.planId,
          billingInterval: input.interval,
          seats: input.seats,
          amountMinor,
          vatMinor: Number(toMinor(preview.vat)),
          currencyCode: currency,
          requestedByUserId: principal.userId,
          renewsPeriodEnd,
        });
        return reference;
      };
      const first = await database.withFirm(principal.firmId, async (tx) => {
        const method = preview.kind === 'upgrade' ? await findRenewalMethod(tx, principal.firmId) : null;
        return {
          reference: await newCharge(tx),
          email: await findUserEmail(tx, principal.firmId, principal.userId),
          saved: method?.gateway === gatewayName ? openMethod(method.sealed) : null,
        };
      });
      let reference = first.reference;
      // An upgrade is charged to the card renewals use, when there is one; declined, it is paid on the gateway's page instead.
      if (first.saved) {
        const outcome = await chargeSavedCard(gatewayName, { reference, amountMinor, currencyCode: currency, description }, first.saved);
        if (outcome === 'applied' || outcome === 'pending')
          return { outcome: outcome === 'applied' ? 'charged' : 'pending', checkoutUrl: null, preview };
        if (outcome !== 'failed') throw conflict(SUBSCRIPTION_MESSAGES.chargedNotApplied(reference));
        reference = await database.withFirm(principal.firmId, newCharge);
      }
      const page = selectPlanPage;
      const checkout = await gateway
        .startCheckout({
          reference,
          amountMinor,
          currencyCode: currency,
          email: first.email,
          description,
          returnUrl: `${page}?paid=${encodeURIComponent(reference)}`,
          cancelUrl: page,
          // The card paid with is what renewals charge (Paystack keeps a reusable card by itself; Stripe is asked to).
          keepMethod: true,
        })
        .catch((error: unknown) => {
          if (error instanceof GatewayUnavailableError) throw new AppError(502, SUBSCRIPTION_MESSAGES.gatewayUnavailable);
          throw error;
        });
      return { outcome: 'checkout', checkoutUrl: checkout.checkoutUrl, preview };
    },

    /** A gateway's signed webhook about a subscription charge: what it did (applied, failed, repeated, refused, ignored, unknown…). */
    async webhook(gatewayName: PaymentGatewayName, rawBody: Buffer, signature: string | undefined): Promise<string> {
      const gateway = gateways[gatewayName];
      if (!gateway) throw notFound('Payment gateway');
      const event = gateway.readEvent(rawBody, signature);
      if (!event) throw badRequest('The webhook signature is not valid');
      if (event.kind === 'ignored') return 'ignored';
      if (event.kind === 'failed') return chargeFailed(gatewayName, event, rawBody);
      const confirmed = await gateway.confirm(event).catch((error: unknown) => {
        if (error instanceof GatewayUnavailableError) throw new AppError(502, SUBSCRIPTION_MESSAGES.gatewayUnavailable);
        throw error;
      });
      if (!confirmed) return 'unconfirmed';
      return settle(gatewayName, confirmed, rawBody);
    },

    /** Cancel (access to the end of the paid period, then read-only) or reactivate before that end. */
    async setCancelled(principal: FirmPrincipal, isCancelled: boolean): Promise<SubscriptionInfo> {
      await database.withFirm(principal.firmId, async (tx) => {
        const on = await findFirmToday(tx, principal.firmId);
        const refusal = await move(tx, principal.firmId, isCancelled ? { type: 'cancelled', on } : { type: 'reactivated', on });
        if (refusal) throw conflict(refusal);
      });
      return service.infoOf(principal);
    },

    /** The firm's charges for Matterhorn, newest first: paid, pending, failed or refused. */
    async billingHistory(principal: FirmPrincipal): Promise<BillingHistoryItem[]> {
      const rows = await database.withFirm(principal.firmId, (tx) => findChargeHistory(tx, principal.firmId));
      return rows.map(historyItemOf);
    },

    /** A paid charge's receipt as PDF; 404 for another firm's, or one not paid. */
    async receiptOf(principal: FirmPrincipal, chargeId: string): Promise<{ pdf: Buffer; fileName: string }> {
      const charge = await database.withFirm(principal.firmId, (tx) => findPaidCharge(tx, principal.firmId, chargeId));
      if (!charge) throw notFound('Receipt');
      const item = historyItemOf(charge);
      const pdf = await buildSubscriptionReceiptPdf(charge.firmName, {
        ...item,
        paidOn: item.date,
        vatPercent: catalogue.ngnVatPercent,
        gateway: charge.gateway,
      });
      return { pdf, fileName: `matterhorn-receipt-${charge.reference}.pdf` };
    },

    async plansFor(principal: FirmPrincipal): Promise<PlanList> {
      const { billing, ids } = await database.withFirm(principal.firmId, async (tx) => ({
        billing: await findFirmBilling(tx, principal.firmId),
        ids: await findPlanIds(tx),
      }));
      const currency = billingCurrencyOf(billing);
      return {
        currencyCode: currency,
        currencySymbol: SUBSCRIPTION_CURRENCY_SYMBOLS[currency],
        vatPercent: currency === 'NGN' ? catalogue.ngnVatPercent : '0',
        trialDays: catalogue.trial.days,
        plans: catalogue.plans.map((plan) => ({
          id: ids.get(plan.code)!,
          code: plan.code,
          name: plan.name,
          kind: plan.kind,
          description: plan.description,
          features: plan.features,
          limits: plan.limits,
          pricePerSeat: plan.pricePerSeat
            ? { monthly: moneyOf(plan.pricePerSeat.monthly[currency]), yearly: moneyOf(plan.pricePerSeat.yearly[currency]) }
            : null,
        })),
      };
    },

    previewChange,

    /**
     * The clock's renewals (hourly): for each firm whose paid period has ended, or whose renewal is
     * past due on its 3rd or 6th day, one try on the saved card; a try not paid makes the firm past due
     * and e-mails its owner (days 0, 3 and 6). Answers what each try did, by firm.
     */
    async chargeRenewals(): Promise<{ firmId: string; outcome: string }[]> {
      const tried: { firmId: string; outcome: string }[] = [];
      for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
        const attempt = await database.withFirm(firmId, (tx) => startRenewal(tx, firmId));
        if (attempt) tried.push({ firmId, outcome: await chargeSavedCard(attempt.gateway, attempt, attempt.method) });
      }
      return tried;
    },
  };
  return service;
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
