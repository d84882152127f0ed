import dayjs from 'dayjs';
import type { CalendarView } from './calendar-params.ts';

/** Days the agenda lists from its date. */
export const AGENDA_DAYS = 30;
const ISO = 'YYYY-MM-DD';

/**
 * The dates a view shows, so one call fetches exactly them: a month spans the weeks around it
 * (at most 6 weeks, 42 days), a week 7 days, a day one, the agenda 30 days; all within the
 * hearings API's 62 days and the events API's 100.
 */
export function visibleRange(view: CalendarView, date: Date): { fromDate: string; toDate: string } {
  const day = dayjs(date);
  if (view === 'month') {
    return { fromDate: day.startOf('month').startOf('week').format(ISO), toDate: day.endOf('month').endOf('week').format(ISO) };
  }
  if (view === 'week') return { fromDate: day.startOf('week').format(ISO), toDate: day.endOf('week').format(ISO) };
  if (view === 'day') return { fromDate: day.format(ISO), toDate: day.format(ISO) };
  return { fromDate: day.format(ISO), toDate: day.add(AGENDA_DAYS - 1, 'day').format(ISO) };
}
