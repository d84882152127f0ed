import type { FirmSession } from '@matterhorn/shared';
import { useEffect, useRef, useState } from 'react';
import type { PasskeySignInOutcome } from '../api/passkey-sign-in.ts';

/** What to show after a passkey sign-in that did not happen; `isPromptClosed` is the gentle kind (the person closed the prompt). */
export type PasskeyNotice = { message: string; isPromptClosed: boolean };

const COULD_NOT_START = 'Signing in with a passkey could not start. Check your connection and try again.';

type PasskeySignInOptions = {
  /** Continues as a password sign-in does: the session is stored and the person lands. */
  onSignedIn: (session: FirmSession) => Promise<void>;
  /** The second-step challenge ran out: back to the password, with why. */
  onExpired?: (message: string) => void;
};

/**
 * Signs in with a passkey when asked (`signIn(challenge?)`): the ceremony's code is imported then,
 * so the sign-in page's first paint carries none of it. One ceremony at a time. The button (given
 * `buttonRef`) is disabled while the prompt is open, which drops its focus: it gets it back with
 * the notice, so trying again is one key away.
 */
export function usePasskeySignIn({ onSignedIn, onExpired }: PasskeySignInOptions) {
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [notice, setNotice] = useState<PasskeyNotice | null>(null);
  const isRunning = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (notice) buttonRef.current?.focus();
  }, [notice]);

  const signIn = async (challenge?: string) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsSigningIn(true);
    setNotice(null);
    try {
      let outcome: PasskeySignInOutcome;
      try {
        outcome = await (await import('../api/passkey-sign-in.ts')).attemptPasskeySignIn(challenge);
      } catch {
        // Its code could not be fetched (offline, or a new release replaced it).
        outcome = { message: COULD_NOT_START, isPromptClosed: false, isExpired: false };
      }
      if ('session' in outcome) await onSignedIn(outcome.session);
      else if (outcome.isExpired && onExpired) onExpired(outcome.message);
      else setNotice({ message: outcome.message, isPromptClosed: outcome.isPromptClosed });
    } finally {
      isRunning.current = false;
      setIsSigningIn(false);
    }
  };

  return { signIn, isSigningIn, notice, buttonRef };
}
