import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { optionalText, requiredMultilineText, requiredText } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';

/** The words the portal and the API use about the privacy notice, said once. */
export const PRIVACY_NOTICE_MESSAGES = {
  consentRequired: 'Read the privacy notice and tick the box to agree to it before creating your account',
  noticeChanged: 'The privacy notice has changed since you opened this page: read the new version and agree to it',
  notCurrent: 'This is not the current privacy notice: read the current version and agree to it',
  consentLabel: 'I have read the privacy notice and I agree to it',
} as const;

export const privacyOfficerSchema = z.object({
  name: z.string().describe('The data-protection officer’s name.'),
  email: z.string().describe('Their email address.'),
  phone: z.string().nullable().describe('Their phone number, if the firm gives one.'),
});
export type PrivacyOfficer = z.infer<typeof privacyOfficerSchema>;

/** A published version as the portal reads it. */
export const publishedPrivacyNoticeSchema = z.object({
  version: z.number().int().describe('The version’s number: 1, 2, 3… in the order published.'),
  body: z.string().describe('The notice’s words, as published (never edited after).'),
  publishedAt: z.string().describe('When it was published (ISO 8601).'),
});
export type PublishedPrivacyNotice = z.infer<typeof publishedPrivacyNoticeSchema>;

export const privacyNoticeVersionSchema = publishedPrivacyNoticeSchema.extend({
  id: z.string().describe('The version’s id.'),
  publishedBy: z.string().nullable().describe('Who published it.'),
  consentCount: z.number().int().describe('How many portal accounts agreed to this version.'),
});
export type PrivacyNoticeVersion = z.infer<typeof privacyNoticeVersionSchema>;

/** Settings › Data protection › Privacy notice: the officer and every version, newest first. */
export const privacyNoticeSettingsSchema = z.object({
  officer: privacyOfficerSchema.nullable().describe('The firm’s data-protection officer; null until named.'),
  versions: z.array(privacyNoticeVersionSchema).describe('Every published version, newest (the current one) first.'),
});
export type PrivacyNoticeSettings = z.infer<typeof privacyNoticeSettingsSchema>;

export const saveOfficerSchema = z.strictObject({
  name: requiredText('Name', 160).describe('The data-protection officer’s name (shown on the portal).'),
  email: emailSchema.describe('The officer’s email address (shown on the portal).'),
  phone: optionalText('Phone', 40).describe('The officer’s phone number (optional, shown on the portal).'),
});
export type SaveOfficerInput = z.input<typeof saveOfficerSchema>;

export const publishPrivacyNoticeSchema = z.strictObject({
  body: requiredMultilineText('Notice', 50_000).describe('The notice’s words; published as the next version, never edited after.'),
});
export type PublishPrivacyNoticeInput = z.input<typeof publishPrivacyNoticeSchema>;

/** Which of a client's portal accounts agreed to which version. */
export const privacyConsentAccountSchema = z.object({
  portalAccountId: z.string().describe('The portal account’s id.'),
  email: z.string().describe('Its email address.'),
  name: z.string().nullable().describe('The contact’s name, when the firm invited a contact.'),
  status: z.string().describe('invited, active, disabled or removed.'),
  consents: z
    .array(z.object({ version: z.number().int().describe('The version agreed to.'), consentedAt: z.string().describe('When (ISO 8601).') }))
    .describe('The versions it agreed to, newest first.'),
});
export type PrivacyConsentAccount = z.infer<typeof privacyConsentAccountSchema>;

/** What the portal shows: the officer, the current notice, and whether this account still has to agree to it. */
export const portalPrivacyNoticeSchema = z.object({
  officer: privacyOfficerSchema.nullable().describe('The firm’s data-protection officer; null until named.'),
  notice: publishedPrivacyNoticeSchema.nullable().describe('The current (latest) version; null when the firm has published none.'),
  consentedAt: z.string().nullable().describe('When this account agreed to the current version (ISO 8601); null if it has not.'),
  needsConsent: z.boolean().describe('True when there is a current notice this account has not agreed to: the portal shows it first.'),
});
export type PortalPrivacyNotice = z.infer<typeof portalPrivacyNoticeSchema>;

/** Before sign-up: the firm's officer and current notice, by the portal's address. */
export const publicPrivacyNoticeSchema = portalPrivacyNoticeSchema.pick({ officer: true, notice: true });
export type PublicPrivacyNotice = z.infer<typeof publicPrivacyNoticeSchema>;

export const privacyConsentSchema = z.strictObject({
  version: z
    .number({ error: PRIVACY_NOTICE_MESSAGES.consentRequired })
    .int()
    .positive()
    .describe('The version read and agreed to; it must be the current one.'),
});

const base = '/api/admin/data-protection/privacy-notice';

export const privacyNoticeContracts = {
  settings: defineRoute({ method: 'GET', path: base, response: privacyNoticeSettingsSchema }),
  saveOfficer: defineRoute({ method: 'PUT', path: `${base}/officer`, body: saveOfficerSchema, response: privacyNoticeSettingsSchema }),
  publish: defineRoute({
    method: 'POST',
    path: `${base}/versions`,
    body: publishPrivacyNoticeSchema,
    response: privacyNoticeSettingsSchema,
    status: 201,
  }),
  clientConsents: defineRoute({
    method: 'GET',
    path: `${base}/consents`,
    query: z.object({ ClientId: z.uuid({ error: 'ClientId must be a valid id' }).describe('The client’s id.') }),
    response: z.array(privacyConsentAccountSchema),
  }),
  publicNotice: defineRoute({
    method: 'GET',
    path: '/api/client-portal/get-privacy-notice',
    query: z.object({
      Slug: z.string().trim().toLowerCase().min(1).max(40).describe('The firm’s portal address (slug); an unknown one answers 404.'),
    }),
    response: publicPrivacyNoticeSchema,
  }),
  portalNotice: defineRoute({ method: 'GET', path: '/api/client-portal/privacy-notice', response: portalPrivacyNoticeSchema }),
  portalConsent: defineRoute({
    method: 'POST',
    path: '/api/client-portal/privacy-notice/consent',
    body: privacyConsentSchema,
    response: portalPrivacyNoticeSchema,
  }),
};
