import { DOCUMENT_MESSAGES, type DocumentView } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, type FileStore } from '../../platform/files/files.ts';
import { storeDocumentUpload } from './document-uploads.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { appendVersion, documentRules, versionFactsOf } from './document-storage.ts';
import { findVersion, resolveConflictVersion } from './document-versions.repository.ts';
import { assertNotHeldByAnother, documentViewOf, lockChangeable } from './document-views.ts';
import type { DocumentRow } from './documents.repository.ts';
import { setCheckout, setHasConflict } from './documents.repository.ts';
import type { Upload } from './documents.service.ts';

const ADMINISTRATOR = 'administrator';

/**
 * Who may check in: the member who checked the document out, even after the check-out expired as
 * long as nobody else has taken it since (their work is not lost to a clock). An expired check-out
 * of someone else is free to take, but taking it is a check-out first: checking in without one is
 * refused as "not checked out".
 */
function assertMayCheckIn(document: DocumentRow, userId: string) {
  if (!document.checkedOutByUserId) throw conflict(DOCUMENT_MESSAGES.notCheckedOut);
  if (document.checkedOutByUserId === userId) return;
  assertNotHeldByAnother(document, userId);
  throw conflict(DOCUMENT_MESSAGES.notCheckedOut);
}

export type DocumentCheckoutDeps = { database: Database; files: FileStore; processing: DocumentProcessing; maxUploadBytes: number };

export function createDocumentCheckoutService({ database, files, processing, maxUploadBytes }: DocumentCheckoutDeps) {
  const rules = documentRules(maxUploadBytes);
  return {
    /** Takes (or, for its holder, extends) the check-out from the current version. */
    checkOut: (principal: FirmPrincipal, documentId: string, hours: number): Promise<DocumentView> =>
      database.withFirm(principal.firmId, async (tx) => {
        const document = await lockChangeable(tx, principal.firmId, documentId);
        assertNotHeldByAnother(document, principal.userId);
        const isExtension = document.checkedOutByUserId === principal.userId && !document.checkoutIsExpired;
        await setCheckout(tx, principal.firmId, documentId, {
          userId: principal.userId,
          hours,
          baseVersion: document.currentVersionNumber,
        });
        await recordAuditEvent(tx, principal, 'document.checkedOut', documentId, { hours, isExtension });
        return documentViewOf(tx, principal.firmId, documentId);
      }),

    /**
     * The holder's new version. Every check-in appends a version that becomes current; one made
     * from an older version than the newest (someone uploaded meanwhile) is flagged as a conflict
     * on the version and the document, so a person compares the two: nothing is silently discarded.
     */
    async checkIn(principal: FirmPrincipal, documentId: string, fields: { baseVersion?: number; note?: string }, upload: Upload) {
      const firmId = principal.firmId;
      if (!fields.baseVersion) throw badRequest('Say which version the changes were made to (BaseVersion)');
      await database.withFirm(firmId, async (tx) => assertMayCheckIn(await lockChangeable(tx, firmId, documentId), principal.userId));
      const stored = await storeDocumentUpload(files, upload, rules);
      const { versionId } = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const document = await lockChangeable(tx, firmId, documentId);
          assertMayCheckIn(document, principal.userId);
          const baseVersion = Math.min(fields.baseVersion!, document.currentVersionNumber);
          const isConflict = baseVersion < document.currentVersionNumber;
          const added = await appendVersion(tx, firmId, document, {
            ...versionFactsOf(stored, stored.fileName, processing.isScanningEnabled ? 'scanning' : 'available'),
            uploadedByUserId: principal.userId,
            note: fields.note || null,
            basedOnVersion: baseVersion,
            isConflict,
          });
          await setCheckout(tx, firmId, documentId, null);
          if (isConflict) await setHasConflict(tx, firmId, documentId);
          await recordAuditEvent(tx, principal, 'document.checkedIn', documentId, {
            versionNumber: added.versionNumber,
            baseVersion,
            isConflict,
          });
          return added;
        }),
      );
      await processing.versionAdded(firmId, versionId);
      return database.withFirm(firmId, (tx) => documentViewOf(tx, firmId, documentId), READ_ONLY);
    },

    /** An administrator frees a document someone else left checked out. */
    releaseCheckOut: (principal: FirmPrincipal, documentId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!principal.permissions.includes(ADMINISTRATOR)) throw forbidden('Only an administrator can release another member’s check-out');
        const document = await lockChangeable(tx, principal.firmId, documentId);
        if (!document.checkedOutByUserId) throw conflict(DOCUMENT_MESSAGES.notCheckedOut);
        await setCheckout(tx, principal.firmId, documentId, null);
        await recordAuditEvent(tx, principal, 'document.checkOutReleased', documentId, { heldByUserId: document.checkedOutByUserId });
        return documentViewOf(tx, principal.firmId, documentId);
      }),

    resolveConflict: (principal: FirmPrincipal, documentId: string, versionNumber: number) =>
      database.withFirm(principal.firmId, async (tx) => {
        await lockChangeable(tx, principal.firmId, documentId);
        const version = await findVersion(tx, principal.firmId, documentId, versionNumber);
        if (!version) throw notFound('Document version');
        if (!version.isConflict) throw badRequest(`Version ${versionNumber} is not a conflicting version`);
        await resolveConflictVersion(tx, principal.firmId, documentId, versionNumber, principal.userId);
        await setHasConflict(tx, principal.firmId, documentId);
        await recordAuditEvent(tx, principal, 'document.conflictResolved', documentId, { versionNumber });
        return documentViewOf(tx, principal.firmId, documentId);
      }),
  };
}
