import {
  AUTH_MESSAGES,
  type PortalSession,
  type PortalSignInResult,
  type PortalTotpEnrolment,
  PORTAL_SIGN_IN_MESSAGES,
} from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { createLinkSecret, decoyPasswordHash, hashLinkSecret, hashPassword, verifyPassword } from '../../lib/secrets.ts';
import { lifetimeInWords } from '../../lib/outgoing-email.ts';
import * as repository from './auth.repository.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { openSession } from './sessions.ts';
import { assertStrongPassword } from '../../lib/password-strength.ts';
import { createSignInSlowDown, tellOwnerOfFailedSignIns } from './sign-in-slow-down.ts';
import { createDeviceCookies, createTrustLink, trustAccount, trustedDeviceOf, type Device } from './device-cookie.ts';
import { createPortalSecondFactor } from './portal-second-factor.ts';
import { assertConsentToCurrent, findCurrentPrivacyNotice, recordPrivacyConsent } from '../data-protection/privacy-notice.api.ts';

const PORTAL_RESET_MINUTES = 60;
const SIGN_IN_LINK_MINUTES = 15;

type Dependencies = { database: Database; config: AppConfig; outbox: Outbox; afterResponse: AfterResponse };

/**
 * Sign-in for the firm's clients. Everything is looked up within the firm named by the slug, so a
 * client of one firm can never sign in on another firm's portal.
 */
export function createPortalAuthService({ database, config, outbox, afterResponse }: Dependencies) {
  const slowDown = createSignInSlowDown(database, config.loginAttemptsPerAccount);

  async function firmOf(tx: Tx, slug: string) {
    const firm = await repository.findFirmBySlug(tx, slug);
    if (!firm) throw notFound('Firm');
    return firm;
  }

  async function startSession(tx: Tx, firmId: string, slug: string, account: { id: string; clientId: string }): Promise<PortalSession> {
    await repository.recordPortalSignIn(tx, account.id);
    await switchToFirm(tx, firmId);
    const token = await openSession(tx, config.appSecret, { firmId, kind: 'portal', portalAccountId: account.id });
    return { token, clientId: account.clientId, company: slug };
  }

  const secondFactor = createPortalSecondFactor({ database, config, slowDown, startSession });

  /** After a right password or sign-in link: the session, or the authenticator step the firm requires. */
  function afterFirstFactor(
    tx: Tx,
    firm: { id: string; portalRequiresTotp: boolean },
    slug: string,
    account: { id: string; clientId: string; email: string; totpEnabledAt: Date | null },
  ): Promise<PortalSignInResult> {
    if (firm.portalRequiresTotp) return secondFactor.challenge(tx, firm.id, slug, account);
    return startSession(tx, firm.id, slug, account);
  }

  async function sendPasswordReset(firm: { id: string }, input: { slug: string; email: string }): Promise<void> {
    await database.withIdentityLookup(async (tx) => {
      const account = await repository.findPortalAccountByEmail(tx, firm.id, input.email);
      if (!account || account.status !== 'active') return;
      const { secret, secretHash } = createLinkSecret();
      await repository.insertAuthToken(tx, {
        firmId: firm.id,
        purpose: 'portal_reset',
        tokenHash: secretHash,
        email: input.email,
        portalAccountId: account.id,
        lifetimeMinutes: PORTAL_RESET_MINUTES,
      });
      const url = `${config.appUrl}/portal/${input.slug}/reset-password/${secret}`;
      await outbox.queue(tx, firm.id, {
        to: input.email,
        subject: 'Reset your client portal password',
        sender: 'firm',
        paragraphs: ['Someone asked to reset the password of your client portal account.'],
        action: {
          label: 'Choose a new password',
          url,
          expiry: `The link works once and expires in ${lifetimeInWords(PORTAL_RESET_MINUTES)}.`,
        },
        closing: ['If it was not you, ignore this email: your password stays as it is.'],
        why: 'a password reset was asked for your client portal account',
      });
    });
  }

  return {
    deviceCookies: createDeviceCookies(config.appSecret, config.appUrl),

    /** `device`: the browser's device cookie; the answer carries it again, now trusted for this account too. */
    async login(input: {
      slug: string;
      email: string;
      password: string;
      address: string;
      device: Device | null;
    }): Promise<{ result: PortalSignInResult; device: Device }> {
      const { firm, account } = await database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        return { firm, account: await repository.findPortalAccountByEmail(tx, firm.id, input.email) };
      });
      const accountKey = slowDown.keyOf(firm.id, input.email);
      const source = { address: input.address, trustedDevice: trustedDeviceOf(input.device, accountKey) };
      const isBlocked = await slowDown.isBlocked(accountKey, source);
      // Checked on every path, so the time taken reveals neither the account nor the slow-down.
      const isPasswordRight = await verifyPassword(account?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (isBlocked) throw badRequest(AUTH_MESSAGES.invalidLogin, undefined, 'INVALID_CREDENTIALS');
      if (!account || !isPasswordRight || !repository.canPortalAccountSignIn(account)) {
        const hasStartedSlowDown = await slowDown.recordFailure(accountKey, source);
        if (account && hasStartedSlowDown && (await slowDown.claimNotice(accountKey))) {
          const signInPath = `/portal/${input.slug}/login`;
          await tellOwnerOfFailedSignIns(database, outbox, { firmId: firm.id, sender: 'firm' }, input.email, {
            trustBrowser: `${config.appUrl}/trust-browser?token=${createTrustLink(accountKey, signInPath, config.appSecret)}`,
            resetPassword: `${config.appUrl}/portal/${input.slug}/forgot-password`,
          });
        }
        throw badRequest(AUTH_MESSAGES.invalidLogin, undefined, 'INVALID_CREDENTIALS');
      }
      await slowDown.clear(accountKey, source);
      const result = await database.withIdentityLookup((tx) => afterFirstFactor(tx, firm, input.slug, account));
      return { result, device: trustAccount(input.device, accountKey) };
    },

    /**
     * Only the holder of the emailed invitation link can create the account: the link's secret names
     * the client and the contact's account. Every refusal has the same answer, whatever the email.
     */
    async signup(input: {
      slug: string;
      token: string;
      email: string;
      password: string;
      privacyNoticeVersion?: number;
    }): Promise<PortalSignInResult> {
      // The firm's privacy notice is agreed to before any account exists (ADR 92); nothing is written when it is not.
      const firmId = (await database.withIdentityLookup((tx) => firmOf(tx, input.slug))).id;
      const notice = await database.withFirm(firmId, (tx) => findCurrentPrivacyNotice(tx, firmId));
      assertConsentToCurrent(notice, input.privacyNoticeVersion);
      const passwordHash = await hashPassword(input.password);
      try {
        return await database.withIdentityLookup(async (tx) => {
          const firm = await firmOf(tx, input.slug);
          const invitation = await repository.findUsableAuthToken(tx, hashLinkSecret(input.token), 'portal_invitation');
          if (!invitation?.clientId || invitation.firmId !== firm.id || invitation.email !== input.email) {
            throw badRequest(AUTH_MESSAGES.portalInvitationInvalid, undefined, 'INVALID_TOKEN');
          }
          const invited = invitation.portalAccountId ? await repository.findPortalAccount(tx, firm.id, invitation.portalAccountId) : null;
          assertStrongPassword(input.password, [invitation.email, invited?.contactName, firm.name]);
          const isUsable =
            (await repository.isClientOnPortal(tx, firm.id, invitation.clientId)) && (await repository.consumeAuthToken(tx, invitation.id));
          if (!isUsable) throw badRequest(AUTH_MESSAGES.portalInvitationInvalid, undefined, 'INVALID_TOKEN');
          let accountId = invitation.portalAccountId;
          if (accountId) {
            if (!(await repository.activatePortalAccount(tx, accountId, passwordHash)))
              throw badRequest(AUTH_MESSAGES.portalInvitationInvalid, undefined, 'INVALID_TOKEN');
          } else {
            // An invitation sent before accounts were made per contact names only the client.
            accountId = await repository.insertPortalAccount(tx, {
              firmId: firm.id,
              clientId: invitation.clientId,
              email: invitation.email,
              passwordHash,
            });
          }
          await repository.voidPortalInvitations(tx, invitation.clientId, invitation.email);
          const result = await afterFirstFactor(tx, firm, input.slug, {
            id: accountId,
            clientId: invitation.clientId,
            email: invitation.email,
            totpEnabledAt: null,
          });
          if (notice) {
            await switchToFirm(tx, firm.id);
            await recordPrivacyConsent(tx, firm.id, accountId, notice.id);
          }
          return result;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(AUTH_MESSAGES.portalInvitationInvalid, undefined, 'INVALID_TOKEN');
        throw error;
      }
    },

    /** Emails a single-use sign-in link to an account that may sign in; the answer never says which. */
    async requestSignInLink(input: { slug: string; email: string }): Promise<void> {
      await database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        const account = await repository.findPortalAccountByEmail(tx, firm.id, input.email);
        if (!account || !repository.canPortalAccountSignIn(account)) return;
        const { secret, secretHash } = createLinkSecret();
        await repository.insertAuthToken(tx, {
          firmId: firm.id,
          purpose: 'portal_sign_in_link',
          tokenHash: secretHash,
          email: account.email,
          portalAccountId: account.id,
          lifetimeMinutes: SIGN_IN_LINK_MINUTES,
        });
        const url = `${config.appUrl}/portal/${encodeURIComponent(input.slug)}/sign-in/${secret}`;
        await outbox.queue(tx, firm.id, {
          to: input.email,
          subject: 'Your client portal sign-in link',
          sender: 'firm',
          paragraphs: ['Sign in to your client portal with this link.'],
          action: {
            label: 'Sign in to your client portal',
            url,
            expiry: `The link works once and expires in ${lifetimeInWords(SIGN_IN_LINK_MINUTES)}.`,
          },
          closing: ['If you did not ask for it, you can ignore this email.'],
          why: 'a sign-in link was asked for your client portal account',
        });
      });
    },

    async signInWithLink(input: { slug: string; token: string }): Promise<PortalSignInResult> {
      return database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        const link = await repository.findUsableAuthToken(tx, hashLinkSecret(input.token), 'portal_sign_in_link');
        const account =
          link?.portalAccountId && link.firmId === firm.id ? await repository.findPortalAccount(tx, firm.id, link.portalAccountId) : null;
        if (!link || !account || !repository.canPortalAccountSignIn(account) || !(await repository.consumeAuthToken(tx, link.id))) {
          throw badRequest(PORTAL_SIGN_IN_MESSAGES.signInLinkInvalid);
        }
        return afterFirstFactor(tx, firm, input.slug, account);
      });
    },

    async enrolTotp(input: { slug: string; challenge: string }): Promise<PortalTotpEnrolment> {
      const firm = await database.withIdentityLookup((tx) => firmOf(tx, input.slug));
      return secondFactor.enrol(firm, input.challenge);
    },

    async verifyTotp(input: { slug: string; challenge: string; code: string; address: string }): Promise<PortalSession> {
      const firm = await database.withIdentityLookup((tx) => firmOf(tx, input.slug));
      return secondFactor.verify({ ...firm, slug: input.slug }, input);
    },

    /** The firm is found now (an unknown portal answers 404); the account and the email after the answer, so its timing tells nothing. */
    async forgotPassword(input: { slug: string; email: string }): Promise<void> {
      const firm = await database.withIdentityLookup((tx) => firmOf(tx, input.slug));
      afterResponse.run(() => sendPasswordReset(firm, input));
    },

    async resetPassword(input: { slug: string; token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        const token = await repository.findUsableAuthToken(tx, hashLinkSecret(input.token), 'portal_reset');
        if (!token?.portalAccountId || token.firmId !== firm.id) throw badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');
        const account = await repository.findPortalAccount(tx, firm.id, token.portalAccountId);
        assertStrongPassword(input.password, [token.email, account?.contactName, firm.name]);
        if (!(await repository.consumeAuthToken(tx, token.id))) throw badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');
        await repository.setPassword(tx, 'portal_accounts', token.portalAccountId, passwordHash);
        await switchToFirm(tx, firm.id);
        await repository.revokeSessionsOf(tx, { portalAccountId: token.portalAccountId });
      });
    },
  };
}
