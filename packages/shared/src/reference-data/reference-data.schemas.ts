import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { optionalMultilineText, optionalText, requiredText } from '../common/fields.ts';
import { firmSetupRequestSchema } from '../firm/firm.schemas.ts';
import { AVAILABLE_HOURS_MESSAGE, isAvailableHoursText } from '../team/team.schemas.ts';
import { BILLING_INCREMENT_MESSAGE, BILLING_INCREMENTS } from '../time-entries/billing-increment.ts';

export const UTBMS_ACTIVITY_CODES = ['A101', 'A102', 'A103', 'A104', 'A105', 'A106', 'A107', 'A108', 'A109', 'A110', 'A111'] as const;

/** SPEC.md §3 Activity: id, activityType; plus its optional UTBMS code. */
export const activityTypeSchema = z.object({
  id: z.string().describe('The activity type’s id (a UUID).'),
  activityType: z.string().describe('Its name, as the time-entry popup lists it.'),
  utbmsCode: z.string().nullable().describe('Its UTBMS activity code (A101–A111) for LEDES invoices, or null.'),
});
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const activityTypeInputSchema = z.strictObject({
  activityType: requiredText('Activity type', 120).describe('Its name (at most 120 characters), unique in the firm ignoring case.'),
  utbmsCode: z
    .enum(UTBMS_ACTIVITY_CODES, { error: 'UTBMS code must be one of A101–A111' })
    .nullish()
    .describe('A UTBMS activity code (A101–A111) for LEDES invoices; null or left out: none.'),
});

export const practiceAreaSchema = z.object({
  id: z.string().describe('The practice area’s id (a UUID).'),
  name: z.string().describe('Its name.'),
  matterCount: z.number().describe('How many matters (not deleted) use it; only one no matter uses can be deleted.'),
});
export type PracticeArea = z.infer<typeof practiceAreaSchema>;
export const practiceAreaInputSchema = z.strictObject({
  name: requiredText('Practice area', 120).describe('Its name (at most 120 characters), unique in the firm ignoring case.'),
});

export const FISCAL_YEAR_START_MONTH_MESSAGE = 'Choose the month the fiscal year starts in';
export const WORKING_DAYS_MESSAGE = 'Choose at least one working day, Monday (1) to Sunday (7)';
/** ISO weekdays, 1 = Monday, as the working-days setting names them. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const firmProfileSchema = z.object({
  firmName: z.string().describe('The firm’s name, as invoices and the portal show it.'),
  portalSlug: z.string().nullable().describe('The firm’s portal address: clients sign in under this slug; null until set up.'),
  country: z.string().nullable().describe('The firm’s country, or null until set up.'),
  homeCurrencyId: z.number().nullable().describe('The currency the firm keeps its books in (a currency id), or null until set up.'),
  multicurrency: z.boolean().describe('True: entries may be billed in currencies other than the home one, at the firm’s exchange rates.'),
  timeZone: z.string().describe('The firm’s IANA time zone (e.g. Africa/Lagos): what "today" means for its dates.'),
  logo: z.string().nullable().describe('The firm’s logo as a data URL (PNG, JPEG, GIF, WebP or SVG), or null.'),
  address: z.string().nullable().describe('The firm’s postal address, or null.'),
  phone: z.string().nullable().describe('The firm’s phone number, or null.'),
  email: z.string().nullable().describe('The firm’s contact email, or null.'),
  /** Hours are billed rounded up to this unit ('0': exact time). */
  billingIncrement: z
    .enum(BILLING_INCREMENTS)
    .describe('Recorded hours are billed rounded up to this many hours: "0" bills the exact time; "0.1" is six minutes.'),
  blockTimePastBudget: z
    .boolean()
    .describe('True: a time entry that would take a matter past 100% of its hours, fees or total budget is refused (400).'),
  requireTwoStep: z
    .boolean()
    .describe('True: every member must sign in with an authenticator app too (each sets it up at their next sign-in).'),
  fiscalYearStartMonth: z
    .number()
    .describe('The month the firm’s fiscal year starts in, 1 (January) to 12: statements’ current year and budgets follow it.'),
  availableHoursPerDay: z
    .string()
    .describe('A fee earner’s available hours on a working day unless their own is set (utilisation’s denominator), e.g. "8.00".'),
  workingDays: z
    .array(z.number())
    .describe('The firm’s working days as ISO weekdays, 1 (Monday) to 7 (Sunday), in order: the days utilisation counts as available.'),
});
export type FirmProfile = z.infer<typeof firmProfileSchema>;

export const firmProfileInputSchema = firmSetupRequestSchema.extend({
  address: optionalMultilineText('Address', 300).describe('The firm’s postal address (at most 300 characters); blank or null: none.'),
  phone: optionalText('Phone', 40).describe('The firm’s phone number (at most 40 characters); blank or null: none.'),
  email: emailSchema.nullish().describe('The firm’s contact email, kept in lower case; null or left out: none.'),
  /** Leaving it out keeps the firm's current increment. */
  billingIncrement: z
    .enum(BILLING_INCREMENTS, { error: BILLING_INCREMENT_MESSAGE })
    .optional()
    .describe(
      'Round recorded hours up to this many hours when billed: "0" (exact), "0.01", "0.05", "0.1" or "0.25"; left out: unchanged. Existing entries keep theirs.',
    ),
  blockTimePastBudget: z
    .boolean()
    .optional()
    .describe('Refuse time that would take a matter past 100% of its budget (true) or only warn by email (false); left out: unchanged.'),
  requireTwoStep: z
    .boolean()
    .optional()
    .describe('Require two-step sign-in (an authenticator app) of every member (true); left out: unchanged.'),
  fiscalYearStartMonth: z.coerce
    .number({ error: FISCAL_YEAR_START_MONTH_MESSAGE })
    .int({ error: FISCAL_YEAR_START_MONTH_MESSAGE })
    .min(1, { error: FISCAL_YEAR_START_MONTH_MESSAGE })
    .max(12, { error: FISCAL_YEAR_START_MONTH_MESSAGE })
    .optional()
    .describe('The month the fiscal year starts in, 1 (January) to 12; left out: unchanged.'),
  availableHoursPerDay: z
    .union([z.string(), z.number()], { error: AVAILABLE_HOURS_MESSAGE })
    .transform((value) => String(value).trim())
    .refine(isAvailableHoursText, AVAILABLE_HOURS_MESSAGE)
    .optional()
    .describe('A fee earner’s available hours on a working day, more than 0 and at most 24 (utilisation); left out: unchanged.'),
  workingDays: z
    .array(
      z.coerce
        .number({ error: WORKING_DAYS_MESSAGE })
        .int({ error: WORKING_DAYS_MESSAGE })
        .min(1, { error: WORKING_DAYS_MESSAGE })
        .max(7, { error: WORKING_DAYS_MESSAGE }),
      { error: WORKING_DAYS_MESSAGE },
    )
    .min(1, { error: WORKING_DAYS_MESSAGE })
    .transform((days) => [...new Set(days)].sort((left, right) => left - right))
    .optional()
    .describe('The firm’s working days as ISO weekdays, 1 (Monday) to 7 (Sunday), at least one (duplicates dropped); left out: unchanged.'),
});
export type FirmProfileInput = z.input<typeof firmProfileInputSchema>;
