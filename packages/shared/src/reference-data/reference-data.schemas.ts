import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { optionalText, requiredText } from '../common/fields.ts';
import { firmSetupRequestSchema } from '../firm/firm.schemas.ts';
import { BILLING_INCREMENT_MESSAGE, BILLING_INCREMENTS } from '../time-entries/billing-increment.ts';

export const UTBMS_ACTIVITY_CODES = ['A101', 'A102', 'A103', 'A104', 'A105', 'A106', 'A107', 'A108', 'A109', 'A110', 'A111'] as const;

/** SPEC.md §3 Activity: id, activityType; plus its optional UTBMS code. */
export const activityTypeSchema = z.object({ id: z.string(), activityType: z.string(), utbmsCode: z.string().nullable() });
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const activityTypeInputSchema = z.strictObject({
  activityType: requiredText('Activity type', 120),
  utbmsCode: z.enum(UTBMS_ACTIVITY_CODES, { error: 'UTBMS code must be one of A101–A111' }).nullish(),
});

export const practiceAreaSchema = z.object({ id: z.string(), name: z.string(), matterCount: z.number() });
export type PracticeArea = z.infer<typeof practiceAreaSchema>;
export const practiceAreaInputSchema = z.strictObject({ name: requiredText('Practice area', 120) });

export const firmProfileSchema = z.object({
  firmName: z.string(),
  portalSlug: z.string().nullable(),
  country: z.string().nullable(),
  homeCurrencyId: z.number().nullable(),
  multicurrency: z.boolean(),
  timeZone: z.string(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Hours are billed rounded up to this unit ('0': exact time). */
  billingIncrement: z.enum(BILLING_INCREMENTS),
});
export type FirmProfile = z.infer<typeof firmProfileSchema>;

export const firmProfileInputSchema = firmSetupRequestSchema.extend({
  address: optionalText('Address', 300),
  phone: optionalText('Phone', 40),
  email: emailSchema.nullish(),
  /** Leaving it out keeps the firm's current increment. */
  billingIncrement: z.enum(BILLING_INCREMENTS, { error: BILLING_INCREMENT_MESSAGE }).optional(),
});
export type FirmProfileInput = z.input<typeof firmProfileInputSchema>;
