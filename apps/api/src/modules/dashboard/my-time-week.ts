/** Calendar arithmetic for the dashboard's week: pure, on ISO dates, no clock of its own. */

const DAY_MS = 86_400_000;

/** Today's date where the firm is; a time zone the runtime does not know counts as UTC. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): { today: string; timeZone: string } {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
    return { today: `${part('year')}-${part('month')}-${part('day')}`, timeZone };
  } catch {
    return { today: now.toISOString().slice(0, 10), timeZone: 'UTC' };
  }
}

/** The seven dates, Monday to Sunday, of the week holding `isoDate`. */
export function weekDatesOf(isoDate: string): string[] {
  const day = Date.parse(`${isoDate}T00:00:00Z`);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  const monday = day - sinceMonday * DAY_MS;
  return Array.from({ length: 7 }, (_, index) => new Date(monday + index * DAY_MS).toISOString().slice(0, 10));
}
