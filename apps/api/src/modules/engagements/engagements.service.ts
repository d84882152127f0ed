import type { Engagement, EngagementTermsParsed } from '@matterhorn/shared';
import { READ_ONLY } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { FiledCopies } from '../documents/documents.api.ts';
import { findSignatureRequestFacts, type StepOrigin } from '../signature-requests/signature-requests.api.ts';
import { convertInTx, type Conversion } from './convert-lead.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { generateEngagementLetter, sendEngagementLetter } from './engagement-letter.ts';
import { saveEngagementTerms } from './engagement-terms.ts';
import { engagementViewOf } from './engagement-views.ts';
import { findEngagementBySignatureRequest } from './engagements.repository.ts';

export type EngagementService = ReturnType<typeof createEngagementService>;

export function createEngagementService(deps: EngagementDeps) {
  const { database } = deps;
  const view = (principal: FirmPrincipal, leadId: string): Promise<Engagement> =>
    database.withFirm(principal.firmId, (tx) => engagementViewOf(tx, principal.firmId, leadId), READ_ONLY);

  /**
   * Converts in one transaction; then the intake files' copies are queued for their scan and text (or
   * removed when it failed), and the retainer's request is sent (its link emailed).
   */
  async function convert(principal: FirmPrincipal, leadId: string): Promise<Conversion> {
    const carried: FiledCopies[] = [];
    const conversion = await database
      .withFirm(principal.firmId, (tx) => convertInTx(tx, deps, principal, leadId, carried))
      .catch(async (error: unknown) => {
        await Promise.all(carried.map((copies) => copies.discard()));
        throw error;
      });
    for (const copies of carried) await copies.announce();
    if (conversion.isNew && conversion.trustRequestId)
      await deps.sendTrustRequest(principal, conversion.trustRequestId).catch((error: unknown) =>
        // Left a Draft on the matter: the firm sends it from the trust requests page.
        deps.logger.error({ err: error, trustRequestId: conversion.trustRequestId }, 'retainer request drafted but not sent'),
      );
    return conversion;
  }

  return {
    view,

    async saveTerms(principal: FirmPrincipal, leadId: string, input: EngagementTermsParsed) {
      await database.withFirm(principal.firmId, (tx) => saveEngagementTerms(tx, principal, leadId, input));
      return view(principal, leadId);
    },

    async generateLetter(principal: FirmPrincipal, leadId: string) {
      await generateEngagementLetter(deps, principal, leadId);
      return view(principal, leadId);
    },

    async sendLetter(principal: FirmPrincipal, leadId: string, input: { message: string | null }, origin: StepOrigin) {
      await sendEngagementLetter(deps, principal, leadId, input, origin);
      return view(principal, leadId);
    },

    async convert(principal: FirmPrincipal, leadId: string) {
      await convert(principal, leadId);
      return view(principal, leadId);
    },

    /**
     * The signing module's follow-up after a request is sealed (its job, after commit): when it is an
     * engagement letter, the lead becomes Engaged and is converted, as the member who sent the letter.
     */
    async signatureCompleted(firmId: string, requestId: string): Promise<void> {
      const found = await database.withFirm(firmId, async (tx) => {
        const engagement = await findEngagementBySignatureRequest(tx, firmId, requestId);
        if (!engagement || engagement.clientId) return null;
        const request = await findSignatureRequestFacts(tx, firmId, requestId);
        return request?.status === 'Completed' ? { leadId: engagement.leadId, senderId: request.createdByUserId } : null;
      });
      if (!found) return;
      const sender: FirmPrincipal = {
        kind: 'firm',
        sessionId: 'signature-completed',
        firmId,
        userId: found.senderId,
        adminUserId: found.senderId,
        permissions: [],
        isVerified: true,
      };
      await convert(sender, found.leadId);
    },
  };
}
