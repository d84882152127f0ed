import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { OutgoingEmail } from '../../lib/outgoing-email.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import * as repository from './auth.repository.ts';
import { TRUST_LINK_HOURS } from './device-cookie.ts';

/** Failures further apart than this start the count again. */
const WINDOW_MINUTES = 15;
/** One address (or one known browser) guessing one account waits up to the old lockout's 15 minutes between tries. */
const SOURCE_CAP_SECONDS = 15 * 60;
/**
 * Many unknown addresses guessing one account (a spread-out attack) are throttled together, as
 * hard as one address: the owner is not kept out by it, since a browser that signed in to the
 * account before is not counted with them, and the emailed link trusts any other browser.
 */
const UNTRUSTED_CAP_SECONDS = 15 * 60;
const UNTRUSTED_THRESHOLD_FACTOR = 4;
const UNTRUSTED = '*';
/** The owner hears of an attack once a day at most, however many addresses it comes from. */
const NOTICE_HOURS = 24;

export type SignInSlowDown = ReturnType<typeof createSignInSlowDown>;

/**
 * Where a sign-in comes from: its address, and the id of its device cookie when that browser has
 * signed in to this account before (see device-cookie.ts).
 */
export type SignInSource = { address: string; trustedDevice?: string | null };

/**
 * Slows down password guessing instead of locking the account (OWASP's device cookies): a known
 * browser's failures count for that browser alone; unknown sources are slowed per address and,
 * together, per account. Keys are hashes of the sign-in scope and email, so an unknown email is
 * treated exactly like a real account.
 */
export function createSignInSlowDown(database: Database, threshold: number) {
  const slowDowns = (accountKey: string, source: SignInSource): repository.SlowDown[] => {
    const bySource = { accountKey, threshold, capSeconds: SOURCE_CAP_SECONDS, windowMinutes: WINDOW_MINUTES };
    if (source.trustedDevice) return [{ ...bySource, address: deviceAddressOf(source.trustedDevice) }];
    return [
      { ...bySource, address: source.address },
      {
        accountKey,
        address: UNTRUSTED,
        threshold: threshold * UNTRUSTED_THRESHOLD_FACTOR,
        capSeconds: UNTRUSTED_CAP_SECONDS,
        windowMinutes: WINDOW_MINUTES,
      },
    ];
  };
  const addressesOf = (source: SignInSource) =>
    source.trustedDevice ? [deviceAddressOf(source.trustedDevice)] : [source.address, UNTRUSTED];

  return {
    /** `scope`: 'firm', or the portal's firm id; each portal is its own sign-in. */
    keyOf: (scope: string, email: string) => createHash('sha256').update(`${scope}\n${email}`).digest('hex'),

    isBlocked: (accountKey: string, source: SignInSource) =>
      database.withIdentityLookup((tx) => repository.isSignInBlocked(tx, accountKey, addressesOf(source))),

    /** Counts a failed password check; true when this failure started a slow-down. */
    async recordFailure(accountKey: string, source: SignInSource): Promise<boolean> {
      return database.withIdentityLookup(async (tx) => {
        let hasStartedSlowDown = false;
        for (const slowDown of slowDowns(accountKey, source)) {
          const failures = await repository.recordSignInFailure(tx, slowDown);
          if (failures === slowDown.threshold) hasStartedSlowDown = true;
        }
        return hasStartedSlowDown;
      });
    },

    /** True for the first caller in NOTICE_HOURS: only that one emails the owner. */
    claimNotice: (accountKey: string) => database.withIdentityLookup((tx) => repository.claimSignInNotice(tx, accountKey, NOTICE_HOURS)),

    /** A successful sign-in clears its own source's count (an unknown source's clears the account-wide count too). */
    clear: (accountKey: string, source: SignInSource) =>
      database.withIdentityLookup((tx) => repository.clearSignInFailures(tx, accountKey, addressesOf(source))),
  };
}

const deviceAddressOf = (deviceId: string) => `device:${deviceId}`;

/**
 * The owner hears of a slow-down by email, once, with a link that lets any browser sign in; the answer to the guesser says nothing.
 * A firm's portal client hears it from the firm; a team member, whose account is Matterhorn's, from Matterhorn.
 */
export function tellOwnerOfFailedSignIns(
  database: Database,
  outbox: Outbox,
  owner: { firmId: string; sender: OutgoingEmail['sender'] },
  email: string,
  links: { trustBrowser: string; resetPassword: string },
) {
  return database.withIdentityLookup((tx) =>
    outbox.queue(tx, owner.firmId, {
      to: email,
      subject: 'Failed sign-in attempts on your account',
      sender: owner.sender,
      paragraphs: [
        'There were several failed attempts to sign in to your account. We have slowed down further attempts from browsers that have not signed in to it before. Your account stays open to you: a browser you have signed in with before keeps signing in as usual.',
        'To sign in from any other browser while this goes on, open this link in it first.',
      ],
      action: { label: 'Let this browser sign in', url: links.trustBrowser, expiry: `The link works for ${TRUST_LINK_HOURS} hours.` },
      closing: [`If it was not you, nothing was changed, but you may want to choose a new password:\n${links.resetPassword}`],
      why: 'someone failed several times to sign in to your account',
    }),
  );
}
