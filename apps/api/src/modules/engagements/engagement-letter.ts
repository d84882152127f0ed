import { PDFDocument } from 'pdf-lib';
import { createSignatureRequestInputSchema, ENGAGEMENT_MESSAGES, engagementLetterRefusal, engagementSendRefusal } from '@matterhorn/shared';
import { conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordLeadEvent } from '../leads/leads.api.ts';
import { createSignatureRequest, findSignatureRequestFacts, type StepOrigin } from '../signature-requests/signature-requests.api.ts';
import { engagementLetterValues } from './engagement-letter-values.ts';
import { leadOrNotFound, termsOf } from './engagement-views.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { findEngagement, findFirmFacts, updateEngagement } from './engagements.repository.ts';
import { DATE_PLACE, SIGNATURE_PLACE, withAcceptancePage } from './signature-page.ts';

/** Where a prospective client's papers live until there is a matter (ADR 84): one firm folder, moved to the matter on Convert. */
export const ENGAGEMENT_LETTERS_FOLDER = 'Engagement letters';
const SIGNING_DAYS = 14;

/** A file name without the characters file systems refuse. */
const fileNameOf = (leadName: string, extension: string) =>
  `Engagement letter – ${leadName.replace(/[\\/:*?"<>|]+/g, ' ').trim()}.${extension}`;

/** Who signs for the lead: the person, or a company's contact person (else the company's name). */
export const signerNameOf = (lead: { leadType: string; displayName: string; firstName: string | null; lastName: string | null }) =>
  (lead.leadType === 'company' ? [lead.firstName, lead.lastName].filter(Boolean).join(' ') : '') || lead.displayName;

/**
 * Makes the letter: the template filled with the lead's data and the terms, and as a PDF with an
 * acceptance page at its end (both in the document worker), each filed in the firm's "Engagement
 * letters" folder. Refused once the letter is out for signature or signed (engagementLetterRefusal).
 */
export async function generateEngagementLetter(deps: EngagementDeps, principal: FirmPrincipal, leadId: string): Promise<void> {
  const { firmId } = principal;
  const facts = await deps.database.withFirm(firmId, async (tx) => {
    // Locked (Convert's order) for the request's transaction: a send meanwhile waits, then finds this letter.
    const lead = await leadOrNotFound(tx, firmId, leadId, true);
    const row = await findEngagement(tx, firmId, leadId, true);
    const status = row?.signatureRequestId ? ((await findSignatureRequestFacts(tx, firmId, row.signatureRequestId))?.status ?? null) : null;
    const refusal = engagementLetterRefusal({
      isSaved: Boolean(row),
      hasTemplate: Boolean(row?.templateDocumentId),
      signatureStatus: status,
      isConverted: Boolean(row?.clientId),
    });
    if (refusal || !row?.templateDocumentId) throw conflict(refusal ?? ENGAGEMENT_MESSAGES.chooseTemplate);
    const firm = await findFirmFacts(tx, firmId);
    return {
      lead,
      templateDocumentId: row.templateDocumentId,
      firm,
      values: engagementLetterValues(lead, await termsOf(tx, firmId, row), firm),
    };
  });
  const template = await deps.documents.readCurrentVersion(principal, facts.templateDocumentId);
  const docx = await deps.work.fillTemplate(template.content, facts.values);
  // The acceptance page is appended below: the letter's "Page n of N" counts it.
  const rendered = await deps.work.wordPdf(docx, { firmName: facts.firm.name, pagesAfter: 1 });
  const { pdf } = await withAcceptancePage(rendered, { signerName: signerNameOf(facts.lead), firmName: facts.firm.name });
  const folderName = ENGAGEMENT_LETTERS_FOLDER;
  const word = await deps.documents.fileFirmDocument(principal, {
    folderName,
    fileName: fileNameOf(facts.lead.displayName, 'docx'),
    content: docx,
  });
  const signable = await deps.documents.fileFirmDocument(principal, {
    folderName,
    fileName: fileNameOf(facts.lead.displayName, 'pdf'),
    content: pdf,
  });
  await deps.database.withFirm(firmId, async (tx) => {
    await updateEngagement(tx, firmId, leadId, {
      letterDocxDocumentId: word.documentId,
      letterPdfDocumentId: signable.documentId,
      letterGeneratedAt: new Date(),
      signatureRequestId: null,
    });
    await recordAuditEvent(tx, principal, 'lead.engagementLetterGenerated', leadId, {
      templateDocumentId: facts.templateDocumentId,
      templateVersion: template.versionNumber,
      documentIds: [word.documentId, signable.documentId],
    });
  });
}

/**
 * Sends the letter's PDF to the lead to sign online (signer kind lead), a signature place and the
 * date beside it on the acceptance page. Refused — 409 with the rule's sentence — until the
 * conflict check's decision lets the firm act (issue 13's rule, checked before anything is sent).
 * The lead's and the engagement's rows are locked (Convert's order) for the request's transaction,
 * so two sends at once make one signature request: the second finds it Sent.
 */
export async function sendEngagementLetter(
  deps: EngagementDeps,
  principal: FirmPrincipal,
  leadId: string,
  input: { message: string | null },
  origin: StepOrigin,
): Promise<void> {
  const { firmId } = principal;
  const { lead, row, today } = await deps.database.withFirm(firmId, async (tx) => {
    const found = await leadOrNotFound(tx, firmId, leadId, true);
    const engagement = await findEngagement(tx, firmId, leadId, true);
    const status = engagement?.signatureRequestId
      ? (await findSignatureRequestFacts(tx, firmId, engagement.signatureRequestId))?.status
      : null;
    const refusal = engagementSendRefusal({
      isSaved: Boolean(engagement),
      hasLetter: Boolean(engagement?.letterPdfDocumentId),
      hasEmail: Boolean(found.email),
      conflictDecision: found.conflictDecision,
      signatureStatus: status ?? null,
      isConverted: Boolean(engagement?.clientId),
    });
    if (refusal) throw conflict(refusal);
    return { lead: found, row: engagement!, today: (await findFirmFacts(tx, firmId)).today };
  });
  const letter = await deps.documents.readCurrentVersion(principal, row.letterPdfDocumentId!);
  const pages = (await PDFDocument.load(letter.content, { updateMetadata: false })).getPageCount();
  const expiresOn = new Date(Date.parse(`${today}T00:00:00Z`) + SIGNING_DAYS * 86_400_000).toISOString().slice(0, 10);
  const request = await createSignatureRequest(
    deps.signing,
    principal,
    createSignatureRequestInputSchema.parse({
      documentId: row.letterPdfDocumentId,
      title: `Engagement letter – ${lead.displayName}`,
      message: input.message,
      signingOrder: 'allAtOnce',
      expiresOn,
      signers: [{ name: signerNameOf(lead), email: lead.email, kind: 'lead', leadId, clientContactId: null, userId: null }],
      fields: [
        { signerIndex: 0, kind: 'signature', page: pages, ...SIGNATURE_PLACE },
        { signerIndex: 0, kind: 'date', page: pages, ...DATE_PLACE },
      ],
    }),
    origin,
  );
  await deps.database.withFirm(firmId, async (tx) => {
    await updateEngagement(tx, firmId, leadId, { signatureRequestId: request.id });
    await recordLeadEvent(tx, firmId, leadId, {
      kind: 'engagementLetterSent',
      summary: `Engagement letter sent for signature to ${lead.email}`,
      actorUserId: principal.userId,
    });
    await recordAuditEvent(tx, principal, 'lead.engagementLetterSent', leadId, { signatureRequestId: request.id });
  });
}
