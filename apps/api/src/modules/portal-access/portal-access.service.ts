import type { PortalAccount, PortalAccountInvite, PortalAccountStatus, PortalSignInSettings } from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { lifetimeInWords } from '../../lib/outgoing-email.ts';
import { createLinkSecret } from '../../lib/secrets.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import * as repository from './portal-access.repository.ts';

const PORTAL_INVITATION_DAYS = 7;

const STATUS_LABELS: Record<repository.PortalAccountState, PortalAccountStatus> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
  removed: 'Removed',
};

type Dependencies = { database: Database; config: AppConfig; outbox: Outbox };
type InvitationEmail = { to: string; firmName: string; link: string; hasAccount: boolean; invitedByUserId: string };

export type PortalAccess = ReturnType<typeof createPortalAccessService>;

/**
 * The firm's side of portal sign-ins: one account per contact person (or the client's own email),
 * each invited, disabled, re-enabled or removed on its own. Every change is audited; disabling or
 * removing ends the account's sessions at once (the session check reads the account's status).
 */
export function createPortalAccessService({ database, config, outbox }: Dependencies) {
  async function listOf(tx: Tx, firmId: string, clientId: string): Promise<PortalAccount[]> {
    const rows = await repository.findPortalAccounts(tx, firmId, clientId);
    return rows.map((row) => ({
      id: row.id,
      clientId: row.clientId,
      email: row.email,
      contactName: row.contactName,
      status: STATUS_LABELS[row.status],
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      hasAuthenticator: row.totpEnabledAt !== null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Within the caller's transaction: the account for this email, a fresh link, the audit event, the email. */
  async function inviteInTx(
    tx: Tx,
    principal: FirmPrincipal,
    input: { clientId: string; email: string; contactName: string | null },
  ): Promise<void> {
    await queueInvitation(tx, principal.firmId, await prepareInvitation(tx, principal, input));
  }

  async function prepareInvitation(
    tx: Tx,
    principal: FirmPrincipal,
    input: { clientId: string; email: string; contactName: string | null },
  ): Promise<InvitationEmail> {
    const { firmId } = principal;
    const email = input.email.trim().toLowerCase();
    const firm = await repository.findFirmPortal(tx, firmId);
    if (!firm?.portalSlug) throw badRequest('Set up your firm’s portal address before inviting clients');
    const existing = await repository.findAccountByEmail(tx, firmId, email);
    if (existing && existing.clientId !== input.clientId) throw badRequest('This email already has portal access for another client');
    if (existing?.status === 'disabled') throw badRequest('This portal account is disabled: enable it instead');
    await repository.markClientOnPortal(tx, firmId, input.clientId);
    // By id only: the audit trail cannot be changed, so it must not hold what an erasure removes.
    await recordAuditEvent(tx, principal, 'portalAccount.invited', existing?.id ?? input.clientId, { clientId: input.clientId });
    const portal = `${config.appUrl}/portal/${encodeURIComponent(firm.portalSlug)}`;
    const invitedByUserId = principal.userId;
    if (existing?.status === 'active')
      return { to: email, firmName: firm.name, link: `${portal}/login`, hasAccount: true, invitedByUserId };
    const accountId =
      existing?.id ??
      (await repository.insertInvitedAccount(tx, { firmId, clientId: input.clientId, email, contactName: input.contactName }));
    const { secret, secretHash } = createLinkSecret();
    await repository.replaceInvitation(tx, firmId, {
      accountId,
      clientId: input.clientId,
      email,
      tokenHash: secretHash,
      createdByUserId: principal.userId,
      lifetimeDays: PORTAL_INVITATION_DAYS,
    });
    return { to: email, firmName: firm.name, link: `${portal}/signup?token=${secret}`, hasAccount: false, invitedByUserId };
  }

  async function queueInvitation(tx: Tx, firmId: string, email: InvitationEmail) {
    await outbox.queue(tx, firmId, {
      to: email.to,
      subject: `${email.firmName} invites you to its client portal`,
      sender: 'firm',
      sentByUserId: email.invitedByUserId,
      ...(email.hasAccount
        ? {
            paragraphs: [`${email.firmName} has given you access to its client portal again.`],
            action: { label: 'Sign in', url: email.link },
          }
        : {
            paragraphs: [
              `${email.firmName} has invited you to its client portal, where you can follow your matters, invoices and documents.`,
              'Create your account with this email address.',
            ],
            action: {
              label: 'Create your account',
              url: email.link,
              expiry: `The link is personal: it works once and expires in ${lifetimeInWords(PORTAL_INVITATION_DAYS * 24 * 60)}.`,
            },
          }),
      why: `${email.firmName} gave this address access to its client portal`,
    });
  }

  async function changeStatus(
    principal: FirmPrincipal,
    accountId: string,
    change: 'disable' | 'enable' | 'remove',
  ): Promise<PortalAccount[]> {
    const { firmId } = principal;
    return database.withFirm(firmId, async (tx) => {
      const account = await lockChangeableAccount(tx, firmId, accountId);
      if (change === 'enable') {
        if (account.status !== 'disabled') throw badRequest('This portal account is not disabled');
        await repository.setAccountStatus(tx, firmId, accountId, account.hasPassword ? 'active' : 'invited');
        await recordAuditEvent(tx, principal, 'portalAccount.enabled', accountId, { clientId: account.clientId });
      } else {
        if (change === 'disable' && account.status === 'disabled') throw badRequest('This portal account is already disabled');
        await repository.setAccountStatus(tx, firmId, accountId, change === 'disable' ? 'disabled' : 'removed');
        await repository.revokeAccountSessions(tx, firmId, accountId);
        await repository.retireAccountLinks(tx, firmId, account);
        await recordAuditEvent(tx, principal, change === 'disable' ? 'portalAccount.disabled' : 'portalAccount.removed', accountId, {
          clientId: account.clientId,
          email: account.email,
        });
      }
      return listOf(tx, firmId, account.clientId);
    });
  }

  async function lockChangeableAccount(tx: Tx, firmId: string, accountId: string) {
    const account = await repository.lockAccount(tx, firmId, accountId);
    if (!account) throw notFound('Portal account');
    if (account.status === 'removed') throw badRequest('This portal account was removed');
    return account;
  }

  /**
   * For a client who lost the phone with their authenticator app: the app is forgotten and the
   * account's sessions end, so whoever holds the phone is signed out; the next sign-in (password or
   * emailed link first, as always) sets up a new app when the firm requires one.
   */
  async function resetAuthenticator(principal: FirmPrincipal, accountId: string): Promise<PortalAccount[]> {
    const { firmId } = principal;
    return database.withFirm(firmId, async (tx) => {
      const account = await lockChangeableAccount(tx, firmId, accountId);
      if (!account.hasAuthenticator) throw badRequest('This portal account has no authenticator app set up');
      await repository.clearAuthenticator(tx, firmId, accountId);
      await repository.revokeAccountSessions(tx, firmId, accountId);
      await recordAuditEvent(tx, principal, 'portalAccount.authenticatorReset', accountId, {
        clientId: account.clientId,
        email: account.email,
      });
      const firm = await repository.findFirmPortal(tx, firmId);
      const firmName = firm?.name ?? 'Your law firm';
      await outbox.queue(tx, firmId, {
        to: account.email,
        subject: `${firmName} reset your authenticator app`,
        sender: 'firm',
        sentByUserId: principal.userId,
        paragraphs: [
          `${firmName} has reset the authenticator app of your client portal account, as asked, and signed you out everywhere.`,
          'The next time you sign in you will be asked to set up an authenticator app again.',
          `If you did not ask for this, contact ${firmName} at once.`,
        ],
        why: 'the authenticator app of your client portal account was reset',
      });
      return listOf(tx, firmId, account.clientId);
    });
  }

  return {
    inviteInTx,

    list({ firmId }: FirmPrincipal, clientId: string): Promise<PortalAccount[]> {
      return database.withFirm(
        firmId,
        async (tx) => {
          if (!(await repository.findLiveClient(tx, firmId, clientId))) throw notFound('Client');
          return listOf(tx, firmId, clientId);
        },
        READ_ONLY,
      );
    },

    /** Invites a contact of the client (or, without `contactId`, the client's own email). */
    async invite(principal: FirmPrincipal, input: PortalAccountInvite): Promise<PortalAccount[]> {
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        const client = await repository.findLiveClient(tx, firmId, input.clientId);
        if (!client) throw notFound('Client');
        const contact = input.contactId ? await repository.findContact(tx, firmId, client.id, input.contactId) : null;
        if (input.contactId && !contact) throw notFound('Contact');
        const address = contact ? contact.email : client.email;
        if (!address)
          throw badRequest(
            contact ? 'The contact needs an email address to be invited' : 'The client needs an email address to be invited',
          );
        await inviteInTx(tx, principal, { clientId: client.id, email: address, contactName: contact?.name ?? null });
        return listOf(tx, firmId, client.id);
      });
    },

    disable: (principal: FirmPrincipal, accountId: string) => changeStatus(principal, accountId, 'disable'),
    enable: (principal: FirmPrincipal, accountId: string) => changeStatus(principal, accountId, 'enable'),
    remove: (principal: FirmPrincipal, accountId: string) => changeStatus(principal, accountId, 'remove'),
    resetAuthenticator,

    async settings({ firmId }: FirmPrincipal): Promise<PortalSignInSettings> {
      const firm = await database.withFirm(firmId, (tx) => repository.findFirmPortal(tx, firmId), READ_ONLY);
      return { requiresTotp: firm?.portalRequiresTotp ?? false };
    },

    updateSettings(principal: FirmPrincipal, input: PortalSignInSettings): Promise<PortalSignInSettings> {
      return database.withFirm(principal.firmId, async (tx) => {
        const before = await repository.findFirmPortal(tx, principal.firmId);
        await repository.setPortalRequiresTotp(tx, principal.firmId, input.requiresTotp);
        await recordAuditEvent(tx, principal, 'portalSignInSettings.updated', principal.firmId, {
          before: { requiresTotp: before?.portalRequiresTotp ?? false },
          after: { requiresTotp: input.requiresTotp },
        });
        return { requiresTotp: input.requiresTotp };
      });
    },
  };
}
