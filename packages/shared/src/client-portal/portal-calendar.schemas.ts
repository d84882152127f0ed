import { z } from 'zod';

/** GET /api/client-portal/calendar-feed: whether the client has a live calendar link of their hearings. */
export const portalCalendarFeedStatusSchema = z.object({ isActive: z.boolean(), createdAt: z.string().nullable() });
export type PortalCalendarFeedStatus = z.infer<typeof portalCalendarFeedStatusSchema>;

/** POST /api/client-portal/calendar-feed: answered once, when the link is made or reset (only its hash is kept). */
export const portalCalendarFeedCreatedSchema = portalCalendarFeedStatusSchema.extend({ url: z.string(), webcalUrl: z.string() });
export type PortalCalendarFeedCreated = z.infer<typeof portalCalendarFeedCreatedSchema>;

/** What a portal client opened: shared progress notes and court updates (Matters tab), invoices and their PDFs. */
export const PORTAL_VIEW_ITEM_KINDS = ['progressNote', 'courtUpdate', 'invoice'] as const;
export type PortalViewItemKind = (typeof PORTAL_VIEW_ITEM_KINDS)[number];

/** GET /api/admin/client-portal/get-client-views: when the client viewed or downloaded a shared item. */
export const portalItemViewsQuerySchema = z.object({
  ItemKind: z.enum(PORTAL_VIEW_ITEM_KINDS, { error: 'Choose what was viewed' }),
  ItemId: z.uuid({ error: 'Choose what was viewed' }),
});
export const portalItemViewSchema = z.object({
  clientName: z.string(),
  email: z.string(),
  action: z.enum(['viewed', 'downloaded']),
  firstAt: z.string(),
  lastAt: z.string(),
  times: z.number(),
});
export type PortalItemView = z.infer<typeof portalItemViewSchema>;
