import dayjs, { type Dayjs } from 'dayjs';
import type { CalendarItem } from './calendar-items.ts';
import type { CalendarView } from './calendar-params.ts';
import { AGENDA_DAYS } from './calendar-range.ts';

/** The toolbar's three moves: back to today, or one view's length back or on. */
export type NavigateAction = 'TODAY' | 'PREV' | 'NEXT';

export const ISO_DAY = 'YYYY-MM-DD';
/** Minutes a drag or a picked stretch of time snaps to. */
export const SNAP_MINUTES = 15;
/** A click on the hours picks this long a stretch (a drag picks its own). */
export const CLICKED_SLOT_MINUTES = 30;
/** The shortest box the time grid draws, so a 5-minute event can still be read and hit. */
export const MIN_BOX_MINUTES = 20;
const DAY_MINUTES = 24 * 60;

const STEPS: Record<CalendarView, [number, 'month' | 'week' | 'day']> = {
  month: [1, 'month'],
  week: [1, 'week'],
  day: [1, 'day'],
  agenda: [AGENDA_DAYS, 'day'],
};

/** The date the view is on after a toolbar move. */
export function navigatedDate(view: CalendarView, date: Date, action: NavigateAction, today = new Date()): Date {
  if (action === 'TODAY') return today;
  const [amount, unit] = STEPS[view];
  return dayjs(date)
    .add(action === 'NEXT' ? amount : -amount, unit)
    .toDate();
}

/** The toolbar's heading: "March 2025", "09/03/2025 – 15/03/2025" or "Wednesday 12/03/2025". */
export function rangeLabel(view: CalendarView, date: Date): string {
  const day = dayjs(date);
  if (view === 'month') return day.format('MMMM YYYY');
  if (view === 'day') return day.format('dddd DD/MM/YYYY');
  const [first, last] = view === 'week' ? [day.startOf('week'), day.endOf('week')] : [day, day.add(AGENDA_DAYS - 1, 'day')];
  return `${first.format('DD/MM/YYYY')} – ${last.format('DD/MM/YYYY')}`;
}

/** The days a view draws: the month's whole weeks, the week's 7 days, one day, or the agenda's 30. */
export function daysShown(view: CalendarView, date: Date): Dayjs[] {
  const day = dayjs(date).startOf('day');
  const [first, count] =
    view === 'month'
      ? [day.startOf('month').startOf('week'), day.endOf('month').endOf('week').diff(day.startOf('month').startOf('week'), 'day') + 1]
      : view === 'week'
        ? [day.startOf('week'), 7]
        : view === 'day'
          ? [day, 1]
          : [day, AGENDA_DAYS];
  return Array.from({ length: count }, (_, index) => first.add(index, 'day'));
}

/** The month's days in rows of seven. */
export function weeksOf(days: Dayjs[]): Dayjs[][] {
  return Array.from({ length: Math.ceil(days.length / 7) }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

/**
 * Whether the item is on that day. An all-day event ends at the midnight after its last day; a
 * court date or task with no time starts and ends at the same midnight, and is on that day.
 */
export function isOnDay(item: CalendarItem, day: Dayjs): boolean {
  const dayStart = day.startOf('day').valueOf();
  const dayEnd = dayStart + DAY_MINUTES * 60_000;
  const start = item.start.valueOf();
  const end = item.end.valueOf();
  return start < dayEnd && (end > dayStart || start >= dayStart);
}

/** The day's items: all-day ones first, then by start, then the longer first. */
export function itemsOnDay(items: CalendarItem[], day: Dayjs): CalendarItem[] {
  return items
    .filter((item) => isOnDay(item, day))
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.valueOf() - b.start.valueOf() || b.end.valueOf() - a.end.valueOf());
}

/** A timed item as the time grid places it in a day's column: minutes from midnight, and its share of the width. */
export type PlacedItem = { item: CalendarItem; top: number; length: number; column: number; columns: number };

/**
 * The day's timed items placed side by side where they overlap: each cluster of overlapping items
 * shares the column's width, every item in the first free lane. A box is drawn at least
 * MIN_BOX_MINUTES long, and clipped to the day.
 */
export function placeTimedItems(items: CalendarItem[], day: Dayjs): PlacedItem[] {
  const boxes = items
    .filter((item) => !item.allDay && isOnDay(item, day))
    .map((item) => {
      const top = day.isSame(item.start, 'day') ? minuteOfDay(item.start) : 0;
      const bottom = day.isSame(item.end, 'day') ? minuteOfDay(item.end) : DAY_MINUTES;
      return { item, top, length: Math.min(DAY_MINUTES - top, Math.max(MIN_BOX_MINUTES, bottom - top)) };
    })
    .sort((a, b) => a.top - b.top || b.length - a.length);

  const placed: PlacedItem[] = [];
  let cluster: PlacedItem[] = [];
  let lanesEnd: number[] = [];
  const closeCluster = () => {
    for (const box of cluster) box.columns = lanesEnd.length;
    cluster = [];
    lanesEnd = [];
  };
  for (const box of boxes) {
    if (cluster.length > 0 && box.top >= Math.max(...lanesEnd)) closeCluster();
    const free = lanesEnd.findIndex((end) => end <= box.top);
    const column = free === -1 ? lanesEnd.length : free;
    lanesEnd[column] = box.top + box.length;
    const entry = { ...box, column, columns: 1 };
    cluster.push(entry);
    placed.push(entry);
  }
  closeCluster();
  return placed;
}

/** The wall clock's minute of the day (on a clock-change day too, where elapsed minutes differ). */
export const minuteOfDay = (date: Date) => date.getHours() * 60 + date.getMinutes();

/** Minutes snapped to the grid's step. */
export const snapped = (minutes: number) => Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;

/** The day and minute a moment in the time grid is, as a Date (the browser's clock draws the firm's wall time). */
export const atMinute = (day: Dayjs, minutes: number) =>
  day
    .startOf('day')
    .hour(Math.floor(minutes / 60))
    .minute(minutes % 60)
    .toDate();
