import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { firmSessionSchema } from './auth.schemas.ts';
import { totpCodeSchema } from '../client-portal/client-portal.schemas.ts';

/**
 * Two-step sign-in for the firm's staff (issue 39): an authenticator app (TOTP, RFC 6238) with ten
 * single-use recovery codes, "remember this browser for 30 days", and a firm that may require it of
 * everyone. The password earns a challenge, not a session, until the second step is passed.
 */
export const TWO_STEP_MESSAGES = {
  invalidCode: 'That code is not right. Try again.',
  expired: 'Your sign-in has expired. Sign in again.',
  alreadyOn: 'Two-step sign-in is already on',
  notOn: 'Two-step sign-in is not on',
  requiredByFirm: 'Your firm requires two-step sign-in: it cannot be turned off',
  noSetUp: 'Set up your authenticator app first',
} as const;

export const RECOVERY_CODE_COUNT = 10;
/** Ten lower-case letters and digits, shown as two groups of five: "k3f9a-2mxq7". */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
/** How long a remembered browser skips the second step. */
export const REMEMBERED_BROWSER_DAYS = 30;

/** What a right password answers when a second step is needed. */
export const twoStepChallengeSchema = z.object({
  challenge: z
    .string()
    .describe('The single-use second-step challenge (valid 10 minutes), for mfa/verify and mfa/enrol; it is not a session.'),
  step: z
    .enum(['enrol', 'verify', 'passkey'])
    .describe(
      'enrol: the firm requires two-step sign-in and the user has no authenticator app yet (call mfa/enrol, then mfa/verify with its first code); verify: ask for the app’s code or a recovery code; passkey: the user has only passkeys (mfa/passkey/sign-in-options with the challenge).',
    ),
  hasPasskey: z
    .boolean()
    .optional()
    .describe('True when the user may use a passkey for this step (mfa/passkey/sign-in-options with the challenge).'),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

export const firmSignInResultSchema = z.union([firmSessionSchema, twoStepChallengeSchema]);
export type FirmSignInResult = z.infer<typeof firmSignInResultSchema>;
export const isTwoStepChallenge = (result: FirmSignInResult): result is TwoStepChallenge => 'challenge' in result;

const challengeSchema = z
  .string({ error: 'Sign in again' })
  .trim()
  .min(1, 'Sign in again')
  .max(200)
  .describe('The challenge from the login answer (single use, valid 10 minutes).');

/** The app's 6-digit code, or one of the recovery codes (each works once). */
export const twoStepCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .toLowerCase()
  .refine((code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code), {
    error: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  })
  .describe('The authenticator app’s current 6-digit code, or an unused recovery code (xxxxx-xxxxx).');

export const twoStepVerifyRequestSchema = z.strictObject({
  challenge: challengeSchema,
  code: twoStepCodeSchema,
  rememberBrowser: z
    .boolean()
    .optional()
    .describe('Skip the second step on this browser for 30 days (a signed cookie); reset when the factors are.'),
});

export const recoveryCodesSchema = z.object({
  recoveryCodes: z
    .array(z.string())
    .describe('Ten single-use recovery codes, shown this once: each signs in once in place of the app’s code.'),
});

/** A session; with the recovery codes when this sign-in also set the authenticator up. */
export const twoStepSessionSchema = firmSessionSchema.extend({
  recoveryCodes: z
    .array(z.string())
    .optional()
    .describe('Present when this sign-in set the authenticator up: the recovery codes, shown this once.'),
});
export type TwoStepSession = z.infer<typeof twoStepSessionSchema>;

/** Shown once, while the user sets the authenticator up. */
export const totpSetupSchema = z.object({
  secret: z.string().describe('The new authenticator secret (base32), for typing into the app by hand.'),
  otpauthUrl: z.string().describe('The otpauth:// URI of the secret (issuer: Matterhorn and the firm; label: the user’s email).'),
  qrCode: z.string().describe('The otpauth URI as a QR code image: a data: URL of a PNG, 200 pixels wide.'),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const twoStepStatusSchema = z.object({
  isOn: z.boolean().describe('True once the user has confirmed an authenticator app.'),
  recoveryCodesLeft: z.number().int().describe('Recovery codes not used yet.'),
  isRequiredByFirm: z.boolean().describe('The firm requires two-step sign-in of everyone: it cannot be turned off.'),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

const codeBodySchema = z.strictObject({ code: totpCodeSchema });
const idParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The team member’s user id.') });

export const twoStepContracts = {
  /** The signed-in user's two-step status (My account). */
  status: defineRoute({ method: 'GET', path: '/api/auth/mfa/status', response: twoStepStatusSchema }),
  /** A new authenticator secret for the signed-in user; confirm-totp turns it on. */
  setupTotp: defineRoute({ method: 'POST', path: '/api/auth/mfa/setup-totp', response: totpSetupSchema }),
  /** The first right code turns two-step sign-in on and answers the recovery codes. */
  confirmTotp: defineRoute({ method: 'POST', path: '/api/auth/mfa/confirm-totp', body: codeBodySchema, response: recoveryCodesSchema }),
  /** New recovery codes (the old ones stop working), for the app's current code. */
  recoveryCodes: defineRoute({ method: 'POST', path: '/api/auth/mfa/recovery-codes', body: codeBodySchema, response: recoveryCodesSchema }),
  /** Turns two-step sign-in off, for the app's current code; refused when the firm requires it. */
  turnOff: defineRoute({ method: 'POST', path: '/api/auth/mfa/turn-off', body: codeBodySchema, response: twoStepStatusSchema }),
  /** At sign-in, when the firm requires it: a new secret for the challenged user. */
  enrol: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/enrol',
    body: z.strictObject({ challenge: challengeSchema }),
    response: totpSetupSchema,
  }),
  /** The second step: a right code (or recovery code) for the challenge opens the session. */
  verify: defineRoute({ method: 'POST', path: '/api/auth/mfa/verify', body: twoStepVerifyRequestSchema, response: twoStepSessionSchema }),
  /** An administrator resets a member's two-step sign-in (their app and codes are forgotten; they are e-mailed). */
  reset: defineRoute({ method: 'POST', path: '/api/admin/team/reset-two-step/:id', params: idParamsSchema, response: z.null() }),
};
