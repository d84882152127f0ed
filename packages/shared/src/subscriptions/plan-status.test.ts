import { afterEach, describe, it, expect, vi } from 'vitest';
import { billingIntervalOf, FREE_PLAN_NAME, planBannerText, planStatusOf, TRIAL_PLAN_NAME, type PlanStatus } from './plan-status.ts';
import type { SubscriptionInfo } from './subscription.schemas.ts';

const TODAY = '2026-06-15';

function subscription(overrides: Partial<SubscriptionInfo>): SubscriptionInfo {
  return {
    id: 'sub-1',
    amount: '0.00',
    currencyId: 1,
    currencyName: 'USD',
    currencySymbol: '$',
    planName: 'Professional',
    planId: 'plan-1',
    allocatedNumberUsers: 5,
    subscriptionStartDate: '15/05/2026',
    subscriptionEndDate: '15/07/2026',
    paymentType: 'Card',
    paymentTypeId: 1,
    durationInDays: 30,
    totalNumberUsers: 3,
    subscriptionAmount: '49.00',
    isNGNSubscription: false,
    isCancelled: false,
    cancellationDate: null,
    reactviationDate: null,
    ngnAmount: '0.00',
    rowAmount: '49.00',
    ngnCurrencySymbol: '₦',
    downGradePlanInfo: null,
    nextBillingDate: null,
    nextBillingAmount: null,
    isReadOnly: false,
    pastDueUntil: null,
    renewalMethod: null,
    ...overrides,
  };
}

describe('plan names', () => {
  it("are 'Trial' and 'Free'", () => {
    expect(TRIAL_PLAN_NAME).toBe('Trial');
    expect(FREE_PLAN_NAME).toBe('Free');
  });
});

describe('billingIntervalOf: 30 Monthly, 365 Yearly, anything else Monthly', () => {
  it.each([
    [30, 'Monthly'],
    [365, 'Yearly'],
    [0, 'Monthly'],
    [1, 'Monthly'],
    [7, 'Monthly'],
    [14, 'Monthly'],
    [31, 'Monthly'],
    [90, 'Monthly'],
    [360, 'Monthly'],
    [364, 'Monthly'],
    [366, 'Monthly'],
    [730, 'Monthly'],
    [-30, 'Monthly'],
  ])('%i days -> %s', (days, expected) => {
    expect(billingIntervalOf(days)).toBe(expected);
  });

  it.each([
    [30, 'Monthly'],
    [365, 'Yearly'],
    [14, 'Monthly'],
  ])('planStatusOf carries %i days as %s', (durationInDays, expected) => {
    expect(planStatusOf(subscription({ durationInDays }), TODAY).billingInterval).toBe(expected);
  });
});

describe('planStatusOf + planBannerText', () => {
  it.each<[string, Partial<SubscriptionInfo>, Partial<PlanStatus>, string | null]>([
    // trial: days left = end date minus today
    [
      'trial with 10 days left',
      { planName: 'Trial', subscriptionEndDate: '25/06/2026' },
      { isTrial: true, isFree: false, isExpired: false, trialDaysLeft: 10 },
      '10 days left in trial',
    ],
    [
      'trial with 14 days left',
      { planName: 'Trial', subscriptionEndDate: '29/06/2026' },
      { isTrial: true, isExpired: false, trialDaysLeft: 14 },
      '14 days left in trial',
    ],
    [
      'trial with 1 day left',
      { planName: 'Trial', subscriptionEndDate: '16/06/2026' },
      { isTrial: true, isExpired: false, trialDaysLeft: 1 },
      '1 days left in trial',
    ],
    [
      'trial ending today is not yet expired',
      { planName: 'Trial', subscriptionEndDate: '15/06/2026' },
      { isTrial: true, isExpired: false, trialDaysLeft: 0 },
      '0 days left in trial',
    ],
    [
      'trial across a month end',
      { planName: 'Trial', subscriptionEndDate: '05/07/2026' },
      { isTrial: true, isExpired: false, trialDaysLeft: 20 },
      '20 days left in trial',
    ],
    // trial past its end date
    [
      'trial ended yesterday (non-NGN) is expired',
      { planName: 'Trial', subscriptionEndDate: '14/06/2026' },
      { isTrial: true, isExpired: true, trialDaysLeft: 0 },
      'Subscription Expired',
    ],
    [
      'trial ended long ago (non-NGN) is expired',
      { planName: 'Trial', subscriptionEndDate: '01/01/2025' },
      { isTrial: true, isExpired: true, trialDaysLeft: 0 },
      'Subscription Expired',
    ],
    [
      'NGN trial past its end date never expires',
      { planName: 'Trial', subscriptionEndDate: '14/06/2026', isNGNSubscription: true },
      { isTrial: true, isExpired: false, trialDaysLeft: 0 },
      '0 days left in trial',
    ],
    // free plan
    [
      'free plan, end date ahead',
      { planName: 'Free', subscriptionEndDate: '15/06/2027', amount: '0.00' },
      { isTrial: false, isFree: true, isExpired: false },
      "You're on free plan",
    ],
    [
      'free plan ending today',
      { planName: 'Free', subscriptionEndDate: '15/06/2026' },
      { isFree: true, isExpired: false },
      "You're on free plan",
    ],
    [
      'free plan past its end date (non-NGN) is expired',
      { planName: 'Free', subscriptionEndDate: '14/06/2026' },
      { isFree: true, isExpired: true },
      'Subscription Expired',
    ],
    [
      'NGN free plan past its end date stays free',
      { planName: 'Free', subscriptionEndDate: '14/06/2026', isNGNSubscription: true },
      { isFree: true, isExpired: false },
      "You're on free plan",
    ],
    // paid plans
    [
      'paid plan, active: no banner',
      { planName: 'Professional', subscriptionEndDate: '15/07/2026' },
      { isTrial: false, isFree: false, isExpired: false },
      null,
    ],
    ['paid plan ending today: no banner', { planName: 'Professional', subscriptionEndDate: '15/06/2026' }, { isExpired: false }, null],
    [
      'paid yearly plan, active: no banner',
      { planName: 'Enterprise', subscriptionEndDate: '15/06/2027', durationInDays: 365 },
      { isExpired: false, billingInterval: 'Yearly' },
      null,
    ],
    [
      'paid plan past its end date (non-NGN) is expired',
      { planName: 'Professional', subscriptionEndDate: '14/06/2026' },
      { isTrial: false, isFree: false, isExpired: true, trialDaysLeft: 0 },
      'Subscription Expired',
    ],
    [
      'NGN paid plan past its end date: not expired, no banner',
      { planName: 'Professional', subscriptionEndDate: '01/01/2026', isNGNSubscription: true },
      { isExpired: false, trialDaysLeft: 0 },
      null,
    ],
    [
      'NGN paid plan, active: no banner',
      { planName: 'Professional', subscriptionEndDate: '15/07/2026', isNGNSubscription: true },
      { isExpired: false },
      null,
    ],
    // cancellation is carried, and does not by itself change the banner
    [
      'cancelled paid plan still active',
      { planName: 'Professional', subscriptionEndDate: '15/07/2026', isCancelled: true },
      { isCancelled: true, isExpired: false },
      null,
    ],
    [
      'cancelled paid plan past its end date',
      { planName: 'Professional', subscriptionEndDate: '14/06/2026', isCancelled: true },
      { isCancelled: true, isExpired: true },
      'Subscription Expired',
    ],
    [
      'renewal not paid (past due): the days left to pay it, before the SPEC’s expiry',
      { planName: 'Professional', subscriptionEndDate: '10/06/2026', pastDueUntil: '17/06/2026' },
      { isExpired: true, pastDueUntil: '17/06/2026' },
      'Your renewal is not paid: pay by 17/06/2026 to keep your plan',
    ],
    // plan names are matched exactly
    [
      "'trial' in lower case is not the trial plan",
      { planName: 'trial', subscriptionEndDate: '25/06/2026' },
      { isTrial: false, isFree: false },
      null,
    ],
    [
      "'Free Plus' is not the free plan",
      { planName: 'Free Plus', subscriptionEndDate: '25/06/2026' },
      { isTrial: false, isFree: false },
      null,
    ],
  ])('%s', (_label, overrides, expectedStatus, expectedBanner) => {
    const status = planStatusOf(subscription(overrides), TODAY);
    expect(status).toMatchObject(expectedStatus);
    expect(planBannerText(status)).toBe(expectedBanner);
  });

  it('builds the whole status', () => {
    expect(planStatusOf(subscription({ planName: 'Trial', subscriptionEndDate: '20/06/2026', durationInDays: 14 }), TODAY)).toEqual({
      isTrial: true,
      isFree: false,
      isExpired: false,
      isCancelled: false,
      trialDaysLeft: 5,
      billingInterval: 'Monthly',
      pastDueUntil: null,
    });
  });

  describe('defaults today to the current local date', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      [new Date(2026, 5, 15, 9, 0), '10 days left in trial'],
      [new Date(2026, 5, 25, 23, 59), '0 days left in trial'],
      [new Date(2026, 5, 26, 0, 1), 'Subscription Expired'],
    ])('at %s -> %j', (now, expected) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      expect(planBannerText(planStatusOf(subscription({ planName: 'Trial', subscriptionEndDate: '25/06/2026' })))).toBe(expected);
    });
  });
});

describe('planBannerText precedence', () => {
  const base: PlanStatus = {
    isTrial: false,
    isFree: false,
    isExpired: false,
    isCancelled: false,
    trialDaysLeft: 0,
    billingInterval: 'Monthly',
    pastDueUntil: null,
  };

  it.each<[string, Partial<PlanStatus>, string | null]>([
    ['nothing special', {}, null],
    ['cancelled only', { isCancelled: true }, null],
    ['expired', { isExpired: true }, 'Subscription Expired'],
    ['expired beats free', { isExpired: true, isFree: true }, 'Subscription Expired'],
    ['expired beats trial', { isExpired: true, isTrial: true, trialDaysLeft: 3 }, 'Subscription Expired'],
    ['free', { isFree: true }, "You're on free plan"],
    ['trial', { isTrial: true, trialDaysLeft: 7 }, '7 days left in trial'],
    ['trial with 0 days', { isTrial: true, trialDaysLeft: 0 }, '0 days left in trial'],
    [
      'a renewal not paid beats expired',
      { isExpired: true, pastDueUntil: '17/06/2026' },
      'Your renewal is not paid: pay by 17/06/2026 to keep your plan',
    ],
  ])('%s', (_label, overrides, expected) => {
    expect(planBannerText({ ...base, ...overrides })).toBe(expected);
  });
});
