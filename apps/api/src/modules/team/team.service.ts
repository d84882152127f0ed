import {
  ADMINISTRATOR,
  type DeactivateMemberInput,
  type DeactivationPreview,
  hasPermissions,
  toCents,
  type InvitationSummary,
  type TeamMember,
} from '@matterhorn/shared';
import type { AppConfig } from '../../config.ts';
import { switchToFirm, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { lifetimeInWords } from '../../lib/outgoing-email.ts';
import { createLinkSecret } from '../../lib/secrets.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './team.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { setFeeEarnerCostRate } from './team.api.ts';
import { countOpenMattersOf, reassignOpenMatters } from '../matters/matters.api.ts';
import { findAllTimersState, handTimerOver } from '../time-entries/time-entries.api.ts';

const INVITATION_LIFETIME_DAYS = 7;
export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of your firm',
  invitationInProgress: 'An invitation to this email is already being sent',
  lastAdministrator: 'The firm needs at least one administrator',
  deactivateYourself: 'You cannot deactivate yourself',
  grantAdministrator: 'Only an administrator can give someone the Administrator role',
  manageAdministrator: 'Only an administrator can change or deactivate an administrator',
  deactivateOwner: 'Transfer the firm’s ownership to someone else before deactivating its owner',
  reassignToActive: 'Choose an active colleague, other than the member leaving, to take over',
  onlyOwnerTransfers: 'Only the firm’s owner can transfer its ownership',
  transferToActive: 'Ownership can only go to another active member of the firm',
  seatsFull: (seats: number) => `Your plan allows ${seats} users. Upgrade the plan or deactivate a member to invite more.`,
} as const;

type Dependencies = { database: Database; config: AppConfig; outbox: Outbox };
type MemberUpdateInput = repository.MemberUpdate & { costRate?: string | null | undefined; costRateFrom?: string | undefined };

const sameRate = (left: string | null, right: string | null) =>
  left === null || right === null ? left === right : toCents(left) === toCents(right);
type MemberRow = NonNullable<Awaited<ReturnType<typeof repository.findMember>>>;

export type TeamQuery = { IsForInvoiceApproval: boolean; IsForTrustRequestApproval: boolean; IncludeInactive: boolean };
export type TeamService = ReturnType<typeof createTeamService>;

const toMember = ({ permissions: _permissions, ...row }: MemberRow): TeamMember => ({ ...row, isOwner: Boolean(row.isOwner) });

const toInvitation = (row: Awaited<ReturnType<typeof repository.listPendingInvitations>>[number]): InvitationSummary => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
});

const isAdministratorRole = (permissions: readonly string[]) => permissions.includes(ADMINISTRATOR);

/** Seats are taken by active members and by invitations still waiting to be accepted. */
async function assertSeatFree(tx: Tx, firmId: string) {
  const seats = await repository.findSeatUsage(tx, firmId);
  if (seats.activeUsers + seats.pendingInvitations + 1 > seats.allocatedSeats)
    throw conflict(TEAM_MESSAGES.seatsFull(seats.allocatedSeats), 'PLAN_SEATS_FULL');
}

export function createTeamService({ database, config, outbox }: Dependencies) {
  async function memberOrNotFound(tx: Tx, firmId: string, userId: string) {
    const member = await repository.findMember(tx, firmId, userId);
    if (!member) throw notFound('Team member');
    return member;
  }

  async function roleOrNotFound(tx: Tx, principal: FirmPrincipal, roleId: string) {
    const role = await repository.findRole(tx, principal.firmId, roleId);
    if (!role) throw notFound('Role');
    // Otherwise anyone allowed to manage users could make themselves an administrator.
    if (isAdministratorRole(role.permissions) && !principal.permissions.includes(ADMINISTRATOR))
      throw forbidden(TEAM_MESSAGES.grantAdministrator);
    return role;
  }

  function assertMayManage(principal: FirmPrincipal, member: MemberRow) {
    if (isAdministratorRole(member.permissions) && !principal.permissions.includes(ADMINISTRATOR)) {
      throw forbidden(TEAM_MESSAGES.manageAdministrator);
    }
  }

  async function assertAnotherAdministratorRemains(tx: Tx, firmId: string, member: MemberRow) {
    if (!member.isActive || !isAdministratorRole(member.permissions)) return;
    if ((await repository.countActiveAdministrators(tx, firmId)) <= 1) throw conflict(TEAM_MESSAGES.lastAdministrator);
  }

  return {
    /** SPEC.md §7 get-all-user: the firm's members by name, optionally only those who may approve. */
    async listMembers(principal: FirmPrincipal, query: TeamQuery): Promise<TeamMember[]> {
      const rows = await database.withFirm(principal.firmId, (tx) => repository.listMembers(tx, principal.firmId, query.IncludeInactive));
      const required = [
        ...(query.IsForInvoiceApproval ? ['invoice.approve'] : []),
        ...(query.IsForTrustRequestApproval ? ['trustAccountRequest.approve'] : []),
      ];
      return rows.filter((row) => hasPermissions(row.permissions, required)).map(toMember);
    },

    async invite(principal: FirmPrincipal, input: { email: string; roleId: string }): Promise<InvitationSummary> {
      const { secret, secretHash } = createLinkSecret();
      let invitation: InvitationSummary;
      // An account elsewhere is not said (that would tell any firm who uses Matterhorn): the invitation
      // is made and answered as any other, and the email tells its owner instead, with no link to accept.
      try {
        invitation = await database.withIdentityLookup(async (tx) => {
          const accountFirmId = await repository.firmOfUserEmail(tx, input.email);
          if (accountFirmId === principal.firmId) throw conflict(TEAM_MESSAGES.alreadyMember);
          const hasAccountElsewhere = accountFirmId !== null;
          await switchToFirm(tx, principal.firmId);
          await roleOrNotFound(tx, principal, input.roleId);
          await repository.lockFirm(tx, principal.firmId);
          await repository.retirePendingInvitations(tx, principal.firmId, input.email);
          await assertSeatFree(tx, principal.firmId);
          const id = await repository.insertInvitation(tx, {
            firmId: principal.firmId,
            tokenHash: secretHash,
            email: input.email,
            roleId: input.roleId,
            createdByUserId: principal.userId,
            lifetimeDays: INVITATION_LIFETIME_DAYS,
          });
          await recordAuditEvent(tx, principal, 'teamInvitation.sent', id, { email: input.email, roleId: input.roleId });
          const url = `${config.appUrl}/join-team/${secret}`;
          await outbox.queue(
            tx,
            principal.firmId,
            hasAccountElsewhere
              ? {
                  to: input.email,
                  subject: 'An invitation to join a firm on Matterhorn',
                  sender: 'firm',
                  sentByUserId: principal.userId,
                  paragraphs: [
                    'The firm named above invited this email address to join its team on Matterhorn, but the address already has a Matterhorn account, and an account belongs to one firm.',
                    'If you expected this invitation, ask the firm to invite another email address of yours. If not, you can ignore this email.',
                  ],
                  why: 'this address was invited to join the firm’s team',
                }
              : {
                  to: input.email,
                  subject: 'You have been invited to join your firm on Matterhorn',
                  sender: 'firm',
                  sentByUserId: principal.userId,
                  paragraphs: ["You have been invited to join your firm's team on Matterhorn."],
                  action: {
                    label: 'Accept the invitation',
                    url,
                    expiry: `The link works once and expires in ${lifetimeInWords(INVITATION_LIFETIME_DAYS * 24 * 60)}.`,
                  },
                  why: 'this address was invited to join the firm’s team',
                },
            { kind: 'teamInvitation', id },
          );
          const [row] = await repository.listPendingInvitations(tx, principal.firmId, id);
          return toInvitation(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(TEAM_MESSAGES.invitationInProgress);
        throw error;
      }
      return invitation;
    },

    async listInvitations(principal: FirmPrincipal): Promise<InvitationSummary[]> {
      const rows = await database.withFirm(principal.firmId, (tx) => repository.listPendingInvitations(tx, principal.firmId));
      return rows.map(toInvitation);
    },

    async cancelInvitation(principal: FirmPrincipal, invitationId: string): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        const cancelled = await repository.cancelInvitation(tx, principal.firmId, invitationId);
        if (!cancelled) throw notFound('Invitation');
        await recordAuditEvent(tx, principal, 'teamInvitation.cancelled', invitationId, { email: cancelled.email });
      });
    },

    async updateMember(principal: FirmPrincipal, userId: string, input: MemberUpdateInput): Promise<TeamMember> {
      return database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        const member = await memberOrNotFound(tx, principal.firmId, userId);
        if (member.roleId !== input.roleId) {
          const role = await roleOrNotFound(tx, principal, input.roleId);
          if (!isAdministratorRole(role.permissions)) await assertAnotherAdministratorRemains(tx, principal.firmId, member);
          assertMayManage(principal, member);
        }
        const { costRate, costRateFrom, ...details } = input;
        await repository.updateMember(tx, principal.firmId, userId, details);
        // An unchanged rate sent back by the form is not a new rate, unless it names its first day.
        if (costRate !== undefined && (costRateFrom !== undefined || !sameRate(costRate, member.costRate))) {
          await setFeeEarnerCostRate(tx, principal.firmId, userId, { costRate, from: costRateFrom, setByUserId: principal.userId });
        }
        await recordAuditEvent(tx, principal, 'teamMember.updated', userId, {
          before: {
            name: member.name,
            roleId: member.roleId,
            defaultHourlyRate: member.defaultHourlyRate,
            ledesClassification: member.ledesClassification,
            costRate: member.costRate,
            costRateFrom: member.costRateFrom,
            availableHoursPerDay: member.availableHoursPerDay,
          },
          after: input,
        });
        return toMember((await repository.findMember(tx, principal.firmId, userId))!);
      });
    },

    /** What deactivating the member would hand over: their open matters and their timer. */
    async deactivationPreview(principal: FirmPrincipal, userId: string): Promise<DeactivationPreview> {
      return database.withFirm(principal.firmId, async (tx) => {
        const member = await memberOrNotFound(tx, principal.firmId, userId);
        const timer = await findAllTimersState(tx, principal.firmId, userId);
        return {
          openMatters: await countOpenMattersOf(tx, principal.firmId, userId),
          timerSeconds: timer.seconds,
          timerRunning: timer.isStarted,
          isOwner: Boolean(member.isOwner),
        };
      });
    },

    /**
     * A deactivated member is signed out at once (every session revoked) and frees their seat; their
     * records stay theirs. Their timer stops; a colleague chosen takes their place on their open
     * matters and receives the timer's unrecorded time. The owner hands ownership on first.
     */
    async deactivate(principal: FirmPrincipal, userId: string, input: DeactivateMemberInput = {}): Promise<void> {
      if (userId === principal.userId) throw badRequest(TEAM_MESSAGES.deactivateYourself);
      const successorId = input.reassignToUserId ?? null;
      if (successorId === userId) throw badRequest(TEAM_MESSAGES.reassignToActive, { reassignToUserId: TEAM_MESSAGES.reassignToActive });
      await database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        const member = await memberOrNotFound(tx, principal.firmId, userId);
        await assertAnotherAdministratorRemains(tx, principal.firmId, member);
        if (member.isOwner) throw conflict(TEAM_MESSAGES.deactivateOwner);
        assertMayManage(principal, member);
        if (successorId !== null) {
          const successor = await repository.findMember(tx, principal.firmId, successorId);
          if (!successor?.isActive) throw badRequest(TEAM_MESSAGES.reassignToActive, { reassignToUserId: TEAM_MESSAGES.reassignToActive });
        }
        await repository.setMemberActive(tx, principal.firmId, userId, false);
        await repository.revokeSessionsOfUser(tx, principal.firmId, userId);
        const mattersReassigned = successorId === null ? 0 : await reassignOpenMatters(tx, principal.firmId, userId, successorId);
        const timerSeconds = await handTimerOver(tx, principal.firmId, userId, successorId);
        await recordAuditEvent(tx, principal, 'teamMember.deactivated', userId, {
          email: member.email,
          reassignedTo: successorId,
          mattersReassigned,
          timerSecondsHandedOver: successorId === null ? 0 : timerSeconds,
        });
      });
    },

    /** The owner makes another active member the owner; they take the Administrator role if they lacked it. */
    async transferOwnership(principal: FirmPrincipal, userId: string): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        if (principal.adminUserId !== principal.userId) throw forbidden(TEAM_MESSAGES.onlyOwnerTransfers);
        const member = await memberOrNotFound(tx, principal.firmId, userId);
        if (!member.isActive || userId === principal.userId) throw badRequest(TEAM_MESSAGES.transferToActive);
        if (!isAdministratorRole(member.permissions)) {
          const administratorRoleId = await repository.findAdministratorRoleId(tx, principal.firmId);
          if (!administratorRoleId) throw conflict(TEAM_MESSAGES.lastAdministrator);
          await repository.setMemberRole(tx, principal.firmId, userId, administratorRoleId);
        }
        await repository.setFirmOwner(tx, principal.firmId, userId);
        await recordAuditEvent(tx, principal, 'firm.ownershipTransferred', principal.firmId, {
          before: principal.userId,
          after: userId,
          newOwnerEmail: member.email,
        });
        const firmName = await repository.findFirmName(tx, principal.firmId);
        for (const to of [member.email, (await repository.findMember(tx, principal.firmId, principal.userId))?.email]) {
          if (!to) continue;
          await outbox.queue(tx, principal.firmId, {
            to,
            subject: `${member.name} now owns ${firmName} on Matterhorn`,
            sender: 'matterhorn',
            paragraphs: [
              `Ownership of ${firmName}'s Matterhorn account has passed to ${member.name}.`,
              'The owner holds the Administrator role, manages the plan and can hand ownership on.',
            ],
            why: 'you are or were the owner of this firm on Matterhorn',
          });
        }
      });
    },

    async reactivate(principal: FirmPrincipal, userId: string): Promise<void> {
      await database.withFirm(principal.firmId, async (tx) => {
        await repository.lockFirm(tx, principal.firmId);
        const member = await memberOrNotFound(tx, principal.firmId, userId);
        if (member.isActive) return;
        await assertSeatFree(tx, principal.firmId);
        await repository.setMemberActive(tx, principal.firmId, userId, true);
        await recordAuditEvent(tx, principal, 'teamMember.reactivated', userId, { email: member.email });
      });
    },
  };
}
