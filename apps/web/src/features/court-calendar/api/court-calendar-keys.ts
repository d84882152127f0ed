import type { UpcomingHearingsQuery } from '@matterhorn/shared';

/** Every key starts with 'court-calendar', as the dashboard card's does: one invalidation refreshes both. */
export const courtCalendarKeys = {
  all: ['court-calendar'] as const,
  hearings: (query: UpcomingHearingsQuery) => [...courtCalendarKeys.all, 'hearings', query] as const,
  feed: () => [...courtCalendarKeys.all, 'feed'] as const,
  settings: () => [...courtCalendarKeys.all, 'settings'] as const,
  courts: () => [...courtCalendarKeys.all, 'courts'] as const,
};
