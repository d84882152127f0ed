import type { UpcomingHearingsQuery } from '@matterhorn/shared';

/** The range the events call is asked for. */
export type CalendarRangeQuery = { From: string; To: string; Scope: 'mine' | 'firm' };

/** Every key starts with 'court-calendar', as the dashboard card's does: one invalidation refreshes both. */
export const courtCalendarKeys = {
  all: ['court-calendar'] as const,
  hearings: (query: UpcomingHearingsQuery) => [...courtCalendarKeys.all, 'hearings', query] as const,
  feed: () => [...courtCalendarKeys.all, 'feed'] as const,
  settings: () => [...courtCalendarKeys.all, 'settings'] as const,
  courts: () => [...courtCalendarKeys.all, 'courts'] as const,
  /** Events and tasks of every range asked: a write refreshes them all. */
  ranges: () => [...courtCalendarKeys.all, 'events'] as const,
  range: (query: CalendarRangeQuery) => [...courtCalendarKeys.ranges(), query] as const,
  event: (id: string) => [...courtCalendarKeys.all, 'event', id] as const,
};
