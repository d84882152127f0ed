// Constants only, no arithmetic: the session of every page reads the default without loading the money helpers.

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
