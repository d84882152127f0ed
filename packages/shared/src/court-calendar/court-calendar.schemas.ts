import { z } from 'zod';
import { isoDate } from '../common/fields.ts';

/** A hearing on the calendar: a court update's next adjourned date. */
export const hearingSchema = z.object({
  courtUpdateId: z.string(),
  date: z.string(),
  /** HH:MM in the firm's time zone; null when the court gave no time. */
  time: z.string().nullable(),
  purpose: z.string().nullable(),
  suitNumber: z.string(),
  judge: z.string().nullable(),
  courtId: z.string(),
  courtName: z.string(),
  courtDivision: z.string().nullable(),
  courtAddress: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string(),
  matterName: z.string(),
  matterNumber: z.string().nullable(),
  /** The matter's assigned fee earners. */
  feeEarners: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type Hearing = z.infer<typeof hearingSchema>;

/**
 * GET /api/admin/progress-update/get-upcoming-hearings. Without dates: the next 14 days from today
 * in the firm's time zone. Scope 'mine' (the default) is the hearings of the signed-in user's
 * matters; 'firm' needs the courtUpdate permission's view of every matter. The calendar page asks
 * for a month or week with FromDate/ToDate (at most 62 days) and may filter by fee earner and court.
 */
export const upcomingHearingsQuerySchema = z.object({
  Scope: z.enum(['mine', 'firm']).default('mine'),
  FromDate: isoDate('From date').optional(),
  ToDate: isoDate('To date').optional(),
  FeeEarnerId: z.uuid().optional(),
  CourtId: z.uuid().optional(),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
export type UpcomingHearingsQuery = z.input<typeof upcomingHearingsQuerySchema>;

export const UPCOMING_HEARINGS_MAX_DAYS = 62;

export const upcomingHearingsSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  scope: z.enum(['mine', 'firm']),
  /** Whether the signed-in user may ask for the firm's view. */
  canSeeFirm: z.boolean(),
  hearings: z.array(hearingSchema),
});
export type UpcomingHearings = z.infer<typeof upcomingHearingsSchema>;

/** GET/POST/DELETE /api/admin/progress-update/calendar-feed: the signed-in user's ICS subscription. */
export const calendarFeedInputSchema = z.strictObject({ scope: z.enum(['mine', 'firm']).default('mine') });
export type CalendarFeedInput = z.input<typeof calendarFeedInputSchema>;

export const calendarFeedStatusSchema = z.object({
  isActive: z.boolean(),
  scope: z.enum(['mine', 'firm']).nullable(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** Answered once, when the feed is made (or remade): the URL holds the secret and is not kept. */
export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** GET/PUT /api/admin/progress-update/calendar-settings (firm settings: firmSettings permission to change). */
export const courtCalendarSettingsSchema = z.strictObject({
  reminderDaysBefore: z
    .array(z.number().int().min(1, 'Reminder days must be between 1 and 30').max(30, 'Reminder days must be between 1 and 30'))
    .max(5, 'At most 5 reminders')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  isDailyDigestEnabled: z.boolean(),
});
export type CourtCalendarSettings = z.infer<typeof courtCalendarSettingsSchema>;

/** The settings as GET/PUT answer them (the input schema's transform cannot describe a response). */
export const courtCalendarSettingsViewSchema = z.object({
  reminderDaysBefore: z.array(z.number().int()),
  isDailyDigestEnabled: z.boolean(),
});
