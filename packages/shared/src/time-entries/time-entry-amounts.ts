import { BILLING_INCREMENTS, DEFAULT_BILLING_INCREMENT, type BillingIncrement } from './billing-increment.ts';
import { divideRounded, fromScaled, isMoneyText, MONEY_DECIMALS, toScaled } from '../common/money.ts';

/** Durations are decimal hours with at most 4 decimals (SPEC.md §9 shows the timer to 4 decimals). */
export const DURATION_DECIMALS = 4;
/** Hours everywhere but the timer and the time-entry popup: 2 decimals, half-up ("12.7500" → "12.75"), exact on the text. */
export const DISPLAY_HOURS_DECIMALS = 2;
export function formatDisplayHours(hours: string): string {
  return isMoneyText(hours) ? fromScaled(toScaled(hours, DISPLAY_HOURS_DECIMALS), DISPLAY_HOURS_DECIMALS) : hours;
}
/** Exchange rates carry 8 decimals, as the firm's exchange-rate table stores them. */
export const EXCHANGE_RATE_DECIMALS = 8;
/** One time entry covers at most a day. */
export const MAX_DURATION_HOURS = 24;

export interface TimeEntryAmountInput {
  /** The fee earner's hourly rate in the firm's home currency. */
  userRate: string;
  /** Decimal hours. */
  duration: string;
  /** Home-currency units one unit of the billing currency buys (1 when billing in the home currency). */
  exchangeRate: string;
}

export interface TimeEntryAmounts {
  /** SPEC.md §9: rate × duration ÷ exchange rate, in the billing currency. */
  totalAmount: string;
  /** The same total, named as SPEC.md's foreign (billing) currency fields are. */
  foreignTotalAmount: string;
  /** The hourly rate in the billing currency: rate ÷ exchange rate. */
  foreignUserRate: string;
  /** rate × duration in the home currency, before conversion: what reports and the dashboard add up. */
  homeTotalAmount: string;
}

const ZERO = '0.00';

/**
 * The one computation of a time entry's value, used by the server to store it and by the popup to
 * show it, so both always agree. Exact decimals, one half-up rounding to 2 decimals per figure.
 */
export function computeTimeEntryAmounts({ userRate, duration, exchangeRate }: TimeEntryAmountInput): TimeEntryAmounts {
  const rate = toScaled(userRate || '0', MONEY_DECIMALS);
  const hours = toScaled(duration || '0', DURATION_DECIMALS);
  const exchange = toScaled(exchangeRate || '1', EXCHANGE_RATE_DECIMALS);
  if (exchange <= 0n) return { totalAmount: ZERO, foreignTotalAmount: ZERO, foreignUserRate: ZERO, homeTotalAmount: ZERO };
  // rate (10^2) × hours (10^4) = value in 10^6; back to 10^2 by dividing by 10^4.
  const homeValue = rate * hours;
  const homeTotal = divideRounded(homeValue, 10n ** BigInt(DURATION_DECIMALS));
  // value (10^6) × 10^8 ÷ exchange (10^8) stays in 10^6; then to 10^2.
  const billingTotal = divideRounded(homeValue * 10n ** BigInt(EXCHANGE_RATE_DECIMALS), exchange * 10n ** BigInt(DURATION_DECIMALS));
  const billingRate = divideRounded(rate * 10n ** BigInt(EXCHANGE_RATE_DECIMALS), exchange);
  const totalAmount = fromScaled(billingTotal, MONEY_DECIMALS);
  return {
    totalAmount,
    foreignTotalAmount: totalAmount,
    foreignUserRate: fromScaled(billingRate, MONEY_DECIMALS),
    homeTotalAmount: fromScaled(homeTotal, MONEY_DECIMALS),
  };
}

/**
 * A timer total as SPEC.md §3 shows it: hh:mm:ss, or days.hh:mm:ss from a day on.
 */
export function formatTimerTotal(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(Math.floor((seconds % 86_400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return days > 0 ? `${days}.${clock}` : clock;
}

/** The header widget's clock: hours keep counting past a day (SPEC.md §9: days*24 + hours). */
export function formatTimerClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Reads a SPEC total ("1.02:03:04" or "02:03:04") back into seconds; null when it is not one. */
export function parseTimerTotal(text: string): number | null {
  const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return Number(days) * 86_400 + Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** Seconds as decimal hours to 4 decimals, half-up, as text (the timer's duration for the popup). */
export function secondsToHours(totalSeconds: number): string {
  const seconds = BigInt(Math.max(0, Math.floor(totalSeconds)));
  return fromScaled(divideRounded(seconds * 10n ** BigInt(DURATION_DECIMALS), 3600n), DURATION_DECIMALS);
}

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

/** Decimal hours added exactly (4 places): what merged suggestions come to. */
export function sumHours(hours: readonly string[]): string {
  return fromScaled(
    hours.reduce((sum, value) => sum + toScaled(value, DURATION_DECIMALS), 0n),
    DURATION_DECIMALS,
  );
}
