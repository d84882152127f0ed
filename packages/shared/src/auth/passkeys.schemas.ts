import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
import { defineRoute } from '../common/route-contract.ts';
import { passwordSchema } from './auth.schemas.ts';
import { twoStepCodeSchema, twoStepSessionSchema } from './two-step.schemas.ts';

export const PASSKEY_MESSAGES = {
  failed: 'That passkey could not be checked. Try again, or use your password and code',
  added: 'Passkey added',
  codeNeeded: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  removed: 'Passkey removed',
} as const;

/** One of the member's passkeys (issue 39): what My account lists. */
export const passkeySchema = z.object({
  id: z.string().describe('The passkey’s id in Matterhorn (to remove it).'),
  name: z.string().describe('The name the member gave it ("MacBook", "Phone").'),
  createdAt: z.string().describe('When it was added (ISO 8601).'),
  lastUsedAt: z.string().nullable().describe('When it last signed in (ISO 8601), or null.'),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** What the browser hands navigator.credentials (WebAuthn's JSON options), and the signed ticket to send back with its answer. */
export const passkeyCeremonySchema = z.object({
  options: z.record(z.string(), z.unknown()).describe('WebAuthn options as JSON (@simplewebauthn/browser’s optionsJSON).'),
  ticket: z.string().describe('The ceremony’s challenge, sealed by the server (valid 5 minutes): send it back with the answer.'),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

const ticketSchema = z.string({ error: 'Start again' }).min(1, 'Start again').max(2000).describe('The ticket from the options call.');
const credentialResponseSchema = z
  .record(z.string(), z.unknown())
  .describe('The browser’s answer (@simplewebauthn/browser’s startRegistration or startAuthentication result), as JSON.');

/**
 * Adding a passkey proves it is the member at the keyboard, not someone holding their session
 * (issue 64): the current password, and the second step when they have an authenticator app.
 * Checked before any options are given, so nothing is registered without them.
 */
export const addPasskeyOptionsSchema = z.strictObject({
  currentPassword: passwordSchema.describe('The member’s current password.'),
  code: twoStepCodeSchema
    .optional()
    .describe('Required when the member has two-step sign-in: the app’s current 6-digit code, or an unused recovery code.'),
});
export type AddPasskeyOptionsInput = z.input<typeof addPasskeyOptionsSchema>;

export const addPasskeySchema = z.strictObject({
  ticket: ticketSchema,
  name: z
    .string({ error: 'Name the passkey' })
    .trim()
    .min(1, 'Name the passkey')
    .max(60, 'A passkey’s name is at most 60 characters')
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('A passkey’s name'))
    .describe('What to call it ("MacBook", "Phone"), at most 60 characters.'),
  response: credentialResponseSchema,
});

export const passkeySignInOptionsSchema = z.strictObject({
  challenge: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      'The second-step challenge from the login answer: the options then name that member’s passkeys. Left out: a sign-in without a password.',
    ),
});

export const passkeySignInSchema = z.strictObject({
  ticket: ticketSchema,
  response: credentialResponseSchema,
  challenge: z.string().trim().max(200).optional().describe('The second-step challenge, when the passkey stands for the second step.'),
});

const passkeyParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The passkey’s id.') });

export const passkeyContracts = {
  list: defineRoute({ method: 'GET', path: '/api/auth/mfa/passkeys', response: z.array(passkeySchema) }),
  registerOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/passkey/register-options',
    body: addPasskeyOptionsSchema,
    response: passkeyCeremonySchema,
  }),
  register: defineRoute({ method: 'POST', path: '/api/auth/mfa/passkey/register', body: addPasskeySchema, response: passkeySchema }),
  remove: defineRoute({ method: 'DELETE', path: '/api/auth/mfa/passkey/:id', params: passkeyParamsSchema, response: z.null() }),
  signInOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/passkey/sign-in-options',
    body: passkeySignInOptionsSchema,
    response: passkeyCeremonySchema,
  }),
  signIn: defineRoute({ method: 'POST', path: '/api/auth/mfa/passkey/sign-in', body: passkeySignInSchema, response: twoStepSessionSchema }),
};
