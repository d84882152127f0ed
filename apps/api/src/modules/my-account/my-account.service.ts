import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  type changeEmailSchema,
  type changePasswordSchema,
  type MyAccount,
  MY_ACCOUNT_MESSAGES,
  type myAccountInputSchema,
  NOTIFICATION_CHOICES,
  type NotificationChoices,
} from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { type Database, switchToFirm, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { lifetimeInWords } from '../../lib/outgoing-email.ts';
import { assertStrongPassword } from '../../lib/password-strength.ts';
import { createLinkSecret, hashLinkSecret, hashPassword, verifyPassword } from '../../lib/secrets.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  consumeAuthToken,
  findUsableAuthToken,
  findUserByEmail,
  insertAuthToken,
  secureAccountAfterRecovery,
  setPassword,
} from '../auth/auth.api.ts';
import {
  findMember,
  findPendingEmail,
  setEmailOptOuts,
  setMemberEmail,
  updateMemberDetails,
  voidLinksOf,
} from './my-account.repository.ts';
import { revokeOpenSessions } from './signed-in-devices.repository.ts';

const CONFIRM_EMAIL_MINUTES = 24 * 60;
const UNDO_EMAIL_MINUTES = 7 * 24 * 60;
const EMAIL_TAKEN = 'An account with this email already exists';

type Dependencies = { database: Database; config: Pick<AppConfig, 'appUrl'>; outbox: Outbox };

const invalidLink = () => badRequest(AUTH_MESSAGES.invalidToken, undefined, 'INVALID_TOKEN');

/**
 * My account (issue 39): the member's name and photo, and the two changes that need their current
 * password — a new password (which signs their other devices out) and a new sign-in email, moved
 * only once its link is opened at the new address, with an undo link to the old one for 7 days.
 */
export function createMyAccount({ database, config, outbox }: Dependencies) {
  const link = (path: string) => `${config.appUrl}${path}`;

  async function memberOf(tx: Tx, principal: FirmPrincipal) {
    const member = await findMember(tx, principal.firmId, principal.userId);
    if (!member) throw notFound('User');
    return member;
  }

  /** The password proves it is the member at the keyboard, not someone at an unlocked screen. */
  async function assertPassword(passwordHash: string, password: string) {
    if (!(await verifyPassword(passwordHash, password)))
      throw badRequest(MY_ACCOUNT_MESSAGES.wrongPassword, { currentPassword: MY_ACCOUNT_MESSAGES.wrongPassword });
  }

  const viewOf = async (tx: Tx, principal: FirmPrincipal): Promise<MyAccount> => {
    const member = await memberOf(tx, principal);
    return {
      name: member.name,
      email: member.email,
      photo: member.photo,
      pendingEmail: await findPendingEmail(tx, principal.firmId, principal.userId),
    };
  };

  const choicesOf = (optOuts: readonly string[]) =>
    Object.fromEntries(NOTIFICATION_CHOICES.map((choice) => [choice.key, !optOuts.includes(choice.key)])) as NotificationChoices;

  return {
    view: (principal: FirmPrincipal) => database.withFirm(principal.firmId, (tx) => viewOf(tx, principal)),

    notifications: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, async (tx) => choicesOf((await memberOf(tx, principal)).emailOptOuts)),

    /** The optional emails the member receives; stored as what they opted out of, so a new kind of email starts on. */
    updateNotifications: (principal: FirmPrincipal, choices: NotificationChoices) =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = choicesOf((await memberOf(tx, principal)).emailOptOuts);
        const optOuts = NOTIFICATION_CHOICES.filter((choice) => !choices[choice.key]).map((choice) => choice.key);
        await setEmailOptOuts(tx, principal.firmId, principal.userId, optOuts);
        await recordAuditEvent(tx, principal, 'teamMember.notificationsUpdated', principal.userId, { before, after: choices });
        return choicesOf(optOuts);
      }),

    update: (principal: FirmPrincipal, input: z.output<typeof myAccountInputSchema>) =>
      database.withFirm(principal.firmId, async (tx) => {
        const member = await memberOf(tx, principal);
        const photo = input.photo === undefined ? member.photo : input.photo;
        await updateMemberDetails(tx, principal.firmId, principal.userId, { name: input.name, photo });
        // Photos are data URLs: the trail records that one changed, not the image.
        await recordAuditEvent(tx, principal, 'teamMember.accountUpdated', principal.userId, {
          before: { name: member.name },
          after: { name: input.name },
          photoChanged: photo !== member.photo,
        });
        return viewOf(tx, principal);
      }),

    async changePassword(principal: FirmPrincipal, input: z.output<typeof changePasswordSchema>) {
      return database.withFirm(principal.firmId, async (tx) => {
        const member = await memberOf(tx, principal);
        await assertPassword(member.passwordHash, input.currentPassword);
        assertStrongPassword(input.newPassword, [member.email, member.name, member.firmName]);
        await setPassword(tx, 'users', principal.userId, await hashPassword(input.newPassword));
        const otherSessionsEnded = await revokeOpenSessions(tx, principal.firmId, principal.userId, { except: principal.sessionId });
        const { passkeysRemoved } = await secureAccountAfterRecovery(tx, outbox, principal, {
          reason: 'your password was changed',
          appUrl: config.appUrl,
        });
        await recordAuditEvent(tx, principal, 'teamMember.passwordChanged', principal.userId, { otherSessionsEnded, passkeysRemoved });
        await outbox.queue(tx, principal.firmId, {
          to: member.email,
          subject: 'Your Matterhorn password was changed',
          sender: 'matterhorn',
          paragraphs: [
            'The password of your Matterhorn account was just changed, and your other devices were signed out.',
            'If you did not change it, reset your password now and tell your firm’s administrator.',
          ],
          action: { label: 'Reset your password', url: link('/forgot-password') },
          why: 'the password of your Matterhorn account was changed',
        });
        return { otherSessionsEnded };
      });
    },

    /**
     * Sends a confirmation link to the new address. The answer is the same whether or not the address
     * already has an account (no one learns who uses Matterhorn); the link then says it cannot be used.
     */
    async requestEmailChange(principal: FirmPrincipal, input: z.output<typeof changeEmailSchema>): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        const member = await memberOf(tx, principal);
        await assertPassword(member.passwordHash, input.currentPassword);
        if (input.newEmail === member.email) throw badRequest(MY_ACCOUNT_MESSAGES.sameEmail, { newEmail: MY_ACCOUNT_MESSAGES.sameEmail });
        const taken = (await database.withIdentityLookup((lookup) => findUserByEmail(lookup, input.newEmail))) !== null;
        await voidLinksOf(tx, principal.firmId, principal.userId, 'change_email');
        await recordAuditEvent(tx, principal, 'teamMember.emailChangeRequested', principal.userId, { to: input.newEmail });
        if (taken) {
          await outbox.queue(tx, principal.firmId, {
            to: input.newEmail,
            subject: 'Someone tried to move a Matterhorn account to your email',
            sender: 'matterhorn',
            paragraphs: [
              `${member.name} asked to use this address to sign in to Matterhorn, but it already belongs to an account.`,
              'Nothing was changed.',
            ],
            why: 'someone asked to use this address for a Matterhorn account',
          });
          return;
        }
        const { secret, secretHash } = createLinkSecret();
        await insertAuthToken(tx, {
          firmId: principal.firmId,
          purpose: 'change_email',
          tokenHash: secretHash,
          email: input.newEmail,
          userId: principal.userId,
          lifetimeMinutes: CONFIRM_EMAIL_MINUTES,
        });
        await outbox.queue(tx, principal.firmId, {
          to: input.newEmail,
          subject: 'Confirm your new Matterhorn sign-in email',
          sender: 'matterhorn',
          paragraphs: [`${member.name}, you asked to sign in to Matterhorn (${member.firmName}) with this address from now on.`],
          action: {
            label: 'Confirm the new email',
            url: link(`/confirm-email-change?token=${secret}`),
            expiry: `The link works once and expires in ${lifetimeInWords(CONFIRM_EMAIL_MINUTES)}.`,
          },
          closing: ['If it was not you, ignore this email: nothing changes until the link is opened.'],
          why: 'a Matterhorn account asked to move its sign-in to this address',
        });
      });
    },

    /** Opens the link sent to the new address: the sign-in moves, and the old address gets an undo link for 7 days. */
    async confirmEmailChange(secret: string): Promise<void> {
      await database.withIdentityLookup(async (tx) => {
        const token = await findUsableAuthToken(tx, hashLinkSecret(secret), 'change_email');
        if (!token?.userId) throw invalidLink();
        if (!(await consumeAuthToken(tx, token.id))) throw invalidLink();
        if (await findUserByEmail(tx, token.email)) throw conflict(EMAIL_TAKEN);
        await switchToFirm(tx, token.firmId);
        const actor = { firmId: token.firmId, userId: token.userId };
        const member = await findMember(tx, token.firmId, token.userId);
        if (!member) throw invalidLink();
        await setMemberEmail(tx, token.firmId, token.userId, token.email).catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN) : error;
        });
        const undo = createLinkSecret();
        await insertAuthToken(tx, {
          firmId: token.firmId,
          purpose: 'undo_email_change',
          tokenHash: undo.secretHash,
          email: member.email,
          userId: token.userId,
          lifetimeMinutes: UNDO_EMAIL_MINUTES,
        });
        await recordAuditEvent(tx, actor, 'teamMember.emailChanged', token.userId, { before: member.email, after: token.email });
        await outbox.queue(tx, token.firmId, {
          to: member.email,
          subject: 'Your Matterhorn sign-in email was changed',
          sender: 'matterhorn',
          paragraphs: [`The Matterhorn account of ${member.name} (${member.firmName}) now signs in with ${token.email}.`],
          action: {
            label: 'This was not me: undo the change',
            url: link(`/undo-email-change?token=${undo.secret}`),
            expiry: `You can undo it for ${lifetimeInWords(UNDO_EMAIL_MINUTES)}; undoing also signs every device out.`,
          },
          why: 'this address was the sign-in email of a Matterhorn account',
        });
      });
    },

    /** The old address takes the account back: its email returns, every device is signed out, pending changes are void. */
    async undoEmailChange(secret: string): Promise<void> {
      await database.withIdentityLookup(async (tx) => {
        const token = await findUsableAuthToken(tx, hashLinkSecret(secret), 'undo_email_change');
        if (!token?.userId) throw invalidLink();
        if (!(await consumeAuthToken(tx, token.id))) throw invalidLink();
        await switchToFirm(tx, token.firmId);
        const member = await findMember(tx, token.firmId, token.userId);
        if (!member) throw invalidLink();
        await setMemberEmail(tx, token.firmId, token.userId, token.email).catch((error: unknown) => {
          throw isUniqueViolation(error) ? conflict(EMAIL_TAKEN) : error;
        });
        await voidLinksOf(tx, token.firmId, token.userId, 'change_email');
        await voidLinksOf(tx, token.firmId, token.userId, 'undo_email_change');
        const sessionsEnded = await revokeOpenSessions(tx, token.firmId, token.userId, 'all');
        const { passkeysRemoved } = await secureAccountAfterRecovery(
          tx,
          outbox,
          { firmId: token.firmId, userId: token.userId },
          { reason: 'your sign-in email was taken back', appUrl: config.appUrl },
        );
        await recordAuditEvent(tx, { firmId: token.firmId, userId: token.userId }, 'teamMember.emailChangeUndone', token.userId, {
          before: member.email,
          after: token.email,
          sessionsEnded,
          passkeysRemoved,
        });
        await outbox.queue(tx, token.firmId, {
          to: token.email,
          subject: 'Your Matterhorn sign-in email is back',
          sender: 'matterhorn',
          paragraphs: [
            `Your Matterhorn account signs in with ${token.email} again, and every device has been signed out.`,
            'Choose a new password now: whoever changed the email may know the old one.',
          ],
          action: { label: 'Choose a new password', url: link('/forgot-password') },
          why: 'this address took its Matterhorn account back',
        });
      });
    },
  };
}

export type MyAccountService = ReturnType<typeof createMyAccount>;
