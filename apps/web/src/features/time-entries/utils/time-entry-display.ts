import { DURATION_DECIMALS, formatMoney, fromScaled, isMoneyText, isoToDisplayDate, toScaled } from '@matterhorn/shared';

/** Decimal hours to exactly 4 decimals ("1.5" → "1.5000"), exact on the text, never through a float. */
export function formatHours(hours: string): string {
  return isMoneyText(hours) ? fromScaled(toScaled(hours, DURATION_DECIMALS), DURATION_DECIMALS) : hours;
}

/** Money in en-US with exactly 2 decimals; text that is not an amount shows as a dash. */
export function formatAmount(amount: string, currencySymbol: string): string {
  return isMoneyText(amount) ? formatMoney(amount, currencySymbol) : '—';
}

/** ISO date to DD/MM/YYYY (SPEC.md §2). */
export function formatEntryDate(iso: string): string {
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}
