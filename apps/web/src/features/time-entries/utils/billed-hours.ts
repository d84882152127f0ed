import { billedDuration, DURATION_DECIMALS, isMoneyText, toScaled, type TimeEntry } from '@matterhorn/shared';

const DECIMAL = /^\d+(\.\d{1,4})?$/;

/**
 * The hours the server will bill for the Duration typed: rounded up to the firm's increment, once.
 * An edited entry whose recorded hours are unchanged keeps the hours it was billed at. Null while
 * the Duration is not a number yet.
 */
export function billedHoursFor(
  duration: string,
  increment: string,
  entry: Pick<TimeEntry, 'duration' | 'recordedDuration'> | null,
): string | null {
  const typed = duration.trim();
  if (!DECIMAL.test(typed) || !isMoneyText(typed)) return null;
  if (entry && toScaled(entry.recordedDuration, DURATION_DECIMALS) === toScaled(typed, DURATION_DECIMALS)) return entry.duration;
  return billedDuration(typed, increment);
}
