import { z } from 'zod';
import { BILLING_INCREMENTS, DEFAULT_BILLING_INCREMENT } from '../time-entries/billing-increment.ts';
import { BARE_NUMBER_UNITS } from '../time-entries/quick-duration.ts';

/** SPEC.md §3 Profile: the first item of get-user-profile's data. Extra fields are ours. */
export const businessSchema = z.object({
  businessId: z.string().describe('The firm’s id (a UUID): SPEC’s BusinessId.'),
  adminUserId: z.string().describe('The user id of the firm’s owner: SPEC’s AdminUserId.'),
  businessName: z.string().describe('The firm’s name.'),
  currencySymbol: z.string().describe('The home currency’s symbol; empty until the firm is set up.'),
  currencyId: z.number().nullable().describe('The firm’s home currency (a currency id), or null until set up.'),
  currencyISOCode: z.string().describe('The home currency’s ISO 4217 code, e.g. NGN; empty until set up.'),
  multicurrency: z.boolean().describe('True: entries may be billed in currencies other than the home one.'),
  /** The firm's billing increment in hours ('0': exact time), so the time-entry popup can show what will be billed. */
  billingIncrement: z
    .enum(BILLING_INCREMENTS)
    .default(DEFAULT_BILLING_INCREMENT)
    .describe('The firm’s billing increment in hours ("0": exact time), so the popup can show the hours that will be billed.'),
  profilePhoto: z.string().nullable().describe('The firm’s logo as a data URL, or null.'),
  portalSlug: z.string().nullable().describe('The firm’s portal address, or null until set up.'),
  isSetupComplete: z.boolean().describe('False until the firm has been set up (POST /api/firm/setup or a profile update).'),
});
export type Business = z.infer<typeof businessSchema>;

export const profileSchema = z.object({
  id: z.string().describe('The signed-in user’s id (a UUID; SPEC’s profileId).'),
  adminUserId: z.string().describe('The user id of the firm’s owner: SPEC’s AdminUserId.'),
  name: z.string().describe('The user’s name.'),
  email: z.string().describe('The user’s sign-in email (lower case).'),
  isVerified: z.boolean().describe('True once the user’s email is verified; until then only the calls marked for unverified users answer.'),
  roleName: z.string().describe('The name of the user’s role.'),
  bareNumberUnit: z
    .enum(BARE_NUMBER_UNITS)
    .default('hours')
    .describe('How a whole number typed as a Duration reads for this user: "hours" (SPEC’s decimal hours) or "minutes".'),
  suggestsTime: z
    .boolean()
    .default(false)
    .describe('True when the firm has Suggested time on and this user has not opted out: their work is recorded for suggestions.'),
  businesses: z.array(businessSchema).describe('The user’s firm, as a one-item list (SPEC’s shape: a user belongs to one firm).'),
});
export type Profile = z.infer<typeof profileSchema>;

export const permissionListSchema = z.array(z.string());
