import type { LeadEventKind, LeadSource, LeadStatus } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { attachUploads } from './lead-files.repository.ts';
import { leadDetailsOf, type LeadSubmission } from './lead-views.ts';
import { moveLead } from './lead-pipeline.ts';
import * as repository from './leads.repository.ts';

export { findAttachableUploadIds } from './lead-files.repository.ts';
export { countRecentIntakeLeads, findLeadIdBySubmissionKey } from './leads.repository.ts';
/** For the recycle bin: a deleted lead put back into the firm's lists. */
export { restoreDeletedLead } from './leads.repository.ts';
export { createLeadFiles, leadFileJobs, type LeadFiles } from './lead-files.ts';
/** The pipeline's moves, as the routes and the demo seed compose it. */
export { createLeadPipeline } from './lead-pipeline.ts';
export { displayNameOf } from './lead-views.ts';
/** For the report centre: the lead report's figures, read in its transaction. */
export { answerLeadReport, leadReportRangeOf } from './lead-report.ts';
export { assertReferences as assertLeadReferences } from './leads.service.ts';
export type { LeadDetails, LeadParty } from './leads.repository.ts';
export type { LeadSubmission } from './lead-views.ts';

/** What other modules (consultations, engagement letters, conversion) read of a lead. */
export type LeadFacts = repository.LeadDetails & {
  id: string;
  status: LeadStatus;
  source: LeadSource;
  assigneeUserId: string | null;
  assigneeName: string | null;
  practiceAreaName: string | null;
  intakeFormId: string | null;
  conflictCheckId: string | null;
  conflictDecision: 'no_conflict' | 'proceed_despite_conflict' | 'declined' | null;
  conflictDecisionNotes: string | null;
  createdAt: Date;
  engagedAt: Date | null;
};

/** The firm's lead (not deleted), or null; locked FOR UPDATE when asked (a booking or a conversion takes turns with edits). */
export async function findLead(tx: Tx, firmId: string, leadId: string, isLocked = false): Promise<LeadFacts | null> {
  const row = await repository.findLeadRow(tx, firmId, leadId, isLocked);
  if (!row) return null;
  return {
    ...leadDetailsOf(row),
    id: row.id,
    status: row.status as LeadStatus,
    source: row.source as LeadSource,
    assigneeUserId: row.assigneeUserId,
    assigneeName: row.assigneeName,
    practiceAreaName: row.practiceAreaName,
    intakeFormId: row.intakeFormId,
    conflictCheckId: row.conflictCheckId,
    conflictDecision: row.conflictDecision as LeadFacts['conflictDecision'],
    conflictDecisionNotes: row.conflictDecisionNotes,
    createdAt: row.createdAt,
    engagedAt: row.engagedAt,
  };
}

/** Adds an event to the lead's timeline (a consultation booked, a letter sent, a conversion); actorUserId null: the system or the lead. */
export function recordLeadEvent(
  tx: Tx,
  firmId: string,
  leadId: string,
  event: { kind: LeadEventKind; summary: string; body?: string | null; actorUserId: string | null },
): Promise<void> {
  return repository.insertLeadEvent(tx, { firmId, leadId, ...event });
}

/**
 * Moves the lead to `to` by the pipeline's rules (lead-status.ts), with its timeline event; nothing
 * when it is there already. Refusals throw as the status call's (409, or 400 for a missing reason).
 */
export async function markLeadStatus(
  tx: Tx,
  actor: { firmId: string; userId: string | null },
  leadId: string,
  to: LeadStatus,
  reason?: string | null,
): Promise<void> {
  const row = await repository.findLeadRow(tx, actor.firmId, leadId, true);
  if (!row) throw notFound('Lead');
  if (row.status === to) return;
  await moveLead(tx, actor, row, { to, reason });
}

/**
 * The lead a form's submission makes (status New, source form), with the uploads its answers name.
 * The same submission key twice makes one lead: the second answers the first's id, isNew false.
 */
export async function createLeadFromSubmission(
  tx: Tx,
  input: {
    firmId: string;
    intakeFormId: string;
    submissionKey: string;
    details: repository.LeadDetails;
    submission: LeadSubmission;
    assigneeUserId: string;
  },
): Promise<{ leadId: string; isNew: boolean }> {
  const { firmId, submission } = input;
  const leadId = await repository.insertLead(tx, {
    firmId,
    ...input.details,
    source: 'form',
    assigneeUserId: input.assigneeUserId,
    intakeFormId: input.intakeFormId,
    submissionKey: input.submissionKey,
    submission,
    createdByUserId: null,
  });
  if (!leadId) return { leadId: (await repository.findLeadIdBySubmissionKey(tx, firmId, input.submissionKey))!, isNew: false };
  for (const field of submission.fields.filter((candidate) => candidate.type === 'file')) {
    const uploadIds = submission.answers[field.key];
    if (Array.isArray(uploadIds))
      await attachUploads(tx, firmId, { leadId, intakeFormId: input.intakeFormId, fieldKey: field.key, uploadIds });
  }
  await repository.insertLeadEvent(tx, {
    firmId,
    leadId,
    kind: 'created',
    summary: `Enquiry sent through the form “${submission.formName}”`,
    actorUserId: null,
  });
  return { leadId, isNew: true };
}

/** A lead's intake files (each stored file's key, name, type and scan status), which Convert files in the new matter. */
export { findLeadUploads as findLeadFiles } from './lead-files.repository.ts';
