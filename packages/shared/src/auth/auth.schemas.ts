import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
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

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const personNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Name must be at most 120 characters')
  .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Name'));

export const tokenSchema = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200);

export const signupRequestSchema = z.strictObject({
  firmName: z
    .string({ error: 'Firm name is required' })
    .trim()
    .min(1, 'Firm name is required')
    .max(160, 'Firm name must be at most 160 characters')
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Firm name'))
    .describe('The new firm’s name (at most 160 characters).'),
  name: personNameSchema.describe('The administrator’s name (at most 120 characters).'),
  email: emailSchema.describe(
    'The administrator’s email (kept in lower case): the verification link goes to it; an address that has an account is told by email instead.',
  ),
  password: newPasswordSchema.describe(
    'The administrator’s password, 12 to 128 characters; weak or common ones, or ones built from the email, name or firm name, are refused.',
  ),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema.describe('The account’s email (compared in lower case).'),
  password: passwordSchema.describe(
    'The account’s password; a wrong one, an unknown email or a deactivated account all answer the same 400.',
  ),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** A signed-in firm user: the token and whether the email still needs verifying (SPEC.md §4). */
export const firmSessionSchema = z.object({
  token: z.string().describe('The session’s bearer token, for Authorization: Bearer <token>; it lasts 12 hours or until logout.'),
  isVerified: z.boolean().describe('False until the user’s email is verified: until then only calls marked for unverified users answer.'),
  isFirmSetUp: z
    .boolean()
    .describe('False until the firm has been set up (POST /api/firm/setup): the web sends the administrator there first.'),
});
export type FirmSession = z.infer<typeof firmSessionSchema>;

export const verifyEmailRequestSchema = z.strictObject({
  token: tokenSchema.describe('The secret from the emailed verification link (single use, valid 48 hours).'),
});
export const emailOnlyRequestSchema = z.strictObject({
  email: emailSchema.describe('The account’s email (compared in lower case); the answer is the same whether or not an account has it.'),
});
export const resetPasswordRequestSchema = z.strictObject({
  token: tokenSchema.describe('The secret from the emailed reset link (single use, valid 1 hour).'),
  password: newPasswordSchema.describe(
    'The new password, 12 to 128 characters; weak or common ones are refused. Every session of the account then ends.',
  ),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const joinTeamRequestSchema = z.strictObject({
  invitationId: tokenSchema.describe('The secret from the emailed invitation link (/join-team/{secret}; single use, valid 7 days).'),
  name: personNameSchema.describe('The new member’s name (at most 120 characters).'),
  password: newPasswordSchema.describe(
    'The new member’s password, 12 to 128 characters; weak or common ones, or ones built from the email, name or firm name, are refused.',
  ),
});
export type JoinTeamRequest = z.input<typeof joinTeamRequestSchema>;

export const invitationSchema = z.object({
  firmName: z.string().describe('The name of the firm that sent the invitation.'),
  email: z.string().describe('The email invited: the new member signs in with it.'),
  roleName: z.string().describe('The role the new member will hold.'),
});
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
