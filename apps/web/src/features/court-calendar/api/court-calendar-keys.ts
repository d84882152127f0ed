import type { UpcomingHearingsQuery } from '@matterhorn/shared';

/** The progress-update API, where the court calendar's calls live. */
export const PROGRESS_UPDATE_BASE = '/admin/progress-update';

/** Every key starts with 'court-calendar', as the dashboard card's does: one invalidation refreshes both. */
export const courtCalendarKeys = {
  all: ['court-calendar'] as const,
  hearings: (query: UpcomingHearingsQuery) => [...courtCalendarKeys.all, 'hearings', query] as const,
  feed: () => [...courtCalendarKeys.all, 'feed'] as const,
  settings: () => [...courtCalendarKeys.all, 'settings'] as const,
  courts: () => [...courtCalendarKeys.all, 'courts'] as const,
};
