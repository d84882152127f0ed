import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../auth/auth.schemas.ts';

const slugSchema = z
  .string({ error: 'Firm is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Firm is required')
  .max(40)
  .describe('The firm’s portal address (its slug, as in /portal/<slug>/login): every look-up is within that firm; compared in lower case.');

export const portalLoginRequestSchema = z.strictObject({
  slug: slugSchema,
  email: emailSchema.describe('The portal account’s email address (compared in lower case).'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128)
    .describe(
      'The portal account’s password; a wrong one and an unknown email get the same refusal, and repeated failures slow sign-in down.',
    ),
});
export type PortalLoginRequest = z.input<typeof portalLoginRequestSchema>;

/** `token`: the secret from the invitation link; without it nobody can claim a client's account. */
export const portalSignupRequestSchema = z.strictObject({
  slug: slugSchema,
  token: z
    .string({ error: 'Open the link in your invitation email' })
    .trim()
    .min(1, 'Open the link in your invitation email')
    .max(200)
    .describe('The secret from the invitation email’s link (single use, valid 7 days).'),
  email: emailSchema.describe('The email address the invitation was sent to; any other is refused as an invalid invitation.'),
  password: newPasswordSchema.describe(
    'The new account’s password, 12 to 128 characters; weak or common ones, or ones built from the email or the firm’s name, are refused.',
  ),
  privacyNoticeVersion: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'The version of the firm’s privacy notice the person read and agreed to (the checkbox): required, and the current one, when the firm has published a notice.',
    ),
});
export type PortalSignupRequest = z.input<typeof portalSignupRequestSchema>;

export const portalForgotPasswordRequestSchema = z.strictObject({
  slug: slugSchema,
  email: emailSchema.describe(
    'The portal account’s email: a reset link (single use, valid 1 hour) goes to it only if an active account has it.',
  ),
});
export const portalResetPasswordRequestSchema = z.strictObject({
  slug: slugSchema,
  token: z
    .string()
    .trim()
    .min(1, 'Token is required')
    .max(200)
    .describe('The secret from the password-reset email’s link (single use, valid 1 hour).'),
  password: newPasswordSchema.describe(
    'The new password, 12 to 128 characters; weak or common ones are refused. Every session of the account then ends.',
  ),
});

export const portalSessionSchema = z.object({
  token: z.string().describe('The portal session’s bearer token: send it as Authorization: Bearer <token> on the portal’s calls.'),
  clientId: z.string().describe('The id of the client the account belongs to (every portal call answers for this client only).'),
  company: z.string().describe('The firm’s portal address (slug) the session was opened on.'),
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** The portal's own sign-in answers (apart from AUTH_MESSAGES, which every firm page loads). */
export const PORTAL_SIGN_IN_MESSAGES = {
  signInLinkSent: 'If an account exists for that email, we have sent a link to sign in. It works once, for 15 minutes.',
  signInLinkInvalid: 'This sign-in link is invalid, used or expired. Ask for a new one.',
  secondFactorExpired: 'Your sign-in has expired. Sign in again.',
  invalidCode: 'The code is incorrect. Enter the current 6-digit code from your authenticator app.',
} as const;

/** "Email me a sign-in link": the same answer whether or not the email has an account. */
export const portalSignInLinkRequestSchema = z.strictObject({
  slug: slugSchema,
  email: emailSchema.describe(
    'The portal account’s email: the link (single use, valid 15 minutes) goes only to an account that may sign in.',
  ),
});
export const portalLinkSignInRequestSchema = z.strictObject({
  slug: slugSchema,
  token: z
    .string({ error: 'Open the link in your sign-in email' })
    .trim()
    .min(1, 'Open the link in your sign-in email')
    .max(200)
    .describe('The secret from the sign-in email’s link (single use, valid 15 minutes).'),
});

/**
 * When the firm requires an authenticator app, a right first factor answers this instead of a
 * session: a short-lived challenge that only the second-factor calls accept. `enrol`: the account
 * has no authenticator yet and must set one up first.
 */
export const portalSecondFactorSchema = z.object({
  challenge: z
    .string()
    .describe('The single-use second-factor challenge (valid 10 minutes), to send to totp/enrol and totp/verify; it is not a session.'),
  step: z
    .enum(['enrol', 'verify'])
    .describe('enrol: the account has no authenticator app yet (call totp/enrol first); verify: ask for the app’s current 6-digit code.'),
  company: z.string().describe('The firm’s portal address (slug) the sign-in is on.'),
});
export type PortalSecondFactor = z.infer<typeof portalSecondFactorSchema>;

export const portalSignInResultSchema = z.union([portalSessionSchema, portalSecondFactorSchema]);
export type PortalSignInResult = z.infer<typeof portalSignInResultSchema>;
export const isPortalSession = (result: PortalSignInResult): result is PortalSession => 'token' in result;

const challengeSchema = z
  .string({ error: 'Sign in again' })
  .trim()
  .min(1, 'Sign in again')
  .max(200)
  .describe('The challenge from the login, signup or sign-in-with-link answer (single use, valid 10 minutes).');
export const portalTotpEnrolRequestSchema = z.strictObject({ slug: slugSchema, challenge: challengeSchema });
/** Shown once, while the account sets its authenticator up; never again after the first right code. */
export const portalTotpEnrolmentSchema = z.object({
  secret: z.string().describe('The new authenticator secret (base32), for typing into the app by hand.'),
  otpauthUrl: z.string().describe('The otpauth:// URI of the secret (issuer: the firm’s client portal; label: the account’s email).'),
  qrCode: z.string().describe('The otpauth URI as a QR code image: a data: URL of a PNG, 200 pixels wide.'),
});
export type PortalTotpEnrolment = z.infer<typeof portalTotpEnrolmentSchema>;
export const totpCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')
  .describe('The authenticator app’s current 6-digit code (one 30-second step either side is accepted; a code already used is refused).');
export const portalTotpVerifyRequestSchema = z.strictObject({ slug: slugSchema, challenge: challengeSchema, code: totpCodeSchema });

export const portalProfileSchema = z.object({
  clientId: z.string().describe('The signed-in client’s id.'),
  name: z
    .string()
    .describe('The signed-in person’s name: the contact’s name for an account the firm invited by name, else the client’s display name.'),
  email: z.string().describe('The signed-in portal account’s own email (the one it signs in with), never another contact’s.'),
  clientName: z.string().describe('The client the account acts for (its display name); the same as name for the client’s own account.'),
  company: z.string().describe('The firm’s portal address (slug); empty when the firm has none.'),
  firmName: z.string().describe('The firm’s name.'),
  firmLogo: z
    .string()
    .nullable()
    .describe('The firm’s logo as a data: URL of an image (PNG, JPEG, GIF, WebP or SVG); null when it has none.'),
});
export type PortalProfile = z.infer<typeof portalProfileSchema>;

/** Public branding for a firm's portal pages, looked up by slug before sign-in. */
export const portalFirmSchema = z.object({
  firmName: z.string().describe('The firm’s name.'),
  firmLogo: z
    .string()
    .nullable()
    .describe('The firm’s logo as a data: URL of an image (PNG, JPEG, GIF, WebP or SVG); null when it has none.'),
  company: z.string().describe('The firm’s portal address (slug), as asked.'),
});
export type PortalFirm = z.infer<typeof portalFirmSchema>;

/** One of the signed-in client's matters as the portal overview lists it. */
export const portalMatterSchema = z.object({
  matterId: z.string().describe('The matter’s id.'),
  matterNumber: z.string().describe('The firm’s matter number; empty when the matter has none.'),
  matterName: z.string().describe('The matter’s name.'),
  status: z.enum(['Open', 'Closed']).describe('Open or Closed; open matters are listed first.'),
  feeEarners: z.array(z.string()).describe('The names of the fee earners assigned to the matter, by name; empty when none is.'),
});
export type PortalMatter = z.infer<typeof portalMatterSchema>;
