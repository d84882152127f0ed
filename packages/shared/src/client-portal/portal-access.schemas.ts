import { z } from 'zod';

/** One portal sign-in of a client, as the firm's "Portal access" section lists it. */
export const PORTAL_ACCOUNT_STATUSES = ['Invited', 'Active', 'Disabled', 'Removed'] as const;
export type PortalAccountStatus = (typeof PORTAL_ACCOUNT_STATUSES)[number];

export const portalAccountSchema = z.object({
  id: z.string().describe('The portal account’s id.'),
  clientId: z.string().describe('The client the account belongs to.'),
  email: z.string().describe('The email the account signs in with (lower case; one account per email in the firm).'),
  contactName: z.string().nullable().describe('The client’s contact person the account is for; null for the client’s own email.'),
  status: z
    .enum(PORTAL_ACCOUNT_STATUSES)
    .describe(
      'Invited: the invitation is not yet accepted; Active: may sign in; Disabled: may not sign in until enabled; Removed: for good.',
    ),
  lastSignInAt: z.string().nullable().describe('When the account last signed in (ISO 8601, UTC); null if never.'),
  hasAuthenticator: z.boolean().describe('Whether an authenticator app is set up for the account’s two-step sign-in.'),
  createdAt: z.string().describe('When the account was made, normally at its first invitation (ISO 8601, UTC).'),
});
export type PortalAccount = z.infer<typeof portalAccountSchema>;

export const portalAccountListSchema = z.array(portalAccountSchema);

export const portalAccountsQuerySchema = z.object({
  ClientId: z.uuid({ error: 'Choose the client' }).describe('The client whose portal accounts to list (a live client of the firm).'),
});

/** Invite one of the client's contacts (`contactId`), or the client's own email without it. */
export const portalAccountInviteSchema = z.strictObject({
  clientId: z.uuid({ error: 'Choose the client' }).describe('The client to invite to the portal (a live client of the firm).'),
  contactId: z
    .uuid({ error: 'Choose the contact' })
    .optional()
    .describe('One of the client’s contacts to invite at their email; left out, the client’s own email is invited. The email must exist.'),
});
export type PortalAccountInvite = z.input<typeof portalAccountInviteSchema>;

export const portalSignInSettingsSchema = z.strictObject({
  requiresTotp: z
    .boolean()
    .describe(
      'Whether portal users must give an authenticator app’s code after their password or sign-in link (those without one set it up at their next sign-in).',
    ),
});
export type PortalSignInSettings = z.infer<typeof portalSignInSettingsSchema>;
