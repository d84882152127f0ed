import { AUTH_MESSAGES, type PortalSession } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createLinkSecret, decoyPasswordHash, hashLinkSecret, hashPassword, verifyPassword } from '../../lib/secrets.ts';
import * as repository from './auth.repository.ts';
import { LOCK_MINUTES } from './auth.service.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { openSession } from './sessions.ts';

const PORTAL_RESET_MINUTES = 60;
const PORTAL_SIGNUP_REFUSED = 'We could not find a portal invitation for this email. Please contact your law firm.';

type Dependencies = { database: Database; config: AppConfig; mailer: Mailer };

/**
 * Sign-in for the firm's clients. Everything is looked up within the firm named by the slug, so a
 * client of one firm can never sign in on another firm's portal.
 */
export function createPortalAuthService({ database, config, mailer }: Dependencies) {
  async function firmOf(tx: Tx, slug: string) {
    const firm = await repository.findFirmBySlug(tx, slug);
    if (!firm) throw notFound('Firm');
    return firm;
  }

  async function startSession(tx: Tx, firmId: string, slug: string, account: { id: string; clientId: string }): Promise<PortalSession> {
    await switchToFirm(tx, firmId);
    const token = await openSession(tx, config.appSecret, { firmId, kind: 'portal', portalAccountId: account.id });
    return { token, clientId: account.clientId, company: slug };
  }

  return {
    async login(input: { slug: string; email: string; password: string }): Promise<PortalSession> {
      const { firm, account } = await database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        return { firm, account: await repository.findPortalAccountByEmail(tx, firm.id, input.email) };
      });
      if (!account) {
        await verifyPassword(await decoyPasswordHash(), input.password);
        throw badRequest(AUTH_MESSAGES.invalidLogin);
      }
      if (account.lockedUntil && account.lockedUntil.getTime() > Date.now()) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
      const isAllowed = account.isPortalEnabled && account.deletedAt === null;
      if (!(await verifyPassword(account.passwordHash, input.password)) || !isAllowed) {
        await database.withIdentityLookup((tx) =>
          repository.recordFailedLogin(tx, 'portal_accounts', account.id, config.loginAttemptsPerAccount, LOCK_MINUTES),
        );
        throw badRequest(AUTH_MESSAGES.invalidLogin);
      }
      return database.withIdentityLookup(async (tx) => {
        await repository.clearFailedLogins(tx, 'portal_accounts', account.id);
        return startSession(tx, firm.id, input.slug, account);
      });
    },

    /** Only a client the firm has let onto the portal, by this email, can create an account. */
    async signup(input: { slug: string; email: string; password: string }): Promise<PortalSession> {
      const passwordHash = await hashPassword(input.password);
      try {
        return await database.withIdentityLookup(async (tx) => {
          const firm = await firmOf(tx, input.slug);
          if (await repository.findPortalAccountByEmail(tx, firm.id, input.email))
            throw conflict('A portal account already exists for this email. Please sign in.');
          const client = await repository.findPortalSignupClient(tx, firm.id, input.email);
          if (!client) throw badRequest(PORTAL_SIGNUP_REFUSED);
          const accountId = await repository.insertPortalAccount(tx, {
            firmId: firm.id,
            clientId: client.id,
            email: input.email,
            passwordHash,
          });
          return startSession(tx, firm.id, input.slug, { id: accountId, clientId: client.id });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A portal account already exists for this email. Please sign in.');
        throw error;
      }
    },

    async forgotPassword(input: { slug: string; email: string }): Promise<void> {
      const url = await database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        const account = await repository.findPortalAccountByEmail(tx, firm.id, input.email);
        if (!account) return null;
        const { secret, secretHash } = createLinkSecret();
        await repository.insertAuthToken(tx, {
          firmId: firm.id,
          purpose: 'portal_reset',
          tokenHash: secretHash,
          email: input.email,
          portalAccountId: account.id,
          lifetimeMinutes: PORTAL_RESET_MINUTES,
        });
        return `${config.appUrl}/portal/${input.slug}/reset-password/${secret}`;
      });
      if (url) {
        await mailer.send({
          to: input.email,
          subject: 'Reset your client portal password',
          text: `Choose a new password for your client portal here:\n${url}\n\nThe link works once and expires in 1 hour.`,
          link: url,
        });
      }
    },

    async resetPassword(input: { slug: string; token: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await database.withIdentityLookup(async (tx) => {
        const firm = await firmOf(tx, input.slug);
        const token = await repository.findUsableAuthToken(tx, hashLinkSecret(input.token), 'portal_reset');
        if (!token?.portalAccountId || token.firmId !== firm.id || !(await repository.consumeAuthToken(tx, token.id))) {
          throw badRequest(AUTH_MESSAGES.invalidToken);
        }
        await repository.setPassword(tx, 'portal_accounts', token.portalAccountId, passwordHash);
        await switchToFirm(tx, firm.id);
        await repository.revokeSessionsOf(tx, { portalAccountId: token.portalAccountId });
      });
    },
  };
}
