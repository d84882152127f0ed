import { AUTH_MESSAGES, type FirmSession, type FirmSignInResult } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { createLinkSecret, decoyPasswordHash, hashLinkSecret, hashPassword, readToken, verifyPassword } from '../../lib/secrets.ts';
import { lifetimeInWords } from '../../lib/outgoing-email.ts';
import * as repository from './auth.repository.ts';
import {
  ADMINISTRATOR_ROLE_NAME,
  DEFAULT_ACTIVITY_TYPES,
  DEFAULT_EXPENSE_CATEGORIES,
  DEFAULT_PRACTICE_AREAS,
  DEFAULT_ROLES,
} from './firm-defaults.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { secureAccountAfterRecovery } from './recovery-step.ts';
import { openSession } from './sessions.ts';
import { assertStrongPassword } from '../../lib/password-strength.ts';
import { createSignInSlowDown, tellOwnerOfFailedSignIns } from './sign-in-slow-down.ts';
import { createStaffTwoStep } from './staff-two-step.ts';
import { createPasskeys } from './passkeys.ts';
import { createRememberedBrowsers } from './remembered-browser.ts';
import {
  createDeviceCookies,
  createTrustLink,
  readTrustLink,
  trustAccount,
  trustAccountDigest,
  trustedDeviceOf,
  type Device,
} from './device-cookie.ts';

const VERIFY_EMAIL_MINUTES = 48 * 60;
const RESET_PASSWORD_MINUTES = 60;
const EMAIL_TAKEN = 'An account with this email already exists';

type Dependencies = { database: Database; config: AppConfig; outbox: Outbox; afterResponse: AfterResponse };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ database, config, outbox, afterResponse }: Dependencies) {
  const link = (path: string) => `${config.appUrl}${path}`;
  const slowDown = createSignInSlowDown(database, config.loginAttemptsPerAccount);
  const twoStep = createStaffTwoStep({ database, config, slowDown, outbox });

  async function sendVerification(tx: Tx, user: { id: string; firmId: string; email: string }) {
    const { secret, secretHash } = createLinkSecret();
    await repository.insertAuthToken(tx, {
      firmId: user.firmId,
      purpose: 'verify_email',
      tokenHash: secretHash,
      email: user.email,
      userId: user.id,
      lifetimeMinutes: VERIFY_EMAIL_MINUTES,
    });
    const url = link(`/verification?token=${secret}`);
    await outbox.queue(tx, user.firmId, {
      to: user.email,
      subject: 'Verify your Matterhorn account',
      sender: 'matterhorn',
      paragraphs: ['Welcome to Matterhorn.', 'Verify your email address to start using your account.'],
      action: { label: 'Verify your email address', url, expiry: `The link expires in ${lifetimeInWords(VERIFY_EMAIL_MINUTES)}.` },
      closing: ['If you did not sign up, you can ignore this email: the account stays unused.'],
      why: 'this address was used to sign up for Matterhorn',
    });
  }

  const tellOwnerOfSignupAttempt = (tx: Tx, owner: { firmId: string }, email: string) =>
    outbox.queue(tx, owner.firmId, {
      to: email,
      subject: 'Someone tried to create a Matterhorn account with your email',
      sender: 'matterhorn',
      paragraphs: [
        'Someone tried to create a new Matterhorn account with this email address, which already has an account.',
        'If it was you, sign in instead.',
      ],
      action: { label: 'Sign in', url: link('/login') },
      closing: [
        `If you have forgotten your password, reset it here:\n${link('/forgot-password')}`,
        'If it was not you, you can ignore this email: nothing was changed.',
      ],
      why: 'someone tried to sign up for Matterhorn with this address',
    });

  async function sendVerificationAgain(email: string): Promise<void> {
    await database.withIdentityLookup(async (tx) => {
      const user = await repository.findUserByEmail(tx, email);
      if (!user || user.emailVerifiedAt || !user.isActive) return;
      await sendVerification(tx, { id: user.id, firmId: user.firmId, email });
    });
  }

  async function sendPasswordReset(email: string): Promise<void> {
    await database.withIdentityLookup(async (tx) => {
      const user = await repository.findUserByEmail(tx, email);
      if (!user?.isActive) return;
      const { secret, secretHash } = createLinkSecret();
      await repository.insertAuthToken(tx, {
        firmId: user.firmId,
        purpose: 'reset_password',
        tokenHash: secretHash,
        email,
        userId: user.id,
        lifetimeMinutes: RESET_PASSWORD_MINUTES,
      });
      const url = link(`/forgot-password/reset/${secret}`);
      await outbox.queue(tx, user.firmId, {
        to: email,
        subject: 'Reset your Matterhorn password',
        sender: 'matterhorn',
        paragraphs: ['Someone asked to reset the password of the Matterhorn account with this email.'],
        action: {
          label: 'Choose a new password',
          url,
          expiry: `The link works once and expires in ${lifetimeInWords(RESET_PASSWORD_MINUTES)}.`,
        },
        closing: ['If it was not you, ignore this email: your password stays as it is.'],
        why: 'a password reset was asked for this address',
      });
    });
  }

  return {
    deviceCookies: createDeviceCookies(config.appSecret, config.appUrl),
    /** Two-step sign-in (issue 39): its calls, and the browsers that may skip it for 30 days. */
    twoStep,
    /** Passkeys: a sign-in without a password, or the second step after one. */
    passkeys: createPasskeys({ database, config, twoStep, outbox }),
    rememberedBrowsers: createRememberedBrowsers(config.appSecret, config.appUrl),

    /**
     * A new firm, its administrator and a Trial subscription, in one transaction. The answer is the
     * same whether or not the email already has an account (no session either way: the emailed
     * link signs the new administrator in); an existing owner is told by email instead.
     */
    async signup(input: { firmName: string; name: string; email: string; password: string }): Promise<void> {
      assertStrongPassword(input.password, [input.email, input.name, input.firmName]);
      const passwordHash = await hashPassword(input.password);
      // The owner of the address is told in a transaction of its own when the sign-up's lost a race to it.
      const tellOwner = () =>
        database.withIdentityLookup(async (tx) => {
          const owner = await repository.findUserByEmail(tx, input.email);
          if (owner) await tellOwnerOfSignupAttempt(tx, owner, input.email);
        });
      try {
        await database.withIdentityLookup(async (tx) => {
          const owner = await repository.findUserByEmail(tx, input.email);
          if (owner) return void (await tellOwnerOfSignupAttempt(tx, owner, input.email));
          const firmId = await repository.insertFirm(tx, input.firmName);
          await switchToFirm(tx, firmId);
          const roles = await repository.insertRoles(tx, firmId, DEFAULT_ROLES);
          const administrator = roles.find((role) => role.name === ADMINISTRATOR_ROLE_NAME)!;
          const userId = await repository.insertUser(tx, {
            firmId,
            email: input.email,
            name: input.name,
            passwordHash,
            roleId: administrator.id,
          });
          await repository.setFirmOwner(tx, firmId, userId);
          await repository.insertTrialSubscription(tx, firmId);
          await repository.insertFirmReferenceData(tx, firmId, {
            activityTypes: DEFAULT_ACTIVITY_TYPES,
            expenseCategories: DEFAULT_EXPENSE_CATEGORIES,
            practiceAreas: DEFAULT_PRACTICE_AREAS,
          });
          await sendVerification(tx, { id: userId, firmId, email: input.email });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await tellOwner();
      }
    },

    /**
     * `device`: the browser's device cookie; the answer carries it again, now trusted for this account
     * too. A member with two-step sign-in (or whose firm requires it) gets a challenge instead of a
     * session, unless this browser is remembered for their authenticator (`isRemembered`).
     */
    async login(input: {
      email: string;
      password: string;
      address: string;
      device: Device | null;
      isRemembered: (member: { id: string; totpEnabledAt: Date | null; browsersForgottenAt: Date | null }) => boolean;
    }): Promise<{ session: FirmSignInResult; device: Device }> {
      const accountKey = slowDown.keyOf('firm', input.email);
      const source = { address: input.address, trustedDevice: trustedDeviceOf(input.device, accountKey) };
      const [user, isBlocked] = await Promise.all([
        database.withIdentityLookup((tx) => repository.findUserByEmail(tx, input.email)),
        slowDown.isBlocked(accountKey, source),
      ]);
      // The password is checked on every path, so the time taken reveals neither the account nor the slow-down.
      const isPasswordRight = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
      if (isBlocked) throw badRequest(AUTH_MESSAGES.invalidLogin, undefined, 'INVALID_CREDENTIALS');
      if (!user || !isPasswordRight || !user.isActive) {
        const hasStartedSlowDown = await slowDown.recordFailure(accountKey, source);
        if (user && hasStartedSlowDown && (await slowDown.claimNotice(accountKey))) {
          await tellOwnerOfFailedSignIns(database, outbox, { firmId: user.firmId, sender: 'matterhorn' }, input.email, {
            trustBrowser: link(`/trust-browser?token=${createTrustLink(accountKey, '/login', config.appSecret)}`),
            resetPassword: link('/forgot-password'),
          });
        }
        throw badRequest(AUTH_MESSAGES.invalidLogin, undefined, 'INVALID_CREDENTIALS');
      }
      await slowDown.clear(accountKey, source);
      const device = trustAccount(input.device, accountKey);
      if (twoStep.isNeeded(user) && !input.isRemembered(user)) {
        const challenge = await database.withIdentityLookup((tx) => twoStep.challenge(tx, { ...user, email: input.email }));
        return { session: challenge, device };
      }
      const token = await database.withIdentityLookup(async (tx) => {
        await switchToFirm(tx, user.firmId);
        return openSession(tx, config.appSecret, { firmId: user.firmId, kind: 'firm', userId: user.id });
      });
      const session: FirmSession = { token, isVerified: user.emailVerifiedAt !== null, isFirmSetUp: user.firmSetUpAt !== null };
      return { session, device };
    },

    /** The emailed link: the browser that opens it is trusted for the account it names (firm or portal). */
    trustBrowser(token: string, device: Device | null): { signInPath: string; device: Device } {
      const trusted = readTrustLink(token, config.appSecret);
      if (!trusted) throw badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');
      return { signInPath: trusted.signInPath, device: trustAccountDigest(device, trusted.accountDigest) };
    },

    async logout(firmId: string, sessionId: string): Promise<void> {
      await database.withFirm(firmId, (tx) => repository.revokeSession(tx, sessionId));
    },

    async logoutToken(token: string): Promise<void> {
      const claims = readToken(token, config.appSecret);
      if (claims) await database.withFirm(claims.firmId, (tx) => repository.revokeSession(tx, claims.sessionId));
    },

    /** The emailed link proves the address, so it also signs its owner in. */
    async verifyEmail(secret: string): Promise<FirmSession> {
      return database.withIdentityLookup(async (tx) => {
        const token = await repository.findUsableAuthToken(tx, hashLinkSecret(secret), 'verify_email');
        const user = token ? await repository.findUserByEmail(tx, token.email) : null;
        if (!token || !user?.isActive || user.id !== token.userId || !(await repository.consumeAuthToken(tx, token.id))) {
          throw badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');
        }
        await repository.markEmailVerified(tx, user.id);
        await switchToFirm(tx, user.firmId);
        const sessionToken = await openSession(tx, config.appSecret, { firmId: user.firmId, kind: 'firm', userId: user.id });
        return { token: sessionToken, isVerified: true, isFirmSetUp: user.firmSetUpAt !== null };
      });
    },

    /** Sent after the answer, so an unverified account answers as fast as none. */
    resendVerification(email: string): void {
      afterResponse.run(() => sendVerificationAgain(email));
    },

    /** Sent after the answer, so the time taken does not tell whether the email has an account. */
    forgotPassword(email: string): void {
      afterResponse.run(() => sendPasswordReset(email));
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await database.withIdentityLookup(async (tx) => {
        const token = await repository.findUsableAuthToken(tx, hashLinkSecret(input.token), 'reset_password');
        if (!token?.userId) throw badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');
        const user = await repository.findUserByEmail(tx, token.email);
        assertStrongPassword(input.password, [token.email, user?.name, user?.firmName]);
        if (!(await repository.consumeAuthToken(tx, token.id))) throw badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');
        await repository.setPassword(tx, 'users', token.userId, passwordHash);
        // Whoever knew the old password is signed out everywhere, and loses any passkey or remembered browser.
        await switchToFirm(tx, token.firmId);
        await repository.revokeSessionsOf(tx, { userId: token.userId });
        await secureAccountAfterRecovery(
          tx,
          outbox,
          { firmId: token.firmId, userId: token.userId },
          { reason: 'your password was reset', appUrl: config.appUrl },
        );
      });
    },

    async findInvitation(secret: string) {
      return database.withIdentityLookup(async (tx) => {
        const invitation = await repository.findUsableAuthToken(tx, hashLinkSecret(secret), 'invitation');
        if (!invitation?.roleId) throw notFound('Invitation');
        const firmName = await repository.findFirmName(tx, invitation.firmId);
        await switchToFirm(tx, invitation.firmId);
        const roleName = await repository.findRoleName(tx, invitation.roleId);
        return { firmName: firmName ?? '', email: invitation.email, roleName: roleName ?? '' };
      });
    },

    /** Accepting an invitation proves the email, so the new member starts verified. */
    async joinTeam(input: { invitationId: string; name: string; password: string }): Promise<FirmSession> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await database.withIdentityLookup(async (tx) => {
          const invitation = await repository.findUsableAuthToken(tx, hashLinkSecret(input.invitationId), 'invitation');
          if (!invitation?.roleId) throw notFound('Invitation');
          assertStrongPassword(input.password, [invitation.email, input.name, await repository.findFirmName(tx, invitation.firmId)]);
          if (await repository.findUserByEmail(tx, invitation.email)) throw conflict(EMAIL_TAKEN);
          if (!(await repository.consumeAuthToken(tx, invitation.id))) throw notFound('Invitation');
          await switchToFirm(tx, invitation.firmId);
          const seats = await repository.findSeatUsage(tx, invitation.firmId);
          if (seats.usedSeats >= seats.allocatedSeats) {
            throw conflict(
              `Your firm has used all ${seats.allocatedSeats} seats of its plan. Ask your administrator to upgrade the plan.`,
              'PLAN_SEATS_FULL',
            );
          }
          const userId = await repository.insertUser(tx, {
            firmId: invitation.firmId,
            email: invitation.email,
            name: input.name,
            passwordHash,
            roleId: invitation.roleId,
            emailVerifiedAt: new Date(),
          });
          const token = await openSession(tx, config.appSecret, { firmId: invitation.firmId, kind: 'firm', userId });
          return { token, isVerified: true, isFirmSetUp: true };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
    },
  };
}
