import dayjs from 'dayjs';
import type { CalendarView } from './calendar-params.ts';
import { addWallClockMinutes, wallClockText } from './wall-clock.ts';

export type NewEventTimes = { start: string; end: string; isAllDay: boolean };

const HOUR = 60;
const DAY = 24 * HOUR;
const WORKDAY_START = '09:00';

const isMidnight = (date: Date) => date.getHours() === 0 && date.getMinutes() === 0;
const atNine = (day: string) => ({
  start: `${day}T${WORKDAY_START}`,
  end: addWallClockMinutes(`${day}T${WORKDAY_START}`, HOUR),
  isAllDay: false,
});

/**
 * A new event's times from the "New event" button: the next full hour for an hour when the
 * calendar shows today, else 09:00 to 10:00 of the day it is on.
 */
export function defaultEventTimes(anchorDate: string | null, now: Date): NewEventTimes {
  const today = dayjs(now).format('YYYY-MM-DD');
  if (anchorDate && anchorDate !== today) return atNine(anchorDate);
  const start = wallClockText(dayjs(now).add(1, 'hour').startOf('hour').toDate());
  return { start, end: addWallClockMinutes(start, HOUR), isAllDay: false };
}

/**
 * A new event's times from a stretch picked on the calendar. Hours picked in the time grid are
 * taken as they are. Whole days: one day of the month is an hour from 09:00 (a meeting is likelier
 * than a day off); more days, or days picked in the week's all-day row, are an all-day event.
 * The month hands its last day over as the midnight after it, the all-day row as the day itself.
 */
export function slotEventTimes(view: CalendarView, start: Date, end: Date): NewEventTimes {
  const from = wallClockText(start);
  if (!isMidnight(start) || !isMidnight(end)) return { start: from, end: wallClockText(end), isAllDay: false };
  const lastDay = view === 'month' ? addWallClockMinutes(wallClockText(end), -DAY) : wallClockText(end);
  if (view === 'month' && lastDay <= from) return atNine(from.slice(0, 10));
  return { start: from, end: lastDay < from ? from : lastDay, isAllDay: true };
}
