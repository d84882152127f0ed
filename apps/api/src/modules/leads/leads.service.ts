import type { z } from 'zod';
import {
  LEAD_MESSAGES,
  LEAD_SOURCE_LABELS,
  type Lead,
  type leadBoardQuerySchema,
  type leadCreateSchema,
  type leadListQuerySchema,
  type leadUpdateSchema,
  LEAD_STATUSES,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { createNameChecks } from '../conflict-checks/conflict-checks.api.ts';
import { findLeadUploads } from './lead-files.repository.ts';
import { displayNameOf, leadDetailsOf, leadViewOf, summaryOf } from './lead-views.ts';
import * as repository from './leads.repository.ts';

type Details = z.output<typeof leadUpdateSchema>;

/** The lead's details as stored, its display name made from them. */
export const detailsOf = (input: Details): repository.LeadDetails => ({
  ...input,
  opposingParties: input.opposingParties.map((party) => ({ name: party.name, partyType: party.partyType })),
  companyName: input.leadType === 'company' ? input.companyName : null,
  displayName: displayNameOf(input),
});

/** The assignee and practice area a lead names must be the firm's: a stranger's id is refused as a field error. */
export async function assertReferences(tx: Tx, firmId: string, refs: { assigneeUserId?: string | null; practiceAreaId?: string | null }) {
  if (refs.assigneeUserId && !(await repository.isActiveMember(tx, firmId, refs.assigneeUserId)))
    throw badRequest('Choose an active member of the firm', { assigneeUserId: 'Choose an active member of the firm' });
  if (refs.practiceAreaId && !(await repository.isFirmPracticeArea(tx, firmId, refs.practiceAreaId)))
    throw badRequest('Choose one of the firm’s practice areas', { practiceAreaId: 'Choose one of the firm’s practice areas' });
}

/** The firm's lead locked for a change, or 404 (another firm's, or deleted). */
export async function lockLead(tx: Tx, firmId: string, leadId: string) {
  const row = await repository.findLeadRow(tx, firmId, leadId, true);
  if (!row) throw notFound('Lead');
  return row;
}

export function createLeadViews(database: Database) {
  const nameChecks = createNameChecks(database);
  return {
    /** The lead with its timeline, answers, files and conflict check (read after any write, outside its transaction). */
    async view(principal: FirmPrincipal, leadId: string): Promise<Lead> {
      const { firmId } = principal;
      const parts = await database.withFirm(
        firmId,
        async (tx) => {
          const row = await repository.findLeadRow(tx, firmId, leadId);
          if (!row) return null;
          return { row, events: await repository.findLeadEvents(tx, firmId, leadId), uploads: await findLeadUploads(tx, firmId, leadId) };
        },
        READ_ONLY,
      );
      if (!parts) throw notFound('Lead');
      const check = parts.row.conflictCheckId ? await nameChecks.find(principal, parts.row.conflictCheckId) : null;
      return leadViewOf(parts.row, { ...parts, check });
    },
  };
}

export function createLeadsService(database: Database) {
  const views = createLeadViews(database);
  return {
    view: views.view,

    list(principal: FirmPrincipal, query: z.output<typeof leadListQuerySchema>) {
      const { firmId } = principal;
      const { page, size, ...filters } = query;
      return database.withFirm(
        firmId,
        async (tx) => {
          const { rows, totalCount } = await repository.findLeadPage(tx, firmId, filters, { page, size });
          return { data: rows.map(summaryOf), page, size, totalCount };
        },
        READ_ONLY,
      );
    },

    board(principal: FirmPrincipal, query: z.output<typeof leadBoardQuerySchema>) {
      const { firmId } = principal;
      const { perStatus, ...filters } = query;
      return database.withFirm(
        firmId,
        async (tx) => {
          const { counts, rows } = await repository.findLeadBoard(tx, firmId, filters, perStatus);
          return {
            columns: LEAD_STATUSES.map((status) => ({
              status,
              count: counts.find((count) => count.status === status)?.count ?? 0,
              leads: rows.filter((row) => row.status === status).map(summaryOf),
            })),
          };
        },
        READ_ONLY,
      );
    },

    async create(principal: FirmPrincipal, input: z.output<typeof leadCreateSchema>): Promise<Lead> {
      const { firmId, userId } = principal;
      const { source, assigneeUserId, ...details } = input;
      const leadId = await database.withFirm(firmId, async (tx) => {
        const assignee = assigneeUserId ?? userId;
        await assertReferences(tx, firmId, { assigneeUserId: assignee, practiceAreaId: details.practiceAreaId });
        const id = (await repository.insertLead(tx, {
          firmId,
          ...detailsOf(details),
          source,
          assigneeUserId: assignee,
          createdByUserId: userId,
        }))!;
        await repository.insertLeadEvent(tx, {
          firmId,
          leadId: id,
          kind: 'created',
          summary: `Lead entered (${LEAD_SOURCE_LABELS[source].toLowerCase()})`,
          body: details.referrerName ? `Referred by ${details.referrerName}` : null,
          actorUserId: userId,
        });
        await recordAuditEvent(tx, principal, 'lead.created', id, { source });
        return id;
      });
      return views.view(principal, leadId);
    },

    async update(principal: FirmPrincipal, leadId: string, input: Details): Promise<Lead> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        const row = await lockLead(tx, firmId, leadId);
        await assertReferences(tx, firmId, { practiceAreaId: input.practiceAreaId });
        const before = leadDetailsOf(row);
        const after = detailsOf(input);
        await repository.updateLead(tx, firmId, leadId, after);
        const change = changeOf(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
        if (Object.keys(change.after).length === 0) return;
        await repository.insertLeadEvent(tx, {
          firmId,
          leadId,
          kind: 'detailsUpdated',
          summary: 'Details updated',
          actorUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'lead.updated', leadId, change);
      });
      return views.view(principal, leadId);
    },

    async addNote(principal: FirmPrincipal, leadId: string, note: string): Promise<Lead> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        await lockLead(tx, firmId, leadId);
        await repository.insertLeadEvent(tx, {
          firmId,
          leadId,
          kind: 'note',
          summary: 'Note added',
          body: note,
          actorUserId: principal.userId,
        });
      });
      return views.view(principal, leadId);
    },

    async assign(principal: FirmPrincipal, leadId: string, assigneeUserId: string): Promise<Lead> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        const row = await lockLead(tx, firmId, leadId);
        await assertReferences(tx, firmId, { assigneeUserId });
        if (row.assigneeUserId === assigneeUserId) return;
        await repository.updateLead(tx, firmId, leadId, { assigneeUserId });
        const name = await repository.findUserName(tx, firmId, assigneeUserId);
        await repository.insertLeadEvent(tx, {
          firmId,
          leadId,
          kind: 'assigned',
          summary: `Assigned to ${name}`,
          actorUserId: principal.userId,
        });
        await recordAuditEvent(tx, principal, 'lead.assigned', leadId, { before: row.assigneeUserId, after: assigneeUserId });
      });
      return views.view(principal, leadId);
    },

    /**
     * Sends the lead to the recycle bin, restorable there. A converted lead is its client's history
     * and stays (409), as does one with a consultation to come until it is cancelled (the lead is
     * told and the calendar cleared); one already in the bin answers as deleted again.
     */
    async remove(principal: FirmPrincipal, leadId: string): Promise<null> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) => {
        const row = await repository.lockLeadForRemoval(tx, firmId, leadId);
        if (!row) throw notFound('Lead');
        if (row.isConverted) throw conflict(LEAD_MESSAGES.convertedCannotDelete);
        if (row.isDeleted) return;
        if (row.hasComingConsultation) throw conflict(LEAD_MESSAGES.cancelConsultationFirst);
        await repository.updateLead(tx, firmId, leadId, { deletedAt: new Date(), deletedByUserId: principal.userId });
        await recordAuditEvent(tx, principal, 'lead.deleted', leadId);
      });
      return null;
    },
  };
}
