import { divideRounded, fromScaled, toScaled, type ReportCheck } from '@matterhorn/shared';

/**
 * Hours and percentages as the time reports show them. Hours are exact: time entries keep 4
 * decimals, so sums are taken at 4 and shown with at least 2 ("1.50", "0.3333"). A percentage is
 * one decimal, rounded half-up, and blank when there is nothing to divide by.
 */
const HOURS_DECIMALS = 4;

/** Exact hours text, trailing zeros past the second decimal dropped. */
export function hoursText(hours: string | bigint): string {
  const scaled = typeof hours === 'bigint' ? hours : toScaled(hours, HOURS_DECIMALS);
  return fromScaled(scaled, HOURS_DECIMALS)
    .replace(/(\.\d\d\d?)0+$/, '$1')
    .replace(/(\.\d\d)0$/, '$1');
}

/** Σ hours, exact. */
export const addHours = (...hours: string[]) => hoursText(hours.reduce((sum, value) => sum + toScaled(value, HOURS_DECIMALS), 0n));

/** numerator ÷ denominator × 100, one decimal, half-up ("12.5"); null when the denominator is 0. */
export function percentOf(numerator: string, denominator: string, decimals = HOURS_DECIMALS): string | null {
  const over = toScaled(denominator, decimals);
  if (over === 0n) return null;
  return fromScaled(divideRounded(toScaled(numerator, decimals) * 1000n, over), 1);
}

/** A money ratio as a percentage: both sides to the cent. */
export const moneyPercentOf = (numerator: string, denominator: string) => percentOf(numerator, denominator, 2);

/** A tie-out of two hour figures: passes when they agree exactly. */
export const hoursCheck = (name: string, expected: string, actual: string): ReportCheck => ({
  name,
  expected: hoursText(expected),
  actual: hoursText(actual),
  pass: toScaled(expected, HOURS_DECIMALS) === toScaled(actual, HOURS_DECIMALS),
});
