import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { passkeyContracts, TWO_STEP_MESSAGES, type FirmSession } from '@matterhorn/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { loadSupportedWebAuthn, passkeyProblemOf, type PasskeyProblem } from '../../../lib/passkey-ceremony.ts';

/**
 * Signing in with a passkey (issue 39). Loaded when the person asks for it, never by the sign-in
 * page's first paint: the contracts carry zod, and the ceremony brings @simplewebauthn/browser.
 */

export const PASSKEY_SIGN_IN_PROMPT_CLOSED = 'The passkey prompt was closed before you signed in. Try again, or sign in another way.';

/**
 * Without a challenge, a sign-in without a password (the browser offers this site's passkeys);
 * with the login's second-step challenge, the passkey stands for the second step.
 */
export async function signInWithPasskey(challenge?: string): Promise<FirmSession> {
  const body = challenge ? { challenge } : {};
  const [webAuthn, ceremony] = await Promise.all([
    loadSupportedWebAuthn(),
    callContract(passkeyContracts.signInOptions, { body }, { auth: 'none', silent: true }),
  ]);
  const { options, ticket } = ceremony.data;
  const response = await webAuthn.startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  const answer = await callContract(
    passkeyContracts.signIn,
    { body: { ...body, ticket, response: response as unknown as Record<string, unknown> } },
    { auth: 'none', silent: true },
  );
  // A passkey never sets an authenticator app up: no recovery codes come with it.
  const { token, isVerified, isFirmSetUp } = answer.data;
  return { token, isVerified, isFirmSetUp };
}

export type PasskeySignInOutcome = { session: FirmSession } | (PasskeyProblem & { isExpired: boolean });

/** The sign-in, or what to tell the person; `isExpired` when the second-step challenge ran out (back to the password). */
export async function attemptPasskeySignIn(challenge?: string): Promise<PasskeySignInOutcome> {
  try {
    return { session: await signInWithPasskey(challenge) };
  } catch (error) {
    const isExpired = error instanceof ApiError && error.message === TWO_STEP_MESSAGES.expired;
    return { ...passkeyProblemOf(error, PASSKEY_SIGN_IN_PROMPT_CLOSED), isExpired };
  }
}
