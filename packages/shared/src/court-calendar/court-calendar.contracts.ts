import { defineRoute } from '../common/route-contract.ts';
import {
  calendarFeedCreatedSchema,
  calendarFeedInputSchema,
  calendarFeedStatusSchema,
  courtCalendarSettingsSchema,
  courtCalendarSettingsViewSchema,
  upcomingHearingsQuerySchema,
  upcomingHearingsSchema,
} from './court-calendar.schemas.ts';

/** SPEC.md §7: the calendar shares the progress-update prefix with notes and court updates. */
const base = '/api/admin/progress-update';

export const upcomingHearingsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-upcoming-hearings`,
  query: upcomingHearingsQuerySchema,
  response: upcomingHearingsSchema,
});

export const calendarFeedStatusRoute = defineRoute({
  method: 'GET',
  path: `${base}/calendar-feed`,
  response: calendarFeedStatusSchema,
});

export const calendarFeedCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/calendar-feed`,
  body: calendarFeedInputSchema,
  response: calendarFeedCreatedSchema,
  status: 201,
});

export const calendarFeedRevokeRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/calendar-feed`,
  response: calendarFeedStatusSchema,
});

export const calendarSettingsRoute = defineRoute({
  method: 'GET',
  path: `${base}/calendar-settings`,
  response: courtCalendarSettingsViewSchema,
});

export const calendarSettingsUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/calendar-settings`,
  body: courtCalendarSettingsSchema,
  response: courtCalendarSettingsViewSchema,
});

/** GET: the ICS feed calendar apps subscribe to, `<token>.ics` (text/calendar, no envelope, so no contract). */
export const calendarFeedFilePath = { path: '/api/calendar/:file' } as const;

export const courtCalendarContracts = {
  upcomingHearings: upcomingHearingsRoute,
  feedStatus: calendarFeedStatusRoute,
  createFeed: calendarFeedCreateRoute,
  revokeFeed: calendarFeedRevokeRoute,
  settings: calendarSettingsRoute,
  updateSettings: calendarSettingsUpdateRoute,
};
