import { divideRounded, fromScaled, toScaled } from '../common/money.ts';
import { DURATION_DECIMALS } from './time-entry-amounts.ts';

/** How a fee earner's bare number ("90") reads: as hours (SPEC's decimal hours) or as minutes. */
export const BARE_NUMBER_UNITS = ['hours', 'minutes'] as const;
export type BareNumberUnit = (typeof BARE_NUMBER_UNITS)[number];

export const QUICK_DURATION_EXAMPLES = '1.5, 1h20m, 1:20 or 80m';

/** The reading of what was typed: exact decimal hours (4 places), or null when it cannot be read. */
export type QuickDuration = { hours: string; isShorthand: boolean } | null;

const SCALE = 10n ** BigInt(DURATION_DECIMALS);
const DECIMAL = String.raw`\d+(?:\.\d+)?|\.\d+`;
const HOURS_WORD = String.raw`h|hr|hrs|hour|hours`;
const MINUTES_WORD = String.raw`m|min|mins|minute|minutes`;

/** "1h20m", "1h 20", "1.5h", "2 hours 5 minutes": hours, then optional whole minutes. */
const HOURS_AND_MINUTES = new RegExp(String.raw`^(${DECIMAL})\s*(?:${HOURS_WORD})(?:\s*(\d+)\s*(?:${MINUTES_WORD})?)?$`, 'i');
/** "80m", "45 min". */
const MINUTES_ONLY = new RegExp(String.raw`^(\d+)\s*(?:${MINUTES_WORD})$`, 'i');
/** "1:20", ":45". */
const CLOCK = /^(\d*):([0-5]\d)$/;
const BARE = new RegExp(String.raw`^(${DECIMAL})$`);

const minutesToScaledHours = (minutes: string) => divideRounded(BigInt(minutes) * SCALE, 60n);
const hoursToScaled = (hours: string) => toScaled(hours.startsWith('.') ? `0${hours}` : hours, DURATION_DECIMALS);
const hoursText = (scaled: bigint) => fromScaled(scaled, DURATION_DECIMALS);

/**
 * Reads a duration as people type it into a time sheet, exactly (no float): "1h20m", "1h 20",
 * "1:20" and "80m" are 1.3333 hours; "1.5" is 1.5 hours, and "90" is 90 hours unless the fee earner
 * counts whole numbers in minutes. Minutes are rounded half-up to the 4 decimals SPEC.md §9 keeps.
 * A plain decimal comes back as typed, so SPEC's own checks (at most 4 decimals, at most 24 hours)
 * still speak about it; anything else unreadable ("2h-5m", "abc") is null.
 */
export function readQuickDuration(text: string, bareNumberUnit: BareNumberUnit = 'hours'): QuickDuration {
  const typed = text.trim();
  const bare = BARE.exec(typed);
  if (bare) {
    // A whole number is minutes to a fee earner who counts in minutes; "1.5" is always hours.
    if (bareNumberUnit === 'minutes' && /^\d+$/.test(typed)) return { hours: hoursText(minutesToScaledHours(typed)), isShorthand: true };
    return { hours: typed.startsWith('.') ? `0${typed}` : typed, isShorthand: false };
  }
  const hoursAndMinutes = HOURS_AND_MINUTES.exec(typed);
  if (hoursAndMinutes) {
    const [, hours = '0', minutes = '0'] = hoursAndMinutes;
    if (Number(minutes) >= 60) return null;
    return { hours: hoursText(hoursToScaled(hours) + minutesToScaledHours(minutes)), isShorthand: true };
  }
  const minutesOnly = MINUTES_ONLY.exec(typed);
  if (minutesOnly) return { hours: hoursText(minutesToScaledHours(minutesOnly[1] ?? '0')), isShorthand: true };
  const clock = CLOCK.exec(typed);
  if (clock) {
    const [, hours, minutes = '0'] = clock;
    return { hours: hoursText(BigInt(hours || '0') * SCALE + minutesToScaledHours(minutes)), isShorthand: true };
  }
  return null;
}

/** What the form sends for a Duration: the decimal hours read, or the text as typed for SPEC's checks to refuse. */
export function durationToSend(text: string, bareNumberUnit: BareNumberUnit = 'hours'): string {
  return readQuickDuration(text, bareNumberUnit)?.hours ?? text.trim();
}

/** "1 h 20 min": a reading of decimal hours a person can check against what they typed. */
export function describeHours(hours: string): string {
  const scaled = toScaled(hours, DURATION_DECIMALS);
  const totalMinutes = divideRounded(scaled * 60n, SCALE);
  const wholeHours = totalMinutes / 60n;
  const minutes = totalMinutes % 60n;
  if (wholeHours === 0n) return `${minutes} min`;
  return minutes === 0n ? `${wholeHours} h` : `${wholeHours} h ${minutes} min`;
}
