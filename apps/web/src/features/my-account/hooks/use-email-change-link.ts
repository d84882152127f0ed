import { useEffect, useState } from 'react';
import { openEmailChangeLink, type EmailChangeLink } from '../api/email-change-links.ts';

export type LinkOutcome = { status: 'opening' } | { status: 'done' | 'refused'; message: string };

export const INCOMPLETE_LINK = 'This link is incomplete. Open it again from the email, or copy the whole address into your browser.';
const UNREADABLE_REFUSAL = 'This link could not be used. Please try again.';

/**
 * Each link is sent once per page load, whatever re-runs the effect (React's StrictMode runs it
 * twice, and a remount would too): the server's token is single-use, so a second post would turn a
 * success into "invalid or expired".
 */
const sentLinks = new Map<string, Promise<LinkOutcome>>();

function outcomeOf(link: EmailChangeLink, token: string): Promise<LinkOutcome> {
  const key = `${link} ${token}`;
  let outcome = sentLinks.get(key);
  if (!outcome) {
    outcome = openEmailChangeLink(link, token).then(
      (message): LinkOutcome => ({ status: 'done', message }),
      (error: unknown): LinkOutcome => ({ status: 'refused', message: error instanceof Error ? error.message : UNREADABLE_REFUSAL }),
    );
    sentLinks.set(key, outcome);
  }
  return outcome;
}

/** Opens an emailed link's token once and answers how it went. */
export function useEmailChangeLink(link: EmailChangeLink, token: string): LinkOutcome {
  const [outcome, setOutcome] = useState<LinkOutcome>(() =>
    token ? { status: 'opening' } : { status: 'refused', message: INCOMPLETE_LINK },
  );
  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void outcomeOf(link, token).then((next) => {
      if (isCurrent) setOutcome(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [link, token]);
  return outcome;
}
