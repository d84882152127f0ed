import { computeTimeEntryAmounts, IS_BILLABLE, type TimeEntryAmounts } from '@matterhorn/shared';

const DECIMAL = /^\d+(\.\d+)?$/;
const ZERO: TimeEntryAmounts = { totalAmount: '0.00', foreignTotalAmount: '0.00', foreignUserRate: '0.00', homeTotalAmount: '0.00' };

export type AmountFields = { isBillable: number; userRate: string; duration: string; exchangeRate: string };

/**
 * The popup's total value line: the shared exact computation, or zeros while the entry is not
 * billable or a figure is half-typed (the form's own errors say what is wrong).
 */
export function amountsForForm({ isBillable, userRate, duration, exchangeRate }: AmountFields): TimeEntryAmounts {
  if (isBillable !== IS_BILLABLE.billable) return ZERO;
  const rate = userRate.trim() === '' ? '0' : userRate.trim();
  if (![rate, duration.trim(), exchangeRate.trim()].every((text) => DECIMAL.test(text))) return ZERO;
  return computeTimeEntryAmounts({ userRate: rate, duration: duration.trim(), exchangeRate: exchangeRate.trim() });
}
