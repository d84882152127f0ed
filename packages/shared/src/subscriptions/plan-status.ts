import { daysBetween, displayToIsoDate, todayIso } from '../common/dates.ts';
import type { SubscriptionInfo } from './subscription.schemas.ts';

export const TRIAL_PLAN_NAME = 'Trial';
export const FREE_PLAN_NAME = 'Free';
export const TRIAL_LENGTH_DAYS = 14;

export type PlanStatus = {
  isTrial: boolean;
  isFree: boolean;
  isExpired: boolean;
  isCancelled: boolean;
  trialDaysLeft: number;
  billingInterval: 'Monthly' | 'Yearly';
  /** While a renewal is unpaid (issue 38): the last day to pay it, DD/MM/YYYY; else null. */
  pastDueUntil: string | null;
};

/** 30 days is Monthly, 365 Yearly, anything else treated as Monthly (SPEC.md §3). */
export function billingIntervalOf(durationInDays: number): 'Monthly' | 'Yearly' {
  return durationInDays === 365 ? 'Yearly' : 'Monthly';
}

/**
 * SPEC.md §4 Subscription: expired means the end date has passed and the plan is not NGN; and, since
 * the server tells (issue 38), whenever the subscription has ended and the firm is read-only.
 */
export function planStatusOf(subscription: SubscriptionInfo, today: string = todayIso()): PlanStatus {
  const endIso = displayToIsoDate(subscription.subscriptionEndDate) ?? today;
  const daysToEnd = daysBetween(today, endIso);
  return {
    isTrial: subscription.planName === TRIAL_PLAN_NAME,
    isFree: subscription.planName === FREE_PLAN_NAME,
    isExpired: subscription.isReadOnly || (!subscription.isNGNSubscription && daysToEnd < 0),
    isCancelled: subscription.isCancelled,
    trialDaysLeft: Math.max(daysToEnd, 0),
    billingInterval: billingIntervalOf(subscription.durationInDays),
    pastDueUntil: subscription.pastDueUntil,
  };
}

/**
 * The plan banner's text (SPEC.md §2), or null when no banner shows. A renewal not paid yet (not in
 * SPEC, issue 38) says so first: the firm has not expired while its days to pay run.
 */
export function planBannerText(status: PlanStatus): string | null {
  if (status.pastDueUntil) return `Your renewal is not paid: pay by ${status.pastDueUntil} to keep your plan`;
  if (status.isExpired) return 'Subscription Expired';
  if (status.isFree) return "You're on free plan";
  if (status.isTrial) return `${status.trialDaysLeft} days left in trial`;
  return null;
}
