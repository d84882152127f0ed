import { ApiError } from './api-client.ts';

/**
 * What every passkey ceremony in the web app shares (adding one in My account, signing in with one).
 * @simplewebauthn/browser is imported only through `loadWebAuthn`, so it loads when a ceremony
 * starts, never with the sign-in page's first paint (issue 13's 120 KB budget).
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

export const PASSKEYS_UNSUPPORTED = 'Passkeys are not supported by this browser.';
export const PASSKEY_ALREADY_ON_DEVICE = 'This device already holds one of your passkeys.';
export const PASSKEY_CEREMONY_FAILED = 'Your browser could not finish with the passkey. Try again.';

/** Thrown before a ceremony starts in a browser without WebAuthn. */
export class PasskeysUnsupportedError extends Error {
  constructor() {
    super(PASSKEYS_UNSUPPORTED);
    this.name = 'PasskeysUnsupportedError';
  }
}

/** A browser without WebAuthn cannot start a ceremony: said before the server is asked for anything. */
export async function loadSupportedWebAuthn() {
  const webAuthn = await loadWebAuthn();
  if (!webAuthn.browserSupportsWebAuthn()) throw new PasskeysUnsupportedError();
  return webAuthn;
}

/**
 * The person closed (or let time out) the browser's passkey prompt. Browsers answer both with
 * NotAllowedError (@simplewebauthn keeps that name on its WebAuthnError); AbortError is a ceremony
 * replaced by another.
 */
export function isPromptClosed(error: unknown): boolean {
  // Read by name: a DOMException is not an Error in every engine.
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}

export type PasskeyProblem = { message: string; isPromptClosed: boolean };

/** What to tell the person after a ceremony failed: the server's words, the gentle `promptClosed` text, or the browser's trouble. */
export function passkeyProblemOf(error: unknown, promptClosed: string): PasskeyProblem {
  if (error instanceof ApiError) return { message: error.message, isPromptClosed: false };
  if (isPromptClosed(error)) return { message: promptClosed, isPromptClosed: true };
  if (error instanceof PasskeysUnsupportedError) return { message: PASSKEYS_UNSUPPORTED, isPromptClosed: false };
  if ((error as { code?: unknown } | null)?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return { message: PASSKEY_ALREADY_ON_DEVICE, isPromptClosed: false };
  }
  return { message: PASSKEY_CEREMONY_FAILED, isPromptClosed: false };
}
