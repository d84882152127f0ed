import ICAL from 'ical.js';

/**
 * Events on the firm's wall clock (issue 40): a start and end as 'YYYY-MM-DDTHH:MM' with no zone,
 * repeated by an RRULE expanded on that clock (a weekly 09:00 stays 09:00 when the clocks change),
 * and each occurrence turned into an instant with the firm's time zone only when it is shown.
 */

/** The frequencies an event may repeat at: finer ones would let one rule make millions of occurrences. */
const FREQUENCIES = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
/** The most occurrences one event shows in a range, and the most a rule's end is searched through. */
const MAX_OCCURRENCES = 500;
const MAX_SEARCH = 20_000;

const MINUTE = 60_000;
/** A wall-clock minute as the milliseconds of the same digits in UTC: arithmetic without zones. */
const floating = (local: string) => Date.parse(`${local}:00Z`);
const localOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);
export const addMinutes = (local: string, minutes: number) => localOf(floating(local) + minutes * MINUTE);
export const minutesBetween = (from: string, to: string) => Math.round((floating(to) - floating(from)) / MINUTE);

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - Math.floor(instant / MINUTE) * MINUTE;
}

const DAY = 24 * 60 * MINUTE;

/**
 * The instant a wall-clock time in `timeZone` is: tried with the zone's offset a day before and a day
 * after (a change is never closer than that to another), keeping the candidates that read back as the
 * same wall time. An autumn time that happens twice is its first; a time the spring change skips
 * reads as the same distance past the change.
 */
export function wallTimeToInstant(local: string, timeZone: string): Date {
  const wall = floating(local);
  const candidates = [wall - offsetAt(wall - DAY, timeZone), wall - offsetAt(wall + DAY, timeZone)];
  const valid = candidates.filter((instant) => localOf(instant + offsetAt(instant, timeZone)) === local);
  return new Date(valid.length > 0 ? Math.min(...valid) : candidates[0]!);
}

/** The firm's wall clock now, 'YYYY-MM-DDTHH:MM'. */
export function wallClockNow(timeZone: string, now = new Date()): string {
  return localOf(now.getTime() + offsetAt(now.getTime(), timeZone));
}

/** Null when the rule is one an event may use (parsed by ical.js, a day or longer); else why not. */
export function ruleProblem(rule: string): string | null {
  try {
    const recur = ICAL.Recur.fromString(rule);
    return FREQUENCIES.has(recur.freq) ? null : 'repeats more often than daily';
  } catch {
    return 'cannot be read';
  }
}

export type EventTiming = { start: string; end: string; isAllDay: boolean; recurrence: string | null };
export type Occurrence = { start: string; end: string };

/** Each occurrence's start, in order, from the first (the rule's iterator on the wall clock). */
function* startsOf(timing: EventTiming): Generator<string> {
  if (!timing.recurrence) {
    yield timing.start;
    return;
  }
  const iterator = ICAL.Recur.fromString(timing.recurrence).iterator(ICAL.Time.fromDateTimeString(`${timing.start}:00`));
  for (let next = iterator.next(), count = 0; next && count < MAX_SEARCH; next = iterator.next(), count++)
    yield next.toString().slice(0, 16);
}

/** The occurrences that overlap [from, to) on the wall clock (at most 500). */
export function occurrencesIn(timing: EventTiming, from: string, to: string): Occurrence[] {
  const length = minutesBetween(timing.start, timing.end);
  const found: Occurrence[] = [];
  for (const start of startsOf(timing)) {
    if (start >= to || found.length >= MAX_OCCURRENCES) break;
    const end = addMinutes(start, length);
    if (end > from || (end === start && start >= from)) found.push({ start, end });
  }
  return found;
}

/** When the last occurrence ends, for a rule with COUNT or UNTIL (or none); null: it repeats for ever. */
export function lastEndOf(timing: EventTiming): string | null {
  if (timing.recurrence) {
    const recur = ICAL.Recur.fromString(timing.recurrence);
    if (!recur.count && !recur.until) return null;
  }
  let last = timing.start;
  for (const start of startsOf(timing)) last = start;
  return addMinutes(last, minutesBetween(timing.start, timing.end));
}
