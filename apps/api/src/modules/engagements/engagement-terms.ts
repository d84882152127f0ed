import { ENGAGEMENT_MESSAGES, engagementFeesLock, toCents, toScaled, type EngagementTermsParsed } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { DOCX_CONTENT_TYPE } from '../documents/documents.api.ts';
import { findSignatureRequestFacts } from '../signature-requests/signature-requests.api.ts';
import { leadOrNotFound } from './engagement-views.ts';
import {
  findEngagement,
  isActiveMember,
  isLivePracticeArea,
  isWordTemplate,
  saveTerms,
  type EngagementRow,
  type EngagementTermsValues,
} from './engagements.repository.ts';

/** Only the rate of the billing type chosen is kept: a flat fee left in the form of an hourly matter would mislead. */
function ratesOf(input: EngagementTermsParsed) {
  return {
    hourlyRate: input.billingType === 'Hourly' ? input.hourlyRate : null,
    flatRate: input.billingType === 'Flat Rate' ? input.flatRate : null,
    contingencyPercentage: input.billingType === 'Contingency' ? input.contingencyPercentage : null,
  };
}

/** The same amount however written ('275.5' and '275.50'): compared exactly, as scaled integers. */
const sameDecimal = (a?: string | null, b?: string | null) => (a && b ? toScaled(a, 2) === toScaled(b, 2) : (a ?? null) === (b ?? null));

/** Whether the fees the letter states (ENGAGEMENT_FEE_TERMS) differ between the saved terms and the new ones. */
const feesDiffer = (before: EngagementRow, after: EngagementTermsValues) =>
  before.billingType !== after.billingType ||
  !sameDecimal(before.hourlyRate, after.hourlyRate) ||
  !sameDecimal(before.flatRate, after.flatRate) ||
  !sameDecimal(before.contingencyPercentage, after.contingencyPercentage) ||
  !sameDecimal(before.retainerAmount, after.retainerAmount) ||
  (before.retainerCurrencyCode ?? null) !== (after.retainerCurrencyCode ?? null);

/**
 * Saves a lead's engagement terms: every id checked in the firm's own transaction (another firm's
 * is not there), refused once the lead is converted (its matter has its own terms now), and a change
 * of fees refused while the letter stating them is out for signature or signed. Audited.
 */
export async function saveEngagementTerms(tx: Tx, principal: FirmPrincipal, leadId: string, input: EngagementTermsParsed): Promise<void> {
  const { firmId } = principal;
  await leadOrNotFound(tx, firmId, leadId, true);
  const before = await findEngagement(tx, firmId, leadId, true);
  if (before?.clientId) throw conflict(ENGAGEMENT_MESSAGES.termsOnMatter);
  if (!(await isActiveMember(tx, firmId, input.responsibleUserId)))
    throw badRequest('Fee earner not found', { responsibleUserId: 'Fee earner not found' });
  if (input.practiceAreaId && !(await isLivePracticeArea(tx, firmId, input.practiceAreaId)))
    throw badRequest('Practice area not found', { practiceAreaId: 'Practice area not found' });
  if (input.templateDocumentId && !(await isWordTemplate(tx, firmId, input.templateDocumentId, DOCX_CONTENT_TYPE)))
    throw badRequest(ENGAGEMENT_MESSAGES.chooseTemplate, { templateDocumentId: ENGAGEMENT_MESSAGES.chooseTemplate });
  const hasRetainer = toCents(input.retainerAmount) > 0n;
  const terms = {
    practiceAreaId: input.practiceAreaId,
    responsibleUserId: input.responsibleUserId,
    matterName: input.matterName,
    matterDescription: input.matterDescription,
    billingType: input.billingType,
    ...ratesOf(input),
    retainerAmount: hasRetainer ? input.retainerAmount : null,
    retainerCurrencyCode: hasRetainer ? input.retainerCurrencyCode : null,
    templateDocumentId: input.templateDocumentId,
  };
  const signatureStatus = before?.signatureRequestId
    ? ((await findSignatureRequestFacts(tx, firmId, before.signatureRequestId))?.status ?? null)
    : null;
  const feesLock = engagementFeesLock(signatureStatus);
  if (before && feesLock && feesDiffer(before, terms)) throw conflict(feesLock);
  await saveTerms(tx, firmId, leadId, terms);
  await recordAuditEvent(tx, principal, 'lead.engagementTermsSaved', leadId, {
    before: before
      ? { billingType: before.billingType, hourlyRate: before.hourlyRate, flatRate: before.flatRate, retainerAmount: before.retainerAmount }
      : null,
    after: { billingType: terms.billingType, hourlyRate: terms.hourlyRate, flatRate: terms.flatRate, retainerAmount: terms.retainerAmount },
  });
}
