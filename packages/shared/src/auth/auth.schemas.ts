import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const personNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Name must be at most 120 characters');

const tokenSchema = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200);

export const signupRequestSchema = z.strictObject({
  firmName: z
    .string({ error: 'Firm name is required' })
    .trim()
    .min(1, 'Firm name is required')
    .max(160, 'Firm name must be at most 160 characters'),
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.strictObject({ email: emailSchema, password: passwordSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** A signed-in firm user: the token and whether the email still needs verifying (SPEC.md §4). */
export const firmSessionSchema = z.object({
  token: z.string(),
  isVerified: z.boolean(),
  isFirmSetUp: z.boolean(),
});
export type FirmSession = z.infer<typeof firmSessionSchema>;

export const verifyEmailRequestSchema = z.strictObject({ token: tokenSchema });
export const emailOnlyRequestSchema = z.strictObject({ email: emailSchema });
export const resetPasswordRequestSchema = z.strictObject({ token: tokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const joinTeamRequestSchema = z.strictObject({
  invitationId: tokenSchema,
  name: personNameSchema,
  password: newPasswordSchema,
});
export type JoinTeamRequest = z.input<typeof joinTeamRequestSchema>;

export const invitationSchema = z.object({ firmName: z.string(), email: z.string(), roleName: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

/** The start of the message that refuses a guessable password; the estimator's reasons follow. */
export const PASSWORD_TOO_WEAK = 'This password is too easy to guess';

/** Answers that must not reveal whether an account exists. */
export const AUTH_MESSAGES = {
  forgotPassword: 'If an account exists for that email, we have sent a link to reset the password.',
  resendVerification: 'If that account still needs verifying, we have sent a new link.',
  invalidLogin: 'Email or password is incorrect',
  invalidToken: 'This link is invalid or has expired',
  portalInvitationInvalid:
    'This invitation link is invalid, used or expired. Open the latest invitation email from your law firm, or ask it for a new one.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  emailVerified: 'Your email has been verified.',
  signedUp: 'Check your email: we have sent a link to verify your address and finish creating your account.',
} as const;
