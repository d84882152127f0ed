import { z } from 'zod';
import { BILLING_INCREMENTS, DEFAULT_BILLING_INCREMENT } from '../time-entries/billing-increment.ts';

/** SPEC.md §3 Profile: the first item of get-user-profile's data. Extra fields are ours. */
export const businessSchema = z.object({
  businessId: z.string(),
  adminUserId: z.string(),
  businessName: z.string(),
  currencySymbol: z.string(),
  currencyId: z.number().nullable(),
  currencyISOCode: z.string(),
  multicurrency: z.boolean(),
  /** The firm's billing increment in hours ('0': exact time), so the time-entry popup can show what will be billed. */
  billingIncrement: z.enum(BILLING_INCREMENTS).default(DEFAULT_BILLING_INCREMENT),
  profilePhoto: z.string().nullable(),
  portalSlug: z.string().nullable(),
  isSetupComplete: z.boolean(),
});
export type Business = z.infer<typeof businessSchema>;

export const profileSchema = z.object({
  id: z.string(),
  adminUserId: z.string(),
  name: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  roleName: z.string(),
  businesses: z.array(businessSchema),
});
export type Profile = z.infer<typeof profileSchema>;

export const permissionListSchema = z.array(z.string());
