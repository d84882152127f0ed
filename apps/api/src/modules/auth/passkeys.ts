import { isIP } from 'node:net';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  type AddPasskeyOptionsInput,
  MY_ACCOUNT_MESSAGES,
  type Passkey,
  PASSKEY_MESSAGES,
  type PasskeyCeremony,
  TWO_STEP_MESSAGES,
  type TwoStepSession,
} from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { unlinkable } from '../../lib/outgoing-email.ts';
import { decryptSecret, encryptSecret, hashLinkSecret, verifyPassword } from '../../lib/secrets.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmTimeZone } from '../../platform/firm-clock.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './auth.repository.ts';
import { deletePasskey, findPasskey, findPasskeyOwner, findPasskeysOf, insertPasskey, recordPasskeyUse } from './passkeys.repository.ts';
import { openSession } from './sessions.ts';
import type { StaffTwoStep } from './staff-two-step.ts';

const TICKET_PURPOSE = 'passkey-ticket';
const TICKET_MS = 5 * 60 * 1000;

/** What a ceremony's ticket seals: its challenge, what it is for, whose (when known), and when it ends. */
type Ticket = { challenge: string; use: 'add' | 'second-step' | 'sign-in'; userId?: string; firmId?: string; until: number };

const failed = () => badRequest(PASSKEY_MESSAGES.failed);

/**
 * WebAuthn's relying party: the app's host (a loopback IP becomes "localhost", as browsers refuse an
 * IP as the RP ID) and the origin a browser on it signs for.
 */
export function relyingPartyOf(appUrl: string) {
  const url = new URL(appUrl);
  if (isIP(url.hostname)) url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * Passkeys for staff (issue 39, ADR 61): added from My account, they sign in without a password
 * (the authenticator's user verification is the second factor) or stand for the second step after
 * one. Each ceremony's challenge travels sealed in a ticket (5 minutes), so no state waits between
 * the options and the answer; a password-free sign-in's ticket is spent once it signs in.
 */
export function createPasskeys({
  database,
  config,
  twoStep,
  outbox,
}: {
  database: Database;
  config: AppConfig;
  twoStep: StaffTwoStep;
  outbox: Outbox;
}) {
  const { rpID, origin } = relyingPartyOf(config.appUrl);

  const seal = (ticket: Ticket) => encryptSecret(JSON.stringify(ticket), config.appSecret, TICKET_PURPOSE);
  const open = (sealed: string, use: Ticket['use']): Ticket => {
    const plain = decryptSecret(sealed, config.appSecret, TICKET_PURPOSE);
    const ticket = plain ? (JSON.parse(plain) as Ticket) : null;
    if (!ticket || ticket.use !== use || ticket.until < Date.now()) throw failed();
    return ticket;
  };
  const listedOf = (row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  });

  /** Checks the assertion against the stored key and counter, and records the use: the passkey's owner. */
  async function checkAssertion(response: AuthenticationResponseJSON, ticket: Ticket, requireUserVerification: boolean) {
    const owner = await database.withIdentityLookup((tx) => findPasskeyOwner(tx, response.id));
    if (!owner) throw failed();
    return database.withFirm(owner.firmId, async (tx) => {
      const passkey = await findPasskey(tx, owner.firmId, owner.id);
      if (!passkey) throw failed();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: ticket.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: Number(passkey.counter),
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
      }).catch(() => null);
      if (!verification?.verified) throw failed();
      await recordPasskeyUse(tx, owner.firmId, passkey.id, verification.authenticationInfo.newCounter);
      return owner;
    });
  }

  /** The member hears of every passkey added, with its name and when: one they did not add is a stolen session's. */
  async function tellOfNewPasskey(tx: Tx, principal: FirmPrincipal, passkey: { name: string; createdAt: Date }) {
    const member = await repository.findUserTwoStep(tx, principal.userId);
    if (!member) return;
    const when = new Intl.DateTimeFormat('en-GB', {
      timeZone: await findFirmTimeZone(tx, principal.firmId),
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(passkey.createdAt));
    await outbox.queue(tx, principal.firmId, {
      to: member.email,
      subject: 'A passkey was added to your Matterhorn account',
      sender: 'matterhorn',
      greeting: `Dear ${member.name},`,
      paragraphs: [
        `A passkey named “${unlinkable(passkey.name)}” was added to your Matterhorn account on ${when}. It signs in without your password.`,
        'If you did not add it, change your password now (that removes every passkey) and tell your firm’s administrator.',
      ],
      action: { label: 'Open My account', url: `${config.appUrl}/settings/my-account` },
      why: 'a passkey was added to your Matterhorn account',
    });
  }

  return {
    list: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, async (tx) => (await findPasskeysOf(tx, principal.firmId, principal.userId)).map(listedOf)),

    /**
     * Options to add a passkey, only for the member's current password and, with an authenticator
     * app, its code or a recovery code (issue 64): a stolen session alone cannot add a passkey, and
     * without these options' ticket nothing is registered.
     */
    async addOptions(principal: FirmPrincipal, input: AddPasskeyOptionsInput, address: string): Promise<PasskeyCeremony> {
      const { member, existing } = await database.withFirm(principal.firmId, async (tx) => ({
        member: await repository.findUserTwoStep(tx, principal.userId),
        existing: await findPasskeysOf(tx, principal.firmId, principal.userId),
      }));
      if (!member) throw notFound('User');
      if (!(await verifyPassword(member.passwordHash, input.currentPassword)))
        throw badRequest(MY_ACCOUNT_MESSAGES.wrongPassword, { currentPassword: MY_ACCOUNT_MESSAGES.wrongPassword });
      await twoStep.assertSecondStep(principal, input.code, address);
      const options = await generateRegistrationOptions({
        rpName: 'Matterhorn',
        rpID,
        userName: member.email,
        userDisplayName: member.name,
        userID: Buffer.from(member.id),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      const ticket = seal({
        challenge: options.challenge,
        use: 'add',
        userId: principal.userId,
        firmId: principal.firmId,
        until: Date.now() + TICKET_MS,
      });
      return { options: options as unknown as Record<string, unknown>, ticket };
    },

    async add(principal: FirmPrincipal, input: { ticket: string; name: string; response: Record<string, unknown> }): Promise<Passkey> {
      const ticket = open(input.ticket, 'add');
      if (ticket.userId !== principal.userId || ticket.firmId !== principal.firmId) throw failed();
      const verification = await verifyRegistrationResponse({
        response: input.response as unknown as RegistrationResponseJSON,
        expectedChallenge: ticket.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified || !verification.registrationInfo) throw failed();
      const { credential } = verification.registrationInfo;
      return database
        .withFirm(principal.firmId, async (tx) => {
          const passkey = await insertPasskey(tx, {
            firmId: principal.firmId,
            userId: principal.userId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name: input.name,
          });
          await recordAuditEvent(tx, principal, 'teamMember.passkeyAdded', principal.userId, { name: input.name });
          await tellOfNewPasskey(tx, principal, passkey);
          return listedOf(passkey);
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? failed() : error;
        });
    },

    remove: (principal: FirmPrincipal, id: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await deletePasskey(tx, principal.firmId, principal.userId, id))) throw notFound('Passkey');
        await recordAuditEvent(tx, principal, 'teamMember.passkeyRemoved', principal.userId, { passkeyId: id });
      }),

    /** Options for a sign-in: with a second-step challenge, that member's passkeys; without, any passkey of this site. */
    async signInOptions(challenge: string | undefined): Promise<PasskeyCeremony> {
      let allow: { id: string; transports: AuthenticatorTransportFuture[] }[] | undefined;
      let ticketBase: Pick<Ticket, 'use' | 'userId' | 'firmId'> = { use: 'sign-in' };
      if (challenge) {
        const found = await database.withIdentityLookup((tx) => twoStep.challengedMember(tx, challenge));
        if (!found) throw badRequest(TWO_STEP_MESSAGES.expired, { challenge: TWO_STEP_MESSAGES.expired });
        const passkeys = await database.withFirm(found.member.firmId, (tx) => findPasskeysOf(tx, found.member.firmId, found.member.id));
        allow = passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports as AuthenticatorTransportFuture[] }));
        ticketBase = { use: 'second-step', userId: found.member.id, firmId: found.member.firmId };
      }
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'preferred',
        ...(allow ? { allowCredentials: allow } : {}),
      });
      return {
        options: options as unknown as Record<string, unknown>,
        ticket: seal({ ...ticketBase, challenge: options.challenge, until: Date.now() + TICKET_MS }),
      };
    },

    /**
     * Signs in with a passkey: after a password (it answers the second-step challenge, which is then
     * spent), or on its own (the authenticator must have verified the user; the ticket is then spent).
     */
    async signIn(input: { ticket: string; response: Record<string, unknown>; challenge?: string | undefined }): Promise<TwoStepSession> {
      const use = input.challenge ? 'second-step' : 'sign-in';
      const ticket = open(input.ticket, use);
      const owner = await checkAssertion(input.response as unknown as AuthenticationResponseJSON, ticket, use === 'sign-in');
      if (use === 'second-step' && (owner.userId !== ticket.userId || owner.firmId !== ticket.firmId)) throw failed();
      return database.withIdentityLookup(async (tx) => {
        if (use === 'second-step') {
          const found = await twoStep.challengedMember(tx, input.challenge!);
          if (!found || found.member.id !== owner.userId || !(await repository.consumeAuthToken(tx, found.token.id))) throw failed();
        } else {
          // A ticket signs in once: its hash is kept as a used link until it would have expired.
          await repository
            .insertAuthToken(tx, {
              firmId: owner.firmId,
              purpose: 'passkey_ticket_used',
              tokenHash: hashLinkSecret(input.ticket),
              email: '',
              userId: owner.userId,
              lifetimeMinutes: 5,
            })
            .catch((error: unknown) => {
              throw isUniqueViolation(error) ? failed() : error;
            });
        }
        const member = await repository.findUserTwoStep(tx, owner.userId);
        if (!member?.isActive) throw failed();
        await switchToFirm(tx, owner.firmId);
        const token = await openSession(tx, config.appSecret, { firmId: owner.firmId, kind: 'firm', userId: owner.userId });
        return { token, isVerified: member.emailVerifiedAt !== null, isFirmSetUp: member.firmSetUpAt !== null };
      });
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
