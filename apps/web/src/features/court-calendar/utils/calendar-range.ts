import type { Hearing } from '@matterhorn/shared';
import dayjs from 'dayjs';
import type { CalendarView } from './calendar-params.ts';

/** Days the agenda lists from its date (react-big-calendar's `length`). */
export const AGENDA_DAYS = 30;
const ISO = 'YYYY-MM-DD';

/**
 * The dates a view shows, so one call fetches exactly them: a month spans the weeks around it
 * (at most 6 weeks, 42 days), a week 7 days, the agenda 30 days; all within the API's 62.
 */
export function visibleRange(view: CalendarView, date: Date): { fromDate: string; toDate: string } {
  const day = dayjs(date);
  if (view === 'month') {
    return { fromDate: day.startOf('month').startOf('week').format(ISO), toDate: day.endOf('month').endOf('week').format(ISO) };
  }
  if (view === 'week') return { fromDate: day.startOf('week').format(ISO), toDate: day.endOf('week').format(ISO) };
  return { fromDate: day.format(ISO), toDate: day.add(AGENDA_DAYS - 1, 'day').format(ISO) };
}

export type HearingEvent = { id: string; title: string; start: Date; end: Date; allDay: boolean; hearing: Hearing };

/** A hearing's line on the calendar: "<time> <suit number> — <matter>". */
export function hearingTitle(hearing: Hearing): string {
  return `${hearing.time ? `${hearing.time} ` : ''}${hearing.suitNumber} — ${hearing.matterName}`;
}

/**
 * A hearing as a calendar event. Courts give a start time at most, so a timed hearing is drawn
 * as an hour; one without a time is an all-day event starting and ending that day.
 */
export function hearingEvent(hearing: Hearing): HearingEvent {
  const day = dayjs(hearing.date); // dayjs reads YYYY-MM-DD as local midnight
  const [hours = 0, minutes = 0] = (hearing.time ?? '').split(':').map(Number);
  const start = hearing.time ? day.hour(hours).minute(minutes) : day;
  return {
    id: `${hearing.courtUpdateId}-${hearing.date}`,
    title: hearingTitle(hearing),
    start: start.toDate(),
    end: hearing.time ? start.add(1, 'hour').toDate() : day.toDate(),
    allDay: !hearing.time,
    hearing,
  };
}
