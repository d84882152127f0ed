import { fromScaled, toScaled } from '../common/money.ts';
import { DURATION_DECIMALS } from './time-entry-amounts.ts';

/**
 * The units a firm may bill time in (PRODUCT.md module 5). '0' bills the exact time recorded; the
 * others are hours. 0.1 h (six minutes) is the common default.
 */
export const BILLING_INCREMENTS = ['0', '0.01', '0.05', '0.1', '0.25'] as const;
export type BillingIncrement = (typeof BILLING_INCREMENTS)[number];
export const DEFAULT_BILLING_INCREMENT: BillingIncrement = '0.1';

export const BILLING_INCREMENT_LABELS: Record<BillingIncrement, string> = {
  '0': 'None (bill the exact time)',
  '0.01': '0.01 h (36 seconds)',
  '0.05': '0.05 h (3 minutes)',
  '0.1': '0.1 h (6 minutes)',
  '0.25': '0.25 h (15 minutes)',
};

export const BILLING_INCREMENT_MESSAGE = 'Billing increment must be none, 0.01, 0.05, 0.1 or 0.25 hours';

/** numeric(4,2) reads back as '0.10': the firm's stored increment as one of BILLING_INCREMENTS. */
export function billingIncrementOf(stored: string | null | undefined): BillingIncrement {
  if (stored === null || stored === undefined) return '0';
  const scaled = toScaled(stored, DURATION_DECIMALS);
  return BILLING_INCREMENTS.find((increment) => toScaled(increment, DURATION_DECIMALS) === scaled) ?? DEFAULT_BILLING_INCREMENT;
}

/**
 * The hours billed for the hours recorded: rounded up to the next whole increment (ABA Formal
 * Opinion 93-379 allows billing in increments, never billing less than one for work done). Exact
 * decimals; the result has the duration's 4 decimals.
 */
export function billedDuration(recorded: string, increment: string): string {
  const hours = toScaled(recorded, DURATION_DECIMALS);
  const unit = toScaled(increment, DURATION_DECIMALS);
  if (unit <= 0n || hours <= 0n) return fromScaled(hours, DURATION_DECIMALS);
  const units = (hours + unit - 1n) / unit;
  return fromScaled(units * unit, DURATION_DECIMALS);
}
