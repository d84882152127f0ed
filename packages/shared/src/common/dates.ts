/** Dates travel as ISO text (YYYY-MM-DD); screens show DD/MM/YYYY (SPEC.md §2, §9). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function isoToDisplayDate(iso: string): string {
  const match = ISO_DATE.exec(iso.slice(0, 10));
  if (!match) return '';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

export function displayToIsoDate(display: string): string | null {
  const match = DISPLAY_DATE.exec(display);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isValidIsoDate(iso) ? iso : null;
}

/** The date picker hands its parent month/day/year text (SPEC.md §2). */
export function displayToMonthDayYear(display: string): string {
  const match = DISPLAY_DATE.exec(display);
  return match ? `${match[2]}/${match[1]}/${match[3]}` : '';
}

export function isValidIsoDate(iso: string): boolean {
  if (!ISO_DATE.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** Whole days from `from` to `to`, both ISO dates (negative when `to` is earlier). */
export function daysBetween(fromIso: string, toIso: string): number {
  const from = Date.parse(`${fromIso.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${toIso.slice(0, 10)}T00:00:00Z`);
  return Math.round((to - from) / 86_400_000);
}

export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** The ISO date `days` after `iso` (before, when negative), in calendar days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** One formatter per time zone: a CSV of thousands of moments builds it once. */
const firmClocks = new Map<string, Intl.DateTimeFormat>();

/** A moment's date and time as the firm's clock shows them (two-digit text parts, hours 00–23). */
function firmClockParts(date: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  let clock = firmClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    firmClocks.set(timeZone, clock);
  }
  return Object.fromEntries(clock.formatToParts(date).map((part) => [part.type, part.value])) as ReturnType<typeof firmClockParts>;
}

/** A moment as DD/MM/YYYY HH:mm on the firm's clock (GUIDE.md §10: the firm's time zone, never the reader's); '' for a value that is not one. */
export function displayFirmDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = firmClockParts(date, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** How far the firm's clock is ahead of UTC at a moment, in milliseconds. */
function firmOffsetAt(epochMs: number, timeZone: string): number {
  const parts = firmClockParts(new Date(epochMs), timeZone);
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** A moment as the firm's wall clock for a datetime-local input: YYYY-MM-DDTHH:mm. */
export function firmWallClockOf(iso: string, timeZone: string): string {
  const epoch = new Date(iso).getTime();
  if (Number.isNaN(epoch)) return '';
  return new Date(epoch + firmOffsetAt(epoch, timeZone)).toISOString().slice(0, 16);
}

/**
 * The moment a firm's wall clock (YYYY-MM-DDTHH:mm, as typed) shows, as ISO 8601 UTC: read on the
 * firm's clock, never the browser's; '' for text that is not one.
 */
export function momentOfFirmWallClock(wallClock: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wallClock)) return '';
  const asUtc = Date.parse(`${wallClock}:00Z`);
  if (Number.isNaN(asUtc)) return '';
  // The offset is that of the moment itself; asked twice, it settles across a change of offset.
  const first = asUtc - firmOffsetAt(asUtc, timeZone);
  return new Date(asUtc - firmOffsetAt(first, timeZone)).toISOString();
}
