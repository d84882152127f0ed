import { AUTH_MESSAGES, type FirmSession } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createLinkSecret, decoyPasswordHash, hashLinkSecret, hashPassword, readToken, verifyPassword } from '../../lib/secrets.ts';
import * as repository from './auth.repository.ts';
import { ADMINISTRATOR_ROLE_NAME, DEFAULT_ACTIVITY_TYPES, DEFAULT_PRACTICE_AREAS, DEFAULT_ROLES } from './firm-defaults.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { openSession } from './sessions.ts';

const VERIFY_EMAIL_MINUTES = 48 * 60;
const RESET_PASSWORD_MINUTES = 60;
export const LOCK_MINUTES = 15;
const EMAIL_TAKEN = 'An account with this email already exists';

type Dependencies = { database: Database; config: AppConfig; mailer: Mailer };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ database, config, mailer }: Dependencies) {
  const link = (path: string) => `${config.appUrl}${path}`;

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
    return () => {
      const url = link(`/verification?token=${secret}`);
      return mailer.send({
        to: user.email,
        subject: 'Verify your Matterhorn account',
        text: `Welcome to Matterhorn.\n\nVerify your email address by opening this link:\n${url}\n\nThe link expires in 48 hours.`,
        link: url,
      });
    };
  }

  return {
    /** A new firm, its administrator and a Trial subscription, in one transaction. */
    async signup(input: { firmName: string; name: string; email: string; password: string }): Promise<FirmSession> {
      const passwordHash = await hashPassword(input.password);
      try {
        const { token, sendEmail } = await database.withIdentityLookup(async (tx) => {
          if (await repository.findUserByEmail(tx, input.email)) throw conflict(EMAIL_TAKEN);
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
            practiceAreas: DEFAULT_PRACTICE_AREAS,
          });
          const sendEmail = await sendVerification(tx, { id: userId, firmId, email: input.email });
          return { token: await openSession(tx, config.appSecret, { firmId, kind: 'firm', userId }), sendEmail };
        });
        await sendEmail();
        return { token, isVerified: false, isFirmSetUp: false };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
    },

    async login(input: { email: string; password: string }): Promise<FirmSession> {
      const user = await database.withIdentityLookup((tx) => repository.findUserByEmail(tx, input.email));
      if (!user) {
        await verifyPassword(await decoyPasswordHash(), input.password);
        throw badRequest(AUTH_MESSAGES.invalidLogin);
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
      if (!(await verifyPassword(user.passwordHash, input.password)) || !user.isActive) {
        await database.withIdentityLookup((tx) =>
          repository.recordFailedLogin(tx, 'users', user.id, config.loginAttemptsPerAccount, LOCK_MINUTES),
        );
        throw badRequest(AUTH_MESSAGES.invalidLogin);
      }
      const token = await database.withIdentityLookup(async (tx) => {
        await repository.clearFailedLogins(tx, 'users', user.id);
        await switchToFirm(tx, user.firmId);
        return openSession(tx, config.appSecret, { firmId: user.firmId, kind: 'firm', userId: user.id });
      });
      return { token, isVerified: user.emailVerifiedAt !== null, isFirmSetUp: user.firmSetUpAt !== null };
    },

    async logout(firmId: string, sessionId: string): Promise<void> {
      await database.withFirm(firmId, (tx) => repository.revokeSession(tx, sessionId));
    },

    async logoutToken(token: string): Promise<void> {
      const claims = readToken(token, config.appSecret);
      if (claims) await database.withFirm(claims.firmId, (tx) => repository.revokeSession(tx, claims.sessionId));
    },

    async verifyEmail(secret: string): Promise<void> {
      await database.withIdentityLookup(async (tx) => {
        const token = await repository.findUsableAuthToken(tx, hashLinkSecret(secret), 'verify_email');
        if (!token?.userId || !(await repository.consumeAuthToken(tx, token.id))) throw badRequest(AUTH_MESSAGES.invalidToken);
        await repository.markEmailVerified(tx, token.userId);
      });
    },

    async resendVerification(email: string): Promise<void> {
      const sendEmail = await database.withIdentityLookup(async (tx) => {
        const user = await repository.findUserByEmail(tx, email);
        if (!user || user.emailVerifiedAt || !user.isActive) return null;
        return sendVerification(tx, { id: user.id, firmId: user.firmId, email });
      });
      await sendEmail?.();
    },

    async forgotPassword(email: string): Promise<void> {
      const url = await database.withIdentityLookup(async (tx) => {
        const user = await repository.findUserByEmail(tx, email);
        if (!user?.isActive) return null;
        const { secret, secretHash } = createLinkSecret();
        await repository.insertAuthToken(tx, {
          firmId: user.firmId,
          purpose: 'reset_password',
          tokenHash: secretHash,
          email,
          userId: user.id,
          lifetimeMinutes: RESET_PASSWORD_MINUTES,
        });
        return link(`/forgot-password/reset/${secret}`);
      });
      if (url) {
        await mailer.send({
          to: email,
          subject: 'Reset your Matterhorn password',
          text: `Someone asked to reset the password for this email.\n\nChoose a new password here:\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email.`,
          link: url,
        });
      }
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await database.withIdentityLookup(async (tx) => {
        const token = await repository.findUsableAuthToken(tx, hashLinkSecret(input.token), 'reset_password');
        if (!token?.userId || !(await repository.consumeAuthToken(tx, token.id))) throw badRequest(AUTH_MESSAGES.invalidToken);
        await repository.setPassword(tx, 'users', token.userId, passwordHash);
        // Whoever knew the old password is signed out everywhere.
        await switchToFirm(tx, token.firmId);
        await repository.revokeSessionsOf(tx, { userId: token.userId });
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
          if (await repository.findUserByEmail(tx, invitation.email)) throw conflict(EMAIL_TAKEN);
          if (!(await repository.consumeAuthToken(tx, invitation.id))) throw notFound('Invitation');
          await switchToFirm(tx, invitation.firmId);
          const seats = await repository.findSeatUsage(tx, invitation.firmId);
          if (seats.usedSeats >= seats.allocatedSeats) {
            throw conflict(`Your firm has used all ${seats.allocatedSeats} seats of its plan. Ask your administrator to upgrade the plan.`);
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
