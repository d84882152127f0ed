import { planCatalogueSchema } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { basisPointsOf, previewPlanChange, prorationOf, vatOf, type CurrentPlan } from './subscription-pricing.ts';

describe('VAT in minor units', () => {
  it.each([
    ['7.5', 0, 0],
    ['7.5', 1_500_000, 112_500], // ₦15,000.00 → ₦1,125.00
    ['7.5', 1, 0], // 0.075 kobo rounds down
    ['7.5', 7, 1], // 0.525 kobo rounds up
    ['7.5', 20, 2], // 1.5 kobo: half rounds up
    ['7.5', 4_500_000, 337_500],
    ['10', 999, 100], // 99.9 → 100
    ['0', 1_500_000, 0],
    ['12.25', 10_000, 1_225],
  ])('%s%% of %i is %i', (percent, amount, vat) => {
    expect(vatOf(amount, percent)).toBe(vat);
  });

  it('reads a percentage as basis points', () => {
    expect([basisPointsOf('7.5'), basisPointsOf('7.25'), basisPointsOf('15'), basisPointsOf('0.05')]).toEqual([750n, 725n, 1500n, 5n]);
  });
});

describe('an upgrade prorated to the next billing date', () => {
  it.each([
    // old, new, remaining days, period days → charge
    [1_500_000, 4_500_000, 30, 30, 3_000_000], // a whole period left: the whole difference
    [1_500_000, 4_500_000, 15, 30, 1_500_000],
    [1_500_000, 4_500_000, 1, 30, 100_000],
    [1_900, 3_900, 10, 30, 667], // 666.67 cents → 667
    [1_900, 3_900, 7, 30, 467], // 466.67 → 467
    [1_000, 1_003, 5, 30, 1], // 0.5 cent: half rounds up
    [1_000, 1_002, 5, 30, 0], // 0.33 cent
    [19_000, 39_000, 200, 365, 10_959], // 10,958.9 → 10,959
    [4_500_000, 1_500_000, 20, 30, 0], // cheaper: never negative (scheduled instead)
    [1_500_000, 4_500_000, 0, 30, 0], // the last day already passed
    [1_500_000, 4_500_000, 45, 30, 3_000_000], // never more than a period
  ])('%i → %i with %i of %i days left costs %i', (oldAmount, newAmount, remaining, period, charge) => {
    expect(prorationOf(oldAmount, newAmount, remaining, period)).toBe(charge);
  });
});

describe('the preview of a plan change', () => {
  const catalogue = planCatalogueSchema.parse({
    ngnVatPercent: '7.5',
    trial: { days: 14, seats: 5 },
    plans: [
      { code: 'free', name: 'Free', kind: 'free', limits: { users: 1, activeMatters: 10, storageMb: 1024 } },
      {
        code: 'standard',
        name: 'Standard',
        kind: 'paid',
        pricePerSeat: { monthly: { NGN: 1_500_000, USD: 1_900 }, yearly: { NGN: 15_000_000, USD: 19_000 } },
      },
      {
        code: 'professional',
        name: 'Professional',
        kind: 'paid',
        pricePerSeat: { monthly: { NGN: 2_500_000, USD: 3_900 }, yearly: { NGN: 25_000_000, USD: 39_000 } },
      },
    ],
  });
  const planOf = (code: string) => catalogue.plans.find((plan) => plan.code === code)!;
  const [free, standard, professional] = [planOf('free'), planOf('standard'), planOf('professional')];
  const naira = { currency: 'NGN' as const, vatPercent: '7.5', today: '2026-11-26' };
  const dollars = { ...naira, currency: 'USD' as const };
  const trial: CurrentPlan = { isPaying: false, plan: free, interval: null, seats: 5, periodEnd: null };
  // Standard, 3 seats, monthly, paid 2026-11-11 to 2026-12-10: next billing 11/12, 15 days from the 26th.
  const paying: CurrentPlan = { isPaying: true, plan: standard, interval: 'monthly', seats: 3, periodEnd: '2026-12-10' };

  it('starts a first period today: 3 seats of Standard at ₦15,000 = ₦45,000 + ₦3,375 VAT, the same again in 30 days', () => {
    expect(previewPlanChange(trial, { plan: standard, interval: 'monthly', seats: 3 }, naira)).toEqual({
      kind: 'start',
      payTodayMinor: 4_837_500,
      vatTodayMinor: 337_500,
      nextBillingAmountMinor: 4_837_500,
      nextBillingDate: '2026-12-26',
      effectiveDate: '2026-11-26',
    });
  });

  it('charges no VAT in dollars, and a year ahead for yearly', () => {
    expect(previewPlanChange(trial, { plan: professional, interval: 'yearly', seats: 2 }, dollars)).toMatchObject({
      payTodayMinor: 78_000,
      vatTodayMinor: 0,
      nextBillingDate: '2027-11-26',
    });
  });

  it('charges an upgrade now for the days left: Standard × 3 → Professional × 3 with 15 of 30 days left', () => {
    // (₦75,000 − ₦45,000) × 15 ÷ 30 = ₦15,000, + ₦1,125 VAT; then ₦75,000 + ₦5,625 from 11/12.
    expect(previewPlanChange(paying, { plan: professional, interval: 'monthly', seats: 3 }, naira)).toEqual({
      kind: 'upgrade',
      payTodayMinor: 1_612_500,
      vatTodayMinor: 112_500,
      nextBillingAmountMinor: 8_062_500,
      nextBillingDate: '2026-12-11',
      effectiveDate: '2026-11-26',
    });
  });

  it('charges added seats the same way', () => {
    // (₦75,000 − ₦45,000) × 15 ÷ 30 for two more seats of Standard.
    expect(previewPlanChange(paying, { plan: standard, interval: 'monthly', seats: 5 }, naira)).toMatchObject({
      kind: 'upgrade',
      payTodayMinor: 1_612_500,
    });
  });

  it('schedules fewer seats, and another interval, for the next billing date, with nothing to pay today', () => {
    expect(previewPlanChange(paying, { plan: standard, interval: 'monthly', seats: 2 }, naira)).toEqual({
      kind: 'scheduled',
      payTodayMinor: 0,
      vatTodayMinor: 0,
      nextBillingAmountMinor: 3_225_000,
      nextBillingDate: '2026-12-11',
      effectiveDate: '2026-12-11',
    });
    expect(previewPlanChange(paying, { plan: standard, interval: 'yearly', seats: 3 }, naira)).toMatchObject({
      kind: 'scheduled',
      payTodayMinor: 0,
      nextBillingAmountMinor: 48_375_000,
    });
  });

  it('charges a past-due renewal whole, on the terms chosen, from the day after the last period paid', () => {
    // Standard × 3 ended 2026-11-10 unpaid; renewed yearly with 2 seats: ₦300,000 + ₦22,500 VAT, 11/11/2026 to 10/11/2027.
    const pastDue: CurrentPlan = { ...paying, isRenewalDue: true, periodEnd: '2026-11-10' };
    expect(previewPlanChange(pastDue, { plan: standard, interval: 'yearly', seats: 2 }, naira)).toEqual({
      kind: 'renewal',
      payTodayMinor: 32_250_000,
      vatTodayMinor: 2_250_000,
      nextBillingAmountMinor: 32_250_000,
      nextBillingDate: '2027-11-11',
      effectiveDate: '2026-11-11',
    });
  });
});
