import {
  billingTextOf,
  conversionPlanOf,
  engagementConvertRefusal,
  engagementFeesLock,
  engagementLetterRefusal,
  engagementSendRefusal,
  type Engagement,
  type EngagementTerms,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { findLead, findLeadFiles, type LeadFacts } from '../leads/leads.api.ts';
import { findSignatureRequestFacts } from '../signature-requests/signature-requests.api.ts';
import { findConvertedNames, findEngagement, findFirmFacts, findNames, type EngagementRow } from './engagements.repository.ts';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** The terms a lead starts from before any are saved: its practice area and assignee, billed hourly; the scope is left for the firm to write. */
function defaultTermsOf(lead: LeadFacts, currencyCode: string): EngagementTerms {
  return {
    practiceAreaId: lead.practiceAreaId,
    practiceAreaName: lead.practiceAreaName,
    responsibleUserId: lead.assigneeUserId,
    responsibleName: lead.assigneeName,
    matterName: lead.practiceAreaName ? `${lead.displayName} – ${lead.practiceAreaName}` : lead.displayName,
    // The scope is the firm's to write: the lead's own account of their problem is not the engagement's terms.
    matterDescription: null,
    billingType: 'Hourly',
    hourlyRate: null,
    flatRate: null,
    contingencyPercentage: null,
    retainerAmount: null,
    retainerCurrencyCode: currencyCode || null,
    templateDocumentId: null,
    templateName: null,
  };
}

/** The lead, or 404 (another firm's lead is simply not there). */
export async function leadOrNotFound(tx: Tx, firmId: string, leadId: string, isLocked = false): Promise<LeadFacts> {
  const lead = await findLead(tx, firmId, leadId, isLocked);
  if (!lead) throw notFound('Lead');
  return lead;
}

/** The engagement as the card shows it, with what may be done next and why not. */
export async function engagementViewOf(tx: Tx, firmId: string, leadId: string): Promise<Engagement> {
  const lead = await leadOrNotFound(tx, firmId, leadId);
  const row = await findEngagement(tx, firmId, leadId);
  const firm = await findFirmFacts(tx, firmId);
  const terms = row ? await termsOf(tx, firmId, row) : defaultTermsOf(lead, firm.homeCurrencyCode);
  const documentIds = [row?.letterDocxDocumentId, row?.letterPdfDocumentId].filter((id): id is string => Boolean(id));
  const { documentNames } = await findNames(tx, firmId, { practiceAreaId: null, userId: null, documentIds });
  const signature = row?.signatureRequestId ? await findSignatureRequestFacts(tx, firmId, row.signatureRequestId) : null;
  const converted = row?.clientId ? await findConvertedNames(tx, firmId, { clientId: row.clientId, matterId: row.matterId }) : null;
  const linkOf = (documentId: string | null | undefined) =>
    documentId && documentNames.has(documentId) ? { documentId, name: documentNames.get(documentId)! } : null;
  const letterPdf = linkOf(row?.letterPdfDocumentId);
  const contactName = [lead.firstName, lead.lastName].filter(Boolean).join(' ') || null;
  // What Convert files in the matter (convert-lead.ts carryIntakeFiles): none the scanner refused.
  const intakeFileCount = (await findLeadFiles(tx, firmId, leadId)).filter((upload) => upload.scanStatus !== 'quarantined').length;
  const signatureStatus = signature?.status ?? null;
  const isConverted = Boolean(row?.clientId);
  return {
    leadId,
    leadName: lead.displayName,
    isSaved: Boolean(row),
    terms,
    homeCurrencyCode: firm.homeCurrencyCode,
    letterDocx: linkOf(row?.letterDocxDocumentId),
    letterPdf,
    letterGeneratedAt: iso(row?.letterGeneratedAt ?? null),
    signatureRequestId: row?.signatureRequestId ?? null,
    signatureStatus,
    feesLock: isConverted ? null : engagementFeesLock(signatureStatus),
    generateRefusal: engagementLetterRefusal({
      isSaved: Boolean(row),
      hasTemplate: Boolean(row?.templateDocumentId),
      signatureStatus,
      isConverted,
    }),
    sendRefusal: engagementSendRefusal({
      isSaved: Boolean(row),
      hasLetter: Boolean(letterPdf),
      hasEmail: Boolean(lead.email),
      conflictDecision: lead.conflictDecision,
      signatureStatus: signature?.status ?? null,
      isConverted: Boolean(row?.clientId),
    }),
    convertRefusal: row?.clientId
      ? null
      : engagementConvertRefusal({ isSaved: Boolean(row), conflictDecision: lead.conflictDecision, leadStatus: lead.status }),
    willCreate: conversionPlanOf({
      leadName: lead.displayName,
      isCompany: lead.leadType === 'company',
      contactName,
      email: lead.email,
      matterName: terms.matterName,
      billingText: billingTextOf(terms, firm.homeCurrencyCode),
      retainerAmount: terms.retainerAmount,
      retainerCurrencyCode: terms.retainerCurrencyCode,
      hasLetter: Boolean(letterPdf),
      intakeFileCount,
    }),
    clientId: row?.clientId ?? null,
    clientName: converted?.clientName ?? null,
    matterId: row?.matterId ?? null,
    matterNumber: converted?.matterNumber ?? null,
    trustRequestId: row?.trustRequestId ?? null,
    convertedAt: iso(row?.convertedAt ?? null),
  };
}

/** The saved terms with their names. */
export async function termsOf(tx: Tx, firmId: string, row: EngagementRow): Promise<EngagementTerms> {
  const names = await findNames(tx, firmId, {
    practiceAreaId: row.practiceAreaId,
    userId: row.responsibleUserId,
    documentIds: row.templateDocumentId ? [row.templateDocumentId] : [],
  });
  return {
    practiceAreaId: row.practiceAreaId,
    practiceAreaName: names.practiceAreaName,
    responsibleUserId: row.responsibleUserId,
    responsibleName: names.userName,
    matterName: row.matterName,
    matterDescription: row.matterDescription,
    billingType: row.billingType as EngagementTerms['billingType'],
    hourlyRate: row.hourlyRate,
    flatRate: row.flatRate,
    contingencyPercentage: row.contingencyPercentage,
    retainerAmount: row.retainerAmount,
    retainerCurrencyCode: row.retainerCurrencyCode,
    templateDocumentId: row.templateDocumentId,
    templateName: row.templateDocumentId ? (names.documentNames.get(row.templateDocumentId) ?? null) : null,
  };
}
