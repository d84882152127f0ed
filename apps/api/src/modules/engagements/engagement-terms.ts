import { ENGAGEMENT_MESSAGES, type EngagementTermsParsed } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { DOCX_CONTENT_TYPE } from '../documents/documents.api.ts';
import { leadOrNotFound } from './engagement-views.ts';
import { findEngagement, isActiveMember, isLivePracticeArea, isWordTemplate, saveTerms } from './engagements.repository.ts';

/** Only the rate of the billing type chosen is kept: a flat fee left in the form of an hourly matter would mislead. */
function ratesOf(input: EngagementTermsParsed) {
  return {
    hourlyRate: input.billingType === 'Hourly' ? input.hourlyRate : null,
    flatRate: input.billingType === 'Flat Rate' ? input.flatRate : null,
    contingencyPercentage: input.billingType === 'Contingency' ? input.contingencyPercentage : null,
  };
}

/**
 * Saves a lead's engagement terms: every id checked in the firm's own transaction (another firm's
 * is not there), refused once the lead is converted (its matter has its own terms now). Audited.
 */
export async function saveEngagementTerms(tx: Tx, principal: FirmPrincipal, leadId: string, input: EngagementTermsParsed): Promise<void> {
  const { firmId } = principal;
  await leadOrNotFound(tx, firmId, leadId, true);
  const before = await findEngagement(tx, firmId, leadId, true);
  if (before?.clientId) throw conflict('The lead is converted: change the terms on its matter');
  if (!(await isActiveMember(tx, firmId, input.responsibleUserId)))
    throw badRequest('Fee earner not found', { responsibleUserId: 'Fee earner not found' });
  if (input.practiceAreaId && !(await isLivePracticeArea(tx, firmId, input.practiceAreaId)))
    throw badRequest('Practice area not found', { practiceAreaId: 'Practice area not found' });
  if (input.templateDocumentId && !(await isWordTemplate(tx, firmId, input.templateDocumentId, DOCX_CONTENT_TYPE)))
    throw badRequest(ENGAGEMENT_MESSAGES.chooseTemplate, { templateDocumentId: ENGAGEMENT_MESSAGES.chooseTemplate });
  const hasRetainer = Boolean(input.retainerAmount && Number(input.retainerAmount) > 0);
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
  await saveTerms(tx, firmId, leadId, terms);
  await recordAuditEvent(tx, principal, 'lead.engagementTermsSaved', leadId, {
    before: before
      ? { billingType: before.billingType, hourlyRate: before.hourlyRate, flatRate: before.flatRate, retainerAmount: before.retainerAmount }
      : null,
    after: { billingType: terms.billingType, hourlyRate: terms.hourlyRate, flatRate: terms.flatRate, retainerAmount: terms.retainerAmount },
  });
}
