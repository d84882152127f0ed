import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { type PortalSecondFactor, type PortalSession, type PortalTotpEnrolment, PORTAL_SIGN_IN_MESSAGES } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { createLinkSecret, decryptSecret, encryptSecret, hashLinkSecret } from '../../lib/secrets.ts';
import * as repository from './auth.repository.ts';
import type { SignInSlowDown } from './sign-in-slow-down.ts';

/** Long enough to open an authenticator app (or install one), short enough to be useless if stolen. */
const CHALLENGE_MINUTES = 10;
const TOTP_SECRET_PURPOSE = 'portal-totp-secret';
/** One 30-second step either side, for a phone's clock that is a little off. */
const EPOCH_TOLERANCE_SECONDS = 30;

type Firm = { id: string; name: string };
type StartSession = (tx: Tx, firmId: string, slug: string, account: { id: string; clientId: string }) => Promise<PortalSession>;

/**
 * The authenticator-app step a firm may require of its portal users, after the password or the
 * sign-in link. The first factor earns only a challenge: a single-use secret, stored hashed like
 * every emailed link, that names the account and expires in minutes. No session exists until a
 * right code is given; wrong codes are slowed down per account like wrong passwords.
 */
export function createPortalSecondFactor(deps: {
  database: Database;
  config: AppConfig;
  slowDown: SignInSlowDown;
  startSession: StartSession;
}) {
  const { database, config, slowDown, startSession } = deps;

  /** The account behind a live challenge on this firm's portal, if it may still sign in. */
  async function challengedAccount(tx: Tx, firmId: string, challenge: string) {
    const token = await repository.findUsableAuthToken(tx, hashLinkSecret(challenge), 'portal_second_factor');
    if (!token?.portalAccountId || token.firmId !== firmId) return null;
    const account = await repository.findPortalAccount(tx, firmId, token.portalAccountId);
    if (!account || !repository.canPortalAccountSignIn(account)) return null;
    return { token, account };
  }

  return {
    async challenge(tx: Tx, firmId: string, slug: string, account: { id: string; email: string; totpEnabledAt: Date | null }) {
      const { secret, secretHash } = createLinkSecret();
      await repository.insertAuthToken(tx, {
        firmId,
        purpose: 'portal_second_factor',
        tokenHash: secretHash,
        email: account.email,
        portalAccountId: account.id,
        lifetimeMinutes: CHALLENGE_MINUTES,
      });
      return { challenge: secret, step: account.totpEnabledAt ? 'verify' : 'enrol', company: slug } satisfies PortalSecondFactor;
    },

    /** A new secret for an account setting its authenticator up; refused once one is confirmed. */
    async enrol(firm: Firm, challenge: string): Promise<PortalTotpEnrolment> {
      const secret = generateSecret();
      const found = await database.withIdentityLookup(async (tx) => {
        const found = await challengedAccount(tx, firm.id, challenge);
        if (!found || found.account.totpEnabledAt) return null;
        const isSet = await repository.setPendingTotpSecret(
          tx,
          found.account.id,
          encryptSecret(secret, config.appSecret, TOTP_SECRET_PURPOSE),
        );
        return isSet ? found : null;
      });
      if (!found) throw badRequest(PORTAL_SIGN_IN_MESSAGES.secondFactorExpired);
      const otpauthUrl = generateURI({ issuer: `${firm.name} client portal`, label: found.account.email, secret });
      return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 200 }) };
    },

    /** A right code ends the challenge (and confirms a new authenticator) and opens the session. */
    async verify(firm: Firm & { slug: string }, input: { challenge: string; code: string; address: string }): Promise<PortalSession> {
      const found = await database.withIdentityLookup((tx) => challengedAccount(tx, firm.id, input.challenge));
      if (!found) throw badRequest(PORTAL_SIGN_IN_MESSAGES.secondFactorExpired);
      const { account, token } = found;
      const key = slowDown.keyOf(firm.id, `totp\n${account.id}`);
      if (await slowDown.isBlocked(key, { address: input.address })) throw badRequest(PORTAL_SIGN_IN_MESSAGES.invalidCode);
      const secret = account.totpSecret ? decryptSecret(account.totpSecret, config.appSecret, TOTP_SECRET_PURPOSE) : null;
      const result = secret ? await verify({ secret, token: input.code, epochTolerance: EPOCH_TOLERANCE_SECONDS }) : null;
      const timeStep = result?.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
      // A code seen once (by an onlooker, or a replayed request) does not sign in again.
      const isReplayed = timeStep !== null && account.totpLastStep !== null && timeStep <= account.totpLastStep;
      if (timeStep === null || isReplayed) {
        await slowDown.recordFailure(key, { address: input.address });
        throw badRequest(PORTAL_SIGN_IN_MESSAGES.invalidCode);
      }
      const session = await database.withIdentityLookup(async (tx) => {
        if (!(await repository.consumeAuthToken(tx, token.id))) throw badRequest(PORTAL_SIGN_IN_MESSAGES.secondFactorExpired);
        if (!(await repository.acceptTotpStep(tx, account.id, timeStep))) throw badRequest(PORTAL_SIGN_IN_MESSAGES.invalidCode);
        return startSession(tx, firm.id, firm.slug, account);
      });
      await slowDown.clear(key, { address: input.address });
      return session;
    },
  };
}
