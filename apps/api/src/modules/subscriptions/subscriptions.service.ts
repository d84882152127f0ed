import {
  fromCents,
  isoToDisplayDate,
  formatMoney,
  todayIso,
  type BillingInterval,
  type PlanCatalogue,
  type PlanChangeInput,
  type PlanChangePreview,
  type PlanList,
  type SubscriptionInfo,
  INTERVAL_DAYS,
  addDays,
  type SubscriptionCurrency,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { periodAmountOf, previewPlanChange, vatOf, type CurrentPlan } from './subscription-pricing.ts';
import { findFirmBilling, findSubscriptionDetails, type FirmBilling } from './subscriptions.repository.ts';

export const SUBSCRIPTION_MESSAGES = {
  planNotOffered: 'That plan is not offered',
  paidPlanOnly: 'Choose a paid plan: a trial that fits the free plan moves to it by itself',
  samePlan: 'That is your current plan',
  pastDue: 'Your last renewal was not paid: pay it before changing plans',
  tooFewSeats: (users: string[], seats: number) =>
    `${users.length} users are active (${users.join(', ')}): deactivate ${users.length - seats} of them first, or choose at least ${users.length} seats`,
} as const;

const SYMBOLS: Record<SubscriptionCurrency, string> = { NGN: '₦', USD: '$' };
const moneyOf = (minor: number) => fromCents(BigInt(minor));

/** Firms in Nigeria are billed in naira (isNGNSubscription), others in dollars; a paying firm keeps its subscription's currency. */
export const billingCurrencyOf = (billing: FirmBilling): SubscriptionCurrency =>
  billing.subscription?.status === 'active' || billing.subscription?.status === 'past_due'
    ? (billing.subscription.currencyCode as SubscriptionCurrency)
    : billing.country === 'Nigeria'
      ? 'NGN'
      : 'USD';

/** Issue 38: the plans a firm can choose and what a change costs. */
export function createSubscriptionsService(database: Database, catalogue: PlanCatalogue, planIds: ReadonlyMap<string, string>) {
  const planOfId = (planId: string) => catalogue.plans.find((plan) => planIds.get(plan.code) === planId);

  const planOfCode = (code: string | null) => catalogue.plans.find((plan) => plan.code === code);

  return {
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
        ngnCurrencySymbol: SYMBOLS.NGN,
        downGradePlanInfo:
          row.scheduledPlanId && row.scheduledPlanName
            ? { planId: row.scheduledPlanId, planName: row.scheduledPlanName, effectiveDate: isoToDisplayDate(nextBillingDate) }
            : null,
        nextBillingDate: isBilled ? isoToDisplayDate(nextBillingDate) : null,
        nextBillingAmount: isBilled ? moneyOf(next + (currency === 'NGN' ? vatOf(next, catalogue.ngnVatPercent) : 0)) : null,
      };
    },

    async plansFor(principal: FirmPrincipal): Promise<PlanList> {
      const billing = await database.withFirm(principal.firmId, (tx) => findFirmBilling(tx, principal.firmId));
      const currency = billingCurrencyOf(billing);
      return {
        currencyCode: currency,
        currencySymbol: SYMBOLS[currency],
        vatPercent: currency === 'NGN' ? catalogue.ngnVatPercent : '0',
        trialDays: catalogue.trial.days,
        plans: catalogue.plans.map((plan) => ({
          id: planIds.get(plan.code)!,
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

    async previewChange(principal: FirmPrincipal, input: PlanChangeInput): Promise<PlanChangePreview> {
      const chosen = planOfId(input.planId);
      if (!chosen) throw badRequest(SUBSCRIPTION_MESSAGES.planNotOffered, { planId: SUBSCRIPTION_MESSAGES.planNotOffered });
      if (chosen.kind !== 'paid') throw badRequest(SUBSCRIPTION_MESSAGES.paidPlanOnly, { planId: SUBSCRIPTION_MESSAGES.paidPlanOnly });
      const billing = await database.withFirm(principal.firmId, (tx) => findFirmBilling(tx, principal.firmId));
      const subscription = billing.subscription;
      if (!subscription) throw notFound('Subscription details');
      if (subscription.status === 'past_due') throw conflict(SUBSCRIPTION_MESSAGES.pastDue);
      if (input.seats < billing.activeUsers.length) {
        const message = SUBSCRIPTION_MESSAGES.tooFewSeats(billing.activeUsers, input.seats);
        throw badRequest(message, { seats: message });
      }
      const isPaying = subscription.status === 'active';
      const currentPlan = catalogue.plans.find((plan) => plan.code === subscription.planCode) ?? chosen;
      if (
        isPaying &&
        currentPlan.code === chosen.code &&
        subscription.billingInterval === input.interval &&
        subscription.seats === input.seats
      )
        throw badRequest(SUBSCRIPTION_MESSAGES.samePlan);
      const current: CurrentPlan = {
        isPaying,
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
          today: todayIso(),
        },
      );
      const symbol = SYMBOLS[currency];
      const [payToday, vat, next] = [preview.payTodayMinor, preview.vatTodayMinor, preview.nextBillingAmountMinor].map(moneyOf) as [
        string,
        string,
        string,
      ];
      const nextBillingDate = isoToDisplayDate(preview.nextBillingDate);
      const vatText = currency === 'NGN' ? ` (incl. VAT ${formatMoney(vat, symbol)})` : '';
      return {
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
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
