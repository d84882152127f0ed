/**
 * The calendar shows the firm's clock: an event at 'YYYY-MM-DDTHH:MM' is drawn at that wall time,
 * whatever the browser's own time zone. These helpers turn such texts into the browser's Dates
 * the calendar draws and back, and do their arithmetic on the wall clock (through UTC, which has
 * no daylight saving), so a move across a clock change is still a whole number of days or hours.
 */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

function partsOf(local: string): [number, number, number, number, number] {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) throw new Error(`Not a local date and time: ${local}`);
  const [, year, month, day, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  return [year, month, day, hours, minutes];
}

/** True for 'YYYY-MM-DDTHH:MM'. */
export const isLocalDateTime = (text: string) => LOCAL_DATE_TIME.test(text);

/** The wall time as the browser's Date at the same wall time (what the calendar draws). */
export function wallClockDate(local: string): Date {
  const [year, month, day, hours, minutes] = partsOf(local);
  return new Date(year, month - 1, day, hours, minutes);
}

/** A Date the calendar hands back (a drop, a selected slot) as the wall time it shows. */
export function wallClockText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Minutes on an ideal clock without daylight saving: differences are wall-clock differences. */
export function wallClockMinutes(local: string): number {
  const [year, month, day, hours, minutes] = partsOf(local);
  return Date.UTC(year, month - 1, day, hours, minutes) / 60_000;
}

/** The wall time `minutes` later (earlier when negative). */
export function addWallClockMinutes(local: string, minutes: number): string {
  const moved = new Date((wallClockMinutes(local) + minutes) * 60_000);
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}T${pad(moved.getUTCHours())}:${pad(moved.getUTCMinutes())}`;
}

/** 'DD/MM/YYYY HH:MM', as the app shows a moment. */
export function displayWallClock(local: string): string {
  const [year, month, day, hours, minutes] = partsOf(local);
  return `${pad(day)}/${pad(month)}/${year} ${pad(hours)}:${pad(minutes)}`;
}
