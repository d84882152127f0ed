import { clientConflictNames, ENGAGEMENT_MESSAGES, engagementConvertRefusal, matterConflictNames, toCents } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { openClient } from '../clients/clients.api.ts';
import { carryConflictCheck } from '../conflict-checks/conflict-checks.api.ts';
import type { FiledCopies } from '../documents/documents.api.ts';
import { findLead, findLeadFiles, markLeadStatus, recordLeadEvent, type LeadFacts } from '../leads/leads.api.ts';
import { openMatter } from '../matters/matters.api.ts';
import { draftRetainerRequest } from '../trust-requests/trust-requests.api.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { leadOrNotFound } from './engagement-views.ts';
import { findDefaultRate, findEngagement, updateEngagement, type EngagementRow } from './engagements.repository.ts';

export type Conversion = { clientId: string; matterId: string; trustRequestId: string | null; isNew: boolean };

const contactNameOf = (lead: LeadFacts) => [lead.firstName, lead.lastName].filter(Boolean).join(' ').trim();

/** The client exactly as the lead gave it: a person's names, or a company with its contact person. */
function clientOf(lead: LeadFacts) {
  const isCompany = lead.leadType === 'company';
  const contactName = contactNameOf(lead);
  return {
    clientType: lead.leadType,
    firstName: isCompany ? null : lead.firstName,
    lastName: isCompany ? null : lead.lastName,
    companyName: isCompany ? lead.companyName : null,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    city: lead.city,
    state: lead.state,
    country: lead.country,
    postalCode: lead.postalCode,
    contact: isCompany && contactName ? { name: contactName, email: lead.email, phone: lead.phone } : null,
  };
}

/**
 * Opens the client and matter of a lead, in one transaction with the lead's and the engagement's
 * rows locked, so a lead converted twice (a double click, the signing job and a person at once)
 * makes one client: the second call finds the ids recorded and answers them. The lead's conflict
 * decision is carried to each record (conflict-checks.api carryConflictCheck: issue 13's rule),
 * the client invited to the portal (skipped, not refused, when the firm has no portal address or
 * the email belongs to another client), the letter moved to the matter's folder, and a retainer
 * drafted as a trust request; its link is emailed after commit (convertLead's caller). The files the
 * lead sent with its intake form are copied into the matter's folder; `carried` collects the copies
 * so the caller can queue their scan after commit, or remove them after a rollback.
 */
export async function convertInTx(
  tx: Tx,
  deps: EngagementDeps,
  principal: FirmPrincipal,
  leadId: string,
  carried: FiledCopies[] = [],
): Promise<Conversion> {
  const { firmId } = principal;
  let lead = await leadOrNotFound(tx, firmId, leadId, true);
  const row = await findEngagement(tx, firmId, leadId, true);
  if (row?.clientId) return { clientId: row.clientId, matterId: row.matterId!, trustRequestId: row.trustRequestId, isNew: false };
  const refusal = engagementConvertRefusal({ isSaved: Boolean(row), conflictDecision: lead.conflictDecision, leadStatus: lead.status });
  if (refusal) throw conflict(refusal);
  const terms = row!;
  if (!lead.conflictCheckId) throw conflict(ENGAGEMENT_MESSAGES.conflictFirst);
  if (lead.status !== 'engaged') {
    await markLeadStatus(tx, principal, leadId, 'engaged');
    lead = (await findLead(tx, firmId, leadId, true))!;
  }
  const checkId = lead.conflictCheckId!;
  const client = clientOf(lead);
  if (!client.firstName && !client.lastName && !client.companyName) throw badRequest(ENGAGEMENT_MESSAGES.nameRequired);
  // Every name is cleared before anything is made: the new records' own names would match themselves.
  const clearClient = await carryConflictCheck(tx, firmId, principal.userId, {
    fromCheckId: checkId,
    names: clientConflictNames({ ...client, contacts: client.contact ? [client.contact] : [] }),
  });
  const clearMatter = await carryConflictCheck(tx, firmId, principal.userId, {
    fromCheckId: checkId,
    names: matterConflictNames({ matterName: terms.matterName, parties: lead.opposingParties }),
  });
  const clientId = await openClient(tx, principal, client);
  await clearClient({ clientId });
  const { matterId, matterNumber } = await openMatter(tx, principal, {
    clientId,
    matterName: terms.matterName,
    description: terms.matterDescription ?? '',
    billingType: terms.billingType as 'Hourly',
    hourlyRate: terms.hourlyRate,
    flatRate: terms.flatRate,
    contingencyPercentage: terms.contingencyPercentage,
    responsible: {
      userId: terms.responsibleUserId,
      hourlyRate: terms.hourlyRate ?? (await findDefaultRate(tx, firmId, terms.responsibleUserId)),
    },
    practiceAreaIds: terms.practiceAreaId ? [terms.practiceAreaId] : [],
    opposingParties: lead.opposingParties,
  });
  await clearMatter({ matterId });
  await inviteToPortal(tx, deps, principal, clientId, lead);
  const letters = [terms.letterPdfDocumentId, terms.letterDocxDocumentId].filter((id): id is string => Boolean(id));
  if (letters.length > 0) await deps.documents.moveDocumentsToMatter(tx, firmId, letters, matterId, clientId);
  const intakeDocumentIds = await carryIntakeFiles(tx, deps, principal, lead, matterId, carried);
  const trustRequestId = await retainerOf(tx, principal, terms, { clientId, matterId, matterNumber });
  await updateEngagement(tx, firmId, leadId, {
    clientId,
    matterId,
    trustRequestId,
    convertedAt: new Date(),
    convertedByUserId: principal.userId,
  });
  await recordLeadEvent(tx, firmId, leadId, {
    kind: 'converted',
    summary: `Converted: client ${lead.displayName} and matter ${matterNumber} opened`,
    body: JSON.stringify({ clientId, matterId }),
    actorUserId: principal.userId,
  });
  await recordAuditEvent(tx, principal, 'lead.converted', leadId, { clientId, matterId, matterNumber, trustRequestId, intakeDocumentIds });
  return { clientId, matterId, trustRequestId, isNew: true };
}

/**
 * The files the lead sent with its intake form, copied as documents into the matter's folder, each
 * with its scan status: one still being scanned opens once the documents' scan passes it; one the
 * scanner refused is not carried (its bytes were removed when it was refused).
 */
async function carryIntakeFiles(
  tx: Tx,
  deps: EngagementDeps,
  principal: FirmPrincipal,
  lead: LeadFacts,
  matterId: string,
  carried: FiledCopies[],
): Promise<string[]> {
  const uploads = await findLeadFiles(tx, principal.firmId, lead.id);
  const sources = uploads
    .filter((upload) => upload.scanStatus !== 'quarantined')
    .map((upload) => ({
      storageKey: upload.storageKey,
      fileName: upload.fileName,
      contentType: upload.contentType,
      scanStatus: upload.scanStatus === 'scanning' ? ('scanning' as const) : ('available' as const),
      // Not the sender's name: a note outlives an erasure of the person.
      note: 'Sent with the intake form',
    }));
  if (sources.length === 0) return [];
  const copies = await deps.documents.fileCopiesInMatter(tx, principal, matterId, sources);
  carried.push(copies);
  return copies.documentIds;
}

async function inviteToPortal(tx: Tx, deps: EngagementDeps, principal: FirmPrincipal, clientId: string, lead: LeadFacts) {
  if (!lead.email) return;
  try {
    await deps.portalInvitations.inviteInTx(tx, principal, { clientId, email: lead.email, contactName: contactNameOf(lead) || null });
  } catch (error) {
    // Refused before anything is written (no portal address, the email another client's): the firm invites later.
    deps.logger.info({ err: error, clientId }, 'converted lead not invited to the portal');
  }
}

async function retainerOf(
  tx: Tx,
  principal: FirmPrincipal,
  terms: EngagementRow,
  matter: { clientId: string; matterId: string; matterNumber: string },
) {
  const amount = terms.retainerAmount;
  if (!amount || toCents(amount) <= 0n || !terms.retainerCurrencyCode) return null;
  const id = await draftRetainerRequest(tx, principal, {
    ...matter,
    currencyCode: terms.retainerCurrencyCode,
    amount,
    note: `Retainer for ${matter.matterNumber} as agreed in the engagement letter`,
    assignedUserId: terms.responsibleUserId,
  });
  if (!id) throw conflict(ENGAGEMENT_MESSAGES.noTrustAccount(terms.retainerCurrencyCode));
  return id;
}
