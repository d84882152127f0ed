import { DURATION_DECIMALS, formatMoney, fromScaled, isMoneyText, isoToDisplayDate, toScaled } from '@matterhorn/shared';

/** Decimal hours to exactly 4 decimals ("1.5" → "1.5000"), exact on the text, never through a float. */
export function formatHours(hours: string): string {
  return isMoneyText(hours) ? fromScaled(toScaled(hours, DURATION_DECIMALS), DURATION_DECIMALS) : hours;
}

/** Lists show hours to 2 decimals, half-up ("0.25" → "0.25", "1.5" → "1.50"); the popup and timer keep 4. */
export const LIST_HOURS_DECIMALS = 2;
export function formatListHours(hours: string): string {
  return isMoneyText(hours) ? fromScaled(toScaled(hours, LIST_HOURS_DECIMALS), LIST_HOURS_DECIMALS) : hours;
}

/** Hours as a person writes them: no trailing zeros ("0.1000" → "0.1", "2.0000" → "2"). */
export function formatShortHours(hours: string): string {
  if (!isMoneyText(hours)) return hours;
  const exact = fromScaled(toScaled(hours, DURATION_DECIMALS), DURATION_DECIMALS);
  return exact.replace(/\.?0+$/, '');
}

/** "0.0019 h recorded → 0.1 h billed": how rounding to the firm's billing increment changed the hours. */
export function recordedToBilledText(recorded: string, billed: string): string {
  return `${formatShortHours(recorded)} h recorded → ${formatShortHours(billed)} h billed`;
}

/** Money in en-US with exactly 2 decimals; text that is not an amount shows as a dash. */
export function formatAmount(amount: string, currencySymbol: string): string {
  return isMoneyText(amount) ? formatMoney(amount, currencySymbol) : '—';
}

/** ISO date to DD/MM/YYYY (SPEC.md §2). */
export function formatEntryDate(iso: string): string {
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}
