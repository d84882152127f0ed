import { z } from 'zod';

/** One portal sign-in of a client, as the firm's "Portal access" section lists it. */
export const PORTAL_ACCOUNT_STATUSES = ['Invited', 'Active', 'Disabled', 'Removed'] as const;
export type PortalAccountStatus = (typeof PORTAL_ACCOUNT_STATUSES)[number];

export const portalAccountSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  email: z.string(),
  contactName: z.string().nullable(),
  status: z.enum(PORTAL_ACCOUNT_STATUSES),
  lastSignInAt: z.string().nullable(),
  hasAuthenticator: z.boolean(),
  createdAt: z.string(),
});
export type PortalAccount = z.infer<typeof portalAccountSchema>;

export const portalAccountListSchema = z.array(portalAccountSchema);

export const portalAccountsQuerySchema = z.object({ ClientId: z.uuid({ error: 'Choose the client' }) });

/** Invite one of the client's contacts (`contactId`), or the client's own email without it. */
export const portalAccountInviteSchema = z.strictObject({
  clientId: z.uuid({ error: 'Choose the client' }),
  contactId: z.uuid({ error: 'Choose the contact' }).optional(),
});
export type PortalAccountInvite = z.input<typeof portalAccountInviteSchema>;

export const portalSignInSettingsSchema = z.strictObject({ requiresTotp: z.boolean() });
export type PortalSignInSettings = z.infer<typeof portalSignInSettingsSchema>;
