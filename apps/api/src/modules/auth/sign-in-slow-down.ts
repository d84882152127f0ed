import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import * as repository from './auth.repository.ts';

/** Failures further apart than this start the count again. */
const WINDOW_MINUTES = 15;
/** One address guessing one account waits up to the old lockout's 15 minutes between tries. */
const ACCOUNT_AND_ADDRESS_CAP_SECONDS = 15 * 60;
/**
 * Many addresses guessing one account (a spread-out attack) slow everyone down, but never for more
 * than half a minute at a time, so an attacker cannot keep the owner out.
 */
const ACCOUNT_CAP_SECONDS = 30;
const ACCOUNT_THRESHOLD_FACTOR = 4;
const ANYWHERE = '*';

export type SignInSlowDown = ReturnType<typeof createSignInSlowDown>;

/**
 * Slows down password guessing per account and address instead of locking the account: the owner
 * signing in from elsewhere is not held up by someone else's guesses. Keys are hashes of the
 * sign-in scope and email, so an unknown email is treated exactly like a real account.
 */
export function createSignInSlowDown(database: Database, threshold: number) {
  const slowDowns = (accountKey: string, address: string): repository.SlowDown[] => [
    { accountKey, address, threshold, capSeconds: ACCOUNT_AND_ADDRESS_CAP_SECONDS, windowMinutes: WINDOW_MINUTES },
    {
      accountKey,
      address: ANYWHERE,
      threshold: threshold * ACCOUNT_THRESHOLD_FACTOR,
      capSeconds: ACCOUNT_CAP_SECONDS,
      windowMinutes: WINDOW_MINUTES,
    },
  ];

  return {
    /** `scope`: 'firm', or the portal's firm id; each portal is its own sign-in. */
    keyOf: (scope: string, email: string) => createHash('sha256').update(`${scope}\n${email}`).digest('hex'),

    isBlocked: (accountKey: string, address: string) =>
      database.withIdentityLookup((tx) => repository.isSignInBlocked(tx, accountKey, address)),

    /** Counts a failed password check; true when this failure started a slow-down (tell the owner once). */
    async recordFailure(accountKey: string, address: string): Promise<boolean> {
      return database.withIdentityLookup(async (tx) => {
        let hasStartedSlowDown = false;
        for (const slowDown of slowDowns(accountKey, address)) {
          const failures = await repository.recordSignInFailure(tx, slowDown);
          if (failures === slowDown.threshold) hasStartedSlowDown = true;
        }
        return hasStartedSlowDown;
      });
    },

    clear: (accountKey: string, address: string) =>
      database.withIdentityLookup((tx) => repository.clearSignInFailures(tx, accountKey, address)),
  };
}

/** The owner hears of a slow-down by email; the answer to the guesser says nothing. */
export function tellOwnerOfFailedSignIns(mailer: Mailer, email: string, resetUrl: string) {
  return mailer.send({
    to: email,
    subject: 'Failed sign-in attempts on your account',
    text: `There were several failed attempts to sign in to your account. We have slowed further attempts down; your account stays open to you.\n\nIf it was not you, nothing was changed, but you may want to choose a new password:\n${resetUrl}`,
    link: resetUrl,
  });
}
