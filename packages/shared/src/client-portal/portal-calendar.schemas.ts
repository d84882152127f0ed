import { z } from 'zod';

/** GET /api/client-portal/calendar-feed: whether the client has a live calendar link of their hearings. */
export const portalCalendarFeedStatusSchema = z.object({
  isActive: z.boolean().describe('Whether the signed-in portal account has a live calendar link.'),
  createdAt: z.string().nullable().describe('When the live link was made (ISO 8601); null when there is none.'),
});
export type PortalCalendarFeedStatus = z.infer<typeof portalCalendarFeedStatusSchema>;

/** POST /api/client-portal/calendar-feed: answered once, when the link is made or reset (only its hash is kept). */
export const portalCalendarFeedCreatedSchema = portalCalendarFeedStatusSchema.extend({
  url: z
    .string()
    .describe('The feed’s secret https URL (…/api/client-portal/calendar/<token>.ics); shown only now, as only its hash is kept.'),
  webcalUrl: z.string().describe('The same URL with the webcal: scheme, which opens the subscription in a calendar app.'),
});
export type PortalCalendarFeedCreated = z.infer<typeof portalCalendarFeedCreatedSchema>;

/** What a portal client opened: shared progress notes and court updates (Matters tab), invoices and their PDFs. */
export const PORTAL_VIEW_ITEM_KINDS = ['progressNote', 'courtUpdate', 'invoice'] as const;
export type PortalViewItemKind = (typeof PORTAL_VIEW_ITEM_KINDS)[number];

/** GET /api/admin/client-portal/get-client-views: when the client viewed or downloaded a shared item. */
export const portalItemViewsQuerySchema = z.object({
  ItemKind: z
    .enum(PORTAL_VIEW_ITEM_KINDS, { error: 'Choose what was viewed' })
    .describe('What kind of shared item: progressNote, courtUpdate or invoice; the caller needs that kind’s own permission.'),
  ItemId: z.uuid({ error: 'Choose what was viewed' }).describe('The shared item’s id (the progress note, court update or invoice).'),
});
export const portalItemViewSchema = z.object({
  clientName: z.string().describe('Who opened it: the contact’s name on a contact’s portal account, else the client’s name.'),
  email: z.string().describe('The portal account’s email.'),
  action: z.enum(['viewed', 'downloaded']).describe('viewed: shown in the portal; downloaded: its file (an invoice’s PDF) was fetched.'),
  firstAt: z.string().describe('The first time the account did so (ISO 8601).'),
  lastAt: z.string().describe('The latest time the account did so (ISO 8601); rows come newest first.'),
  times: z.number().describe('How many times the account did so.'),
});
export type PortalItemView = z.infer<typeof portalItemViewSchema>;
