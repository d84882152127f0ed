import { addDays, daysBetween, INTERVAL_DAYS, type BillingInterval, type PlanEntry, type SubscriptionCurrency } from '@matterhorn/shared';

/**
 * What a plan change costs, in minor units (kobo, cents) and whole integers throughout: every
 * division rounds half up once, at the end. Pure: the subscriptions service supplies the firm's
 * current plan and today's date.
 */

/** A decimal percentage ("7.5") as basis points (750). */
export function basisPointsOf(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** n ÷ d rounded half up, for n ≥ 0 and d > 0. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

/** VAT on an amount: amount × percent ÷ 100, rounded half up to the minor unit. */
export function vatOf(amountMinor: number, vatPercent: string): number {
  return Number(divideHalfUp(BigInt(amountMinor) * basisPointsOf(vatPercent), 10_000n));
}

/**
 * An upgrade's charge for the rest of the period: (new − old) × remaining days ÷ period days,
 * rounded half up, never negative (a cheaper change is scheduled, not refunded).
 */
export function prorationOf(oldPerPeriodMinor: number, newPerPeriodMinor: number, remainingDays: number, periodDays: number): number {
  const difference = BigInt(newPerPeriodMinor - oldPerPeriodMinor);
  if (difference <= 0n || remainingDays <= 0) return 0;
  return Number(divideHalfUp(difference * BigInt(Math.min(remainingDays, periodDays)), BigInt(periodDays)));
}

/** A paid plan's price for the period: seats × the price of a seat, before VAT. */
export function periodAmountOf(plan: PlanEntry, interval: BillingInterval, seats: number, currency: SubscriptionCurrency): number {
  if (!plan.pricePerSeat) return 0;
  return plan.pricePerSeat[interval][currency] * seats;
}

export type CurrentPlan = {
  /** Paying (active) or not (trialing, free, read-only): a change of a paid plan is an upgrade or a downgrade. */
  isPaying: boolean;
  /** Past due: the renewal is unpaid, and what is chosen is the next period, paid in full from the day after periodEnd. */
  isRenewalDue?: boolean;
  plan: PlanEntry;
  interval: BillingInterval | null;
  seats: number;
  /** The paid period's last day (ISO), when paying. */
  periodEnd: string | null;
};

export type PlanChange = { plan: PlanEntry; interval: BillingInterval; seats: number };

export type ChangePreview = {
  /**
   * start: a first paid period from today; upgrade: now, prorated; scheduled: from the next billing
   * date (a downgrade, or another interval); renewal: the unpaid next period, on the terms chosen.
   */
  kind: 'start' | 'upgrade' | 'scheduled' | 'renewal';
  payTodayMinor: number;
  vatTodayMinor: number;
  nextBillingAmountMinor: number;
  nextBillingDate: string;
  /** The day the new plan, interval or seats apply (ISO). */
  effectiveDate: string;
};

/**
 * The preview of moving to a paid plan. From a trial, the free plan or read-only: a first period
 * paid today. While paying: a change that costs more a period is an upgrade, charged now for the
 * days left ((new − old) × remaining ÷ period) and billed in full from the next billing date; one
 * that costs less (fewer seats, a smaller plan) or another interval waits for the period's end.
 * Past due: the unpaid period, whole, on the terms chosen, from the day after the last one paid.
 * VAT applies to naira only. The period's last day is paid: the next one starts the day after.
 */
export function previewPlanChange(
  current: CurrentPlan,
  change: PlanChange,
  context: { currency: SubscriptionCurrency; vatPercent: string; today: string },
): ChangePreview {
  const vat = (amount: number) => (context.currency === 'NGN' ? vatOf(amount, context.vatPercent) : 0);
  const next = periodAmountOf(change.plan, change.interval, change.seats, context.currency);
  const withVat = (amount: number) => amount + vat(amount);
  if (!current.isPaying || !current.periodEnd || !current.interval) {
    const nextBillingDate = addDays(context.today, INTERVAL_DAYS[change.interval]);
    return {
      kind: 'start',
      payTodayMinor: withVat(next),
      vatTodayMinor: vat(next),
      nextBillingAmountMinor: withVat(next),
      nextBillingDate,
      effectiveDate: context.today,
    };
  }
  const nextBillingDate = addDays(current.periodEnd, 1);
  if (current.isRenewalDue)
    return {
      kind: 'renewal',
      payTodayMinor: withVat(next),
      vatTodayMinor: vat(next),
      nextBillingAmountMinor: withVat(next),
      nextBillingDate: addDays(nextBillingDate, INTERVAL_DAYS[change.interval]),
      effectiveDate: nextBillingDate,
    };
  const now = periodAmountOf(current.plan, current.interval, current.seats, context.currency);
  if (change.interval === current.interval && next > now) {
    const periodDays = INTERVAL_DAYS[current.interval];
    const charge = prorationOf(now, next, daysBetween(context.today, nextBillingDate), periodDays);
    return {
      kind: 'upgrade',
      payTodayMinor: withVat(charge),
      vatTodayMinor: vat(charge),
      nextBillingAmountMinor: withVat(next),
      nextBillingDate,
      effectiveDate: context.today,
    };
  }
  return {
    kind: 'scheduled',
    payTodayMinor: 0,
    vatTodayMinor: 0,
    nextBillingAmountMinor: withVat(next),
    nextBillingDate,
    effectiveDate: nextBillingDate,
  };
}
