import { formatMoney, isoToDisplayDate, type MatterRate } from '@matterhorn/shared';

/** Dates on screen are DD/MM/YYYY (SPEC.md §9); a missing date reads as a dash. */
export function displayDate(iso: string | null | undefined): string {
  return iso ? isoToDisplayDate(iso) || '—' : '—';
}

export function displayMoney(amount: string | null | undefined, currencySymbol: string): string {
  return amount ? formatMoney(amount, currencySymbol) : '—';
}

/** The rate that goes with a billing type: the flat fee, the contingency share or the hourly rate. */
export function billingRateText(
  matter: { matterRate: MatterRate; flatRate: string | null; contingencyPercentage: string | null; hourlyRates: string | null },
  currencySymbol: string,
): string {
  if (matter.matterRate === 'Flat Rate') return displayMoney(matter.flatRate, currencySymbol);
  if (matter.matterRate === 'Contingency') return matter.contingencyPercentage ? `${matter.contingencyPercentage}%` : '—';
  return matter.hourlyRates ? `${formatMoney(matter.hourlyRates, currencySymbol)} / hour` : '—';
}
