import { z } from 'zod';
import { isoDate, firmScopeQuerySchema } from '../common/fields.ts';

/** A hearing on the calendar: a court update's next adjourned date. */
export const hearingSchema = z.object({
  courtUpdateId: z.string().describe('The court update whose next adjourned date this hearing is.'),
  date: z.string().describe('The hearing’s date (YYYY-MM-DD, in the firm’s time zone).'),
  /** HH:MM in the firm's time zone; null when the court gave no time. */
  time: z.string().nullable().describe('The hearing’s time (HH:MM, 24-hour, in the firm’s time zone); null when the court gave none.'),
  purpose: z.string().nullable().describe('What the hearing is for; null when not given.'),
  suitNumber: z.string().describe('The suit number.'),
  judge: z.string().nullable().describe('The judge recorded on the court update; null when none.'),
  courtId: z.string().describe('The court’s id.'),
  courtName: z.string().describe('The court’s name.'),
  courtDivision: z.string().nullable().describe('The court’s division; null when it has none.'),
  courtAddress: z.string().nullable().describe('The court’s address; null when not recorded.'),
  clientId: z.string().describe('The matter’s client.'),
  clientName: z.string().describe('The client’s name.'),
  matterId: z.string().describe('The matter’s id.'),
  matterName: z.string().describe('The matter’s name.'),
  matterNumber: z.string().nullable().describe('The matter’s number; null when it has none.'),
  /** The matter's assigned fee earners. */
  feeEarners: z
    .array(
      z.object({
        userId: z.string().describe('The fee earner’s user id.'),
        name: z.string().describe('The fee earner’s name.'),
      }),
    )
    .describe('The fee earners assigned to the matter, by name; empty when none is.'),
});
export type Hearing = z.infer<typeof hearingSchema>;

/**
 * GET /api/admin/progress-update/get-upcoming-hearings. Without dates: the next 14 days from today
 * in the firm's time zone. Scope 'mine' (the default) is the hearings of the signed-in user's
 * matters; 'firm' needs the courtUpdate permission's view of every matter. The calendar page asks
 * for a month or week with FromDate/ToDate (at most 62 days) and may filter by fee earner and court.
 */
export const upcomingHearingsQuerySchema = z.object({
  Scope: z
    .enum(['mine', 'firm'])
    .default('mine')
    .describe(
      'mine (the default): hearings of matters the signed-in user is assigned to; firm: every matter’s, which needs the courtUpdate permission (403 without).',
    ),
  FromDate: isoDate('From date')
    .optional()
    .describe('The first day (YYYY-MM-DD); left out: the firm’s today, or 13 days before ToDate when only that is given.'),
  ToDate: isoDate('To date')
    .optional()
    .describe('The last day (YYYY-MM-DD), at most 62 days from FromDate counting both; left out: 13 days after FromDate.'),
  FeeEarnerId: z.uuid().optional().describe('Only hearings of matters this fee earner (a user id) is assigned to.'),
  CourtId: z.uuid().optional().describe('Only hearings in this court.'),
  ...firmScopeQuerySchema.shape,
});
export type UpcomingHearingsQuery = z.input<typeof upcomingHearingsQuerySchema>;

export const UPCOMING_HEARINGS_MAX_DAYS = 62;

export const upcomingHearingsSchema = z.object({
  fromDate: z.string().describe('The first day answered (YYYY-MM-DD), as asked or defaulted.'),
  toDate: z.string().describe('The last day answered (YYYY-MM-DD), as asked or defaulted.'),
  scope: z.enum(['mine', 'firm']).describe('The scope answered: mine or firm.'),
  /** Whether the signed-in user may ask for the firm's view. */
  canSeeFirm: z.boolean().describe('Whether the signed-in user may ask for Scope=firm (has the courtUpdate permission).'),
  hearings: z
    .array(hearingSchema)
    .describe(
      'The hearings in the range, by date then time (those without a time last); each live court update with a next adjourned date is one.',
    ),
});
export type UpcomingHearings = z.infer<typeof upcomingHearingsSchema>;

/** GET/POST/DELETE /api/admin/progress-update/calendar-feed: the signed-in user's ICS subscription. */
export const calendarFeedInputSchema = z.strictObject({
  scope: z
    .enum(['mine', 'firm'])
    .default('mine')
    .describe(
      'mine (the default): hearings of the user’s own matters; firm: every matter’s, which needs the courtUpdate permission (403 without).',
    ),
});
export type CalendarFeedInput = z.input<typeof calendarFeedInputSchema>;

export const calendarFeedStatusSchema = z.object({
  isActive: z.boolean().describe('Whether the signed-in user has a live calendar feed.'),
  scope: z.enum(['mine', 'firm']).nullable().describe('The live feed’s scope (mine or firm); null when there is none.'),
  createdAt: z.string().nullable().describe('When the live feed was made (ISO 8601, UTC); null when there is none.'),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** Answered once, when the feed is made (or remade): the URL holds the secret and is not kept. */
export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({
  url: z
    .string()
    .describe('The feed’s secret https URL (…/api/calendar/<token>.ics) for calendar apps; shown only now, as only its hash is kept.'),
  webcalUrl: z.string().describe('The same URL with the webcal: scheme, which opens the subscription in a calendar app.'),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** GET/PUT /api/admin/progress-update/calendar-settings (firm settings: firmSettings permission to change). */
export const courtCalendarSettingsSchema = z.strictObject({
  reminderDaysBefore: z
    .array(z.number().int().min(1, 'Reminder days must be between 1 and 30').max(30, 'Reminder days must be between 1 and 30'))
    .max(5, 'At most 5 reminders')
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .describe(
      'How many days before a hearing its fee earners are e-mailed a reminder: at most 5 whole numbers from 1 to 30 (duplicates dropped); empty: no reminders.',
    ),
  isDailyDigestEnabled: z
    .boolean()
    .describe('Whether each user is e-mailed a digest of tomorrow’s hearings of their matters, from 07:00 in the firm’s time zone.'),
});
export type CourtCalendarSettings = z.infer<typeof courtCalendarSettingsSchema>;

/** The settings as GET/PUT answer them (the input schema's transform cannot describe a response). */
export const courtCalendarSettingsViewSchema = z.object({
  reminderDaysBefore: z
    .array(z.number().int())
    .describe('How many days before a hearing its fee earners are e-mailed a reminder, ascending (default [1]); empty: no reminders.'),
  isDailyDigestEnabled: z
    .boolean()
    .describe('Whether each user is e-mailed a digest of tomorrow’s hearings of their matters (default true).'),
});
