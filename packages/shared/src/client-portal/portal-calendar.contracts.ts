import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { portalCalendarFeedCreatedSchema, portalCalendarFeedStatusSchema } from './portal-calendar.schemas.ts';

/** The client's calendar link of their hearings. */
const base = '/api/client-portal/calendar-feed';

export const portalCalendarFeedStatusRoute = defineRoute({
  method: 'GET',
  path: base,
  response: portalCalendarFeedStatusSchema,
});

/** A new link (the previous one stops working); the answer is the only time its URL is seen. */
export const portalCalendarFeedCreateRoute = defineRoute({
  method: 'POST',
  path: base,
  response: portalCalendarFeedCreatedSchema,
  status: 201,
});

export const portalCalendarFeedRevokeRoute = defineRoute({
  method: 'DELETE',
  path: base,
  response: portalCalendarFeedStatusSchema,
});

/** GET: the feed itself (text/calendar, no envelope, so no contract), `:file` being `<token>.ics`. */
export const portalCalendarFilePath = { path: '/api/client-portal/calendar/:file' } as const;
export const portalCalendarFileParamsSchema = z.object({
  file: z.string().max(64).describe('<token>.ics: the secret token from the calendar link; an unknown or stopped token answers 404.'),
});

export const portalCalendarContracts = {
  status: portalCalendarFeedStatusRoute,
  create: portalCalendarFeedCreateRoute,
  revoke: portalCalendarFeedRevokeRoute,
};
