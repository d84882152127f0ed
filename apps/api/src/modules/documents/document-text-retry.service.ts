import type { DocumentView } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { retryFailedText } from './document-processing.repository.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { documentViewOf, lockChangeable } from './document-views.ts';

const ADMINISTRATOR = 'administrator';

export const TEXT_RETRY_MESSAGES = {
  administratorsOnly: 'Only an administrator can retry reading a document’s text',
  notFailed: 'The text of this document was not parked as failed: there is nothing to retry',
} as const;

/**
 * A document whose text could not be extracted (three failed attempts) is read again when an
 * administrator asks: after the cause is fixed (a larger worker, OCR installed) or to try once more.
 * Its current version gets three fresh attempts.
 */
export function createDocumentTextRetryService({ database, processing }: { database: Database; processing: DocumentProcessing }) {
  return {
    retry: async (principal: FirmPrincipal, documentId: string): Promise<DocumentView> => {
      if (!principal.permissions.includes(ADMINISTRATOR)) throw forbidden(TEXT_RETRY_MESSAGES.administratorsOnly);
      const { view, versionId } = await database.withFirm(principal.firmId, async (tx) => {
        await lockChangeable(tx, principal.firmId, documentId);
        const versionId = await retryFailedText(tx, principal.firmId, documentId);
        if (!versionId) throw badRequest(TEXT_RETRY_MESSAGES.notFailed);
        await recordAuditEvent(tx, principal, 'document.textRetried', documentId, { versionId });
        return { view: await documentViewOf(tx, principal.firmId, documentId), versionId };
      });
      await processing.versionAdded(principal.firmId, versionId);
      return view;
    },
  };
}
