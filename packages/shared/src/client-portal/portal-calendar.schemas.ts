import { z } from 'zod';

/** GET /api/client-portal/calendar-feed: whether the client has a live calendar link of their hearings. */
export const portalCalendarFeedStatusSchema = z.object({ isActive: z.boolean(), createdAt: z.string().nullable() });
export type PortalCalendarFeedStatus = z.infer<typeof portalCalendarFeedStatusSchema>;

/** POST /api/client-portal/calendar-feed: answered once, when the link is made or reset (only its hash is kept). */
export const portalCalendarFeedCreatedSchema = portalCalendarFeedStatusSchema.extend({ url: z.string(), webcalUrl: z.string() });
export type PortalCalendarFeedCreated = z.infer<typeof portalCalendarFeedCreatedSchema>;
