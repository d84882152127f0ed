import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../auth/auth.schemas.ts';

const slugSchema = z.string({ error: 'Firm is required' }).trim().toLowerCase().min(1, 'Firm is required').max(40);

export const portalLoginRequestSchema = z.strictObject({
  slug: slugSchema,
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type PortalLoginRequest = z.input<typeof portalLoginRequestSchema>;

/** `token`: the secret from the invitation link; without it nobody can claim a client's account. */
export const portalSignupRequestSchema = z.strictObject({
  slug: slugSchema,
  token: z.string({ error: 'Open the link in your invitation email' }).trim().min(1, 'Open the link in your invitation email').max(200),
  email: emailSchema,
  password: newPasswordSchema,
});
export type PortalSignupRequest = z.input<typeof portalSignupRequestSchema>;

export const portalForgotPasswordRequestSchema = z.strictObject({ slug: slugSchema, email: emailSchema });
export const portalResetPasswordRequestSchema = z.strictObject({
  slug: slugSchema,
  token: z.string().trim().min(1, 'Token is required').max(200),
  password: newPasswordSchema,
});

export const portalSessionSchema = z.object({ token: z.string(), clientId: z.string(), company: z.string() });
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** The portal's own sign-in answers (apart from AUTH_MESSAGES, which every firm page loads). */
export const PORTAL_SIGN_IN_MESSAGES = {
  signInLinkSent: 'If an account exists for that email, we have sent a link to sign in. It works once, for 15 minutes.',
  signInLinkInvalid: 'This sign-in link is invalid, used or expired. Ask for a new one.',
  secondFactorExpired: 'Your sign-in has expired. Sign in again.',
  invalidCode: 'The code is incorrect. Enter the current 6-digit code from your authenticator app.',
} as const;

/** "Email me a sign-in link": the same answer whether or not the email has an account. */
export const portalSignInLinkRequestSchema = z.strictObject({ slug: slugSchema, email: emailSchema });
export const portalLinkSignInRequestSchema = z.strictObject({
  slug: slugSchema,
  token: z.string({ error: 'Open the link in your sign-in email' }).trim().min(1, 'Open the link in your sign-in email').max(200),
});

/**
 * When the firm requires an authenticator app, a right first factor answers this instead of a
 * session: a short-lived challenge that only the second-factor calls accept. `enrol`: the account
 * has no authenticator yet and must set one up first.
 */
export const portalSecondFactorSchema = z.object({
  challenge: z.string(),
  step: z.enum(['enrol', 'verify']),
  company: z.string(),
});
export type PortalSecondFactor = z.infer<typeof portalSecondFactorSchema>;

export const portalSignInResultSchema = z.union([portalSessionSchema, portalSecondFactorSchema]);
export type PortalSignInResult = z.infer<typeof portalSignInResultSchema>;
export const isPortalSession = (result: PortalSignInResult): result is PortalSession => 'token' in result;

const challengeSchema = z.string({ error: 'Sign in again' }).trim().min(1, 'Sign in again').max(200);
export const portalTotpEnrolRequestSchema = z.strictObject({ slug: slugSchema, challenge: challengeSchema });
/** Shown once, while the account sets its authenticator up; never again after the first right code. */
export const portalTotpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type PortalTotpEnrolment = z.infer<typeof portalTotpEnrolmentSchema>;
export const totpCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
export const portalTotpVerifyRequestSchema = z.strictObject({ slug: slugSchema, challenge: challengeSchema, code: totpCodeSchema });

export const portalProfileSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  firmName: z.string(),
  firmLogo: z.string().nullable(),
});
export type PortalProfile = z.infer<typeof portalProfileSchema>;

/** Public branding for a firm's portal pages, looked up by slug before sign-in. */
export const portalFirmSchema = z.object({ firmName: z.string(), firmLogo: z.string().nullable(), company: z.string() });
export type PortalFirm = z.infer<typeof portalFirmSchema>;

/** One of the signed-in client's matters as the portal overview lists it. */
export const portalMatterSchema = z.object({
  matterId: z.string(),
  matterNumber: z.string(),
  matterName: z.string(),
  status: z.enum(['Open', 'Closed']),
  feeEarners: z.array(z.string()),
});
export type PortalMatter = z.infer<typeof portalMatterSchema>;
