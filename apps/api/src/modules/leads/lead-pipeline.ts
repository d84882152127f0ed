import {
  LEAD_CONFLICT_DECISION_LABELS,
  LEAD_MESSAGES,
  LEAD_STATUS_MESSAGES,
  leadTransitionRefusal,
  namesNotSearched,
  type Lead,
  type LeadConflictDecision,
  type LeadStatus,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { createNameChecks } from '../conflict-checks/conflict-checks.api.ts';
import { leadConflictNames, leadDetailsOf, statusText } from './lead-views.ts';
import * as repository from './leads.repository.ts';
import { createLeadViews, lockLead } from './leads.service.ts';

/** The decision that counts for engaging: none while the lead's names changed since the check ran. */
function effectiveDecision(row: repository.LeadRow): LeadConflictDecision {
  const searched = (row.conflictNames as string[] | null) ?? [];
  if (!row.conflictCheckId || namesNotSearched(searched, leadConflictNames(leadDetailsOf(row))).length > 0) return null;
  return row.conflictDecision as LeadConflictDecision;
}

/**
 * Moves a locked lead along the pipeline (lead-status.ts): refused with the rule's reason (400 for
 * a missing reason, 409 otherwise), else written with its timeline event. `actorUserId` null: the
 * system moved it (a consultation booked online).
 */
export async function moveLead(
  tx: Tx,
  actor: { firmId: string; userId: string | null },
  row: repository.LeadRow,
  move: { to: LeadStatus; reason?: string | null },
): Promise<void> {
  const from = row.status as LeadStatus;
  const refusal = leadTransitionRefusal({ from, to: move.to, reason: move.reason, conflictDecision: effectiveDecision(row) });
  if (refusal === LEAD_STATUS_MESSAGES.reasonRequired) throw badRequest(refusal, { reason: refusal });
  if (refusal) throw conflict(refusal);
  const now = new Date();
  await repository.updateLead(tx, actor.firmId, row.id, {
    status: move.to,
    statusChangedAt: now,
    notEngagedReason: move.to === 'notEngaged' ? move.reason!.trim() : null,
    ...(move.to === 'engaged' ? { engagedAt: now } : {}),
  });
  await repository.insertLeadEvent(tx, {
    firmId: actor.firmId,
    leadId: row.id,
    kind: 'statusChanged',
    summary: `Status changed from ${statusText(from)} to ${statusText(move.to)}`,
    body: move.to === 'notEngaged' ? move.reason!.trim() : null,
    actorUserId: actor.userId,
  });
  if (actor.userId)
    await recordAuditEvent(tx, { firmId: actor.firmId, userId: actor.userId }, 'lead.statusChanged', row.id, {
      before: from,
      after: move.to,
    });
}

export function createLeadPipeline(database: Database) {
  const views = createLeadViews(database);
  const nameChecks = createNameChecks(database);
  return {
    async changeStatus(principal: FirmPrincipal, leadId: string, move: { status: LeadStatus; reason: string | null }): Promise<Lead> {
      const { firmId } = principal;
      await database.withFirm(firmId, async (tx) =>
        moveLead(tx, principal, await lockLead(tx, firmId, leadId), { to: move.status, reason: move.reason }),
      );
      return views.view(principal, leadId);
    },

    /** Runs today's conflict engine on the lead's names and opposing parties; a new check replaces the lead's last one. */
    async runConflictCheck(principal: FirmPrincipal, leadId: string): Promise<Lead> {
      const { firmId } = principal;
      const row = await database.withFirm(firmId, (tx) => repository.findLeadRow(tx, firmId, leadId));
      if (!row) throw notFound('Lead');
      const names = leadConflictNames(leadDetailsOf(row));
      if (names.length === 0) throw badRequest(LEAD_MESSAGES.noNames);
      const result = await nameChecks.run(principal, names);
      await database.withFirm(firmId, async (tx) => {
        await lockLead(tx, firmId, leadId);
        await repository.updateLead(tx, firmId, leadId, {
          conflictCheckId: result.conflictCheckId,
          conflictNames: result.searchedNames,
          conflictDecision: null,
          conflictDecisionNotes: null,
          conflictDecidedAt: null,
        });
        const matches = result.matches.length;
        await repository.insertLeadEvent(tx, {
          firmId,
          leadId,
          kind: 'conflictCheckRun',
          summary: `Conflict check run on ${result.searchedNames.length} name${result.searchedNames.length === 1 ? '' : 's'}: ${matches} possible match${matches === 1 ? '' : 'es'}`,
          body: result.searchedNames.join(', '),
          actorUserId: principal.userId,
        });
      });
      return views.view(principal, leadId);
    },

    /** Records the decision on the lead's latest check, in the engine (final there) and on the lead. */
    async recordConflictDecision(
      principal: FirmPrincipal,
      leadId: string,
      input: { decision: 'no_conflict' | 'proceed_despite_conflict' | 'declined'; notes: string | null },
    ): Promise<Lead> {
      const { firmId } = principal;
      const row = await database.withFirm(firmId, (tx) => repository.findLeadRow(tx, firmId, leadId));
      if (!row) throw notFound('Lead');
      const searched = (row.conflictNames as string[] | null) ?? [];
      if (!row.conflictCheckId || namesNotSearched(searched, leadConflictNames(leadDetailsOf(row))).length > 0)
        throw conflict(LEAD_MESSAGES.checkFirst);
      if (row.conflictDecision) throw conflict(LEAD_MESSAGES.alreadyDecided);
      await nameChecks.decide(principal, row.conflictCheckId, input);
      await database.withFirm(firmId, async (tx) => {
        await lockLead(tx, firmId, leadId);
        await repository.updateLead(tx, firmId, leadId, {
          conflictDecision: input.decision,
          conflictDecisionNotes: input.notes,
          conflictDecidedAt: new Date(),
        });
        await repository.insertLeadEvent(tx, {
          firmId,
          leadId,
          kind: 'conflictDecided',
          summary: `Conflict check decided: ${LEAD_CONFLICT_DECISION_LABELS[input.decision]}`,
          body: input.notes,
          actorUserId: principal.userId,
        });
      });
      return views.view(principal, leadId);
    },
  };
}
