import type { Readable } from 'node:stream';
import { DOCUMENT_MESSAGES, updateDocumentInputSchema, type DocumentView, type UpdateDocumentInput } from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation, isUniqueViolationOf } from '../../lib/database-errors.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStep } from '../time-suggestions/time-suggestions.api.ts';
import { recordView, viewInClient } from '../record-views/record-views.api.ts';
import { recordStoredFile, type FileStore, type StoredFile } from '../../platform/files/files.ts';
import { storeDocumentUpload } from './document-uploads.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { findFolder } from './document-folders.repository.ts';
import { searchNameOf, tagsOf } from './document-rows.ts';
import { addDocument, appendVersion, assertReadable, copyStoredFile, documentRules, versionFactsOf } from './document-storage.ts';
import { findVersion, isStorageKeyFiled } from './document-versions.repository.ts';
import { documentViewOf, lockChangeable, assertNotHeldByAnother } from './document-views.ts';
import { isNameTaken, lockDocument, setDocumentDeleted, updateDocumentDetails } from './documents.repository.ts';

export type DocumentServiceDeps = { database: Database; files: FileStore; processing: DocumentProcessing; maxUploadBytes: number };
export type Upload = { content: Readable; fileName: string };
export type UploadFields = { folderId: string; category?: string; description?: string; tags?: string };

/** A file sent straight to the bucket and completed twice: the first filing owns it, the second answers 409. */
class AlreadyFiled extends AppError {
  constructor() {
    super(409, 'This upload has been filed already');
  }
}
const isFiledElsewhere = (error: unknown) =>
  error instanceof AlreadyFiled || isUniqueViolationOf(error, 'document_versions_storage_key_key');

async function claimStoredFile(tx: Tx, stored: StoredFile) {
  if (await isStorageKeyFiled(tx, stored.key)) throw new AlreadyFiled();
}

const nameTakenAsConflict = (name: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? conflict(DOCUMENT_MESSAGES.nameTaken(name), 'NAME_TAKEN') : error;
};

export type DocumentService = ReturnType<typeof createDocumentService>;

export function createDocumentService({ database, files, processing, maxUploadBytes }: DocumentServiceDeps) {
  const rules = documentRules(maxUploadBytes);
  const firstScanStatus = () => (processing.isScanningEnabled ? 'scanning' : 'available') as 'scanning' | 'available';
  const view = (firmId: string, documentId: string) => database.withFirm(firmId, (tx) => documentViewOf(tx, firmId, documentId), READ_ONLY);

  const service = {
    /** The document's page: read, then recorded as viewed (who looked, ADR 92). */
    view: async (principal: FirmPrincipal, documentId: string) => {
      const document = await view(principal.firmId, documentId);
      await recordView(database, principal, viewInClient('document', document));
      return document;
    },

    /**
     * A new document from an upload. The folder and the name are checked before the file is
     * streamed (a clear 404/409 without storing anything), then again when the rows are written.
     * An Idempotency-Key on this multipart call is honoured by platform/idempotency (the request
     * carries no parsed body, so a replay answers the first upload); without one, a double submit
     * still cannot file the same name twice: the live-name rule answers the second with 409.
     */
    async upload(principal: FirmPrincipal, fields: UploadFields, upload: Upload): Promise<DocumentView> {
      await service.checkNewDocument(principal, fields.folderId, upload.fileName);
      const stored = await storeDocumentUpload(files, upload, rules);
      return service.fileNewDocument(principal, fields, stored);
    },

    /** 404 for a folder the firm does not have, 409 for one in the recycle bin or a name already there. */
    checkNewDocument: (principal: FirmPrincipal, folderId: string, fileName: string) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const folder = await findFolder(tx, principal.firmId, folderId);
          if (!folder) throw notFound('Folder');
          if (folder.isInRecycleBin) throw conflict(DOCUMENT_MESSAGES.inRecycleBin);
          if (await isNameTaken(tx, principal.firmId, folder.id, fileName))
            throw conflict(DOCUMENT_MESSAGES.nameTaken(fileName), 'NAME_TAKEN');
        },
        READ_ONLY,
      ),

    /**
     * Files a stored file as a new document (its rows and audit) under the stored file's name, which
     * ends in its content's type; the file is removed if that fails.
     */
    async fileNewDocument(principal: FirmPrincipal, fields: UploadFields, stored: StoredFile): Promise<DocumentView> {
      const firmId = principal.firmId;
      const fileName = stored.fileName;
      const { documentId, versionId } = await recordStoredFile(
        files,
        stored,
        () =>
          database.withFirm(firmId, async (tx) => {
            await claimStoredFile(tx, stored);
            const folder = await findFolder(tx, firmId, fields.folderId, true);
            if (!folder) throw notFound('Folder');
            const tags = tagsOf(fields.tags);
            const added = await addDocument(
              tx,
              firmId,
              folder,
              { name: fileName, category: fields.category, description: fields.description, tags, createdByUserId: principal.userId },
              { ...versionFactsOf(stored, fileName, firstScanStatus()), uploadedByUserId: principal.userId },
            ).catch(nameTakenAsConflict(fileName));
            await recordAuditEvent(tx, principal, 'document.uploaded', added.documentId, {
              folderId: folder.id,
              name: fileName,
              sizeBytes: stored.size,
              sha256: stored.sha256,
            });
            if (folder.matterId)
              await recordStep(tx, principal, {
                matterId: folder.matterId,
                kind: 'documentUploaded',
                subject: fileName,
                sourceId: added.documentId,
              });
            return added;
          }),
        isFiledElsewhere,
      );
      await processing.versionAdded(firmId, versionId);
      return view(firmId, documentId);
    },

    /** Version n+1 of a document; refused while someone else holds its check-out. */
    async uploadNewVersion(principal: FirmPrincipal, documentId: string, note: string | undefined, upload: Upload): Promise<DocumentView> {
      await service.checkNewVersion(principal, documentId);
      const stored = await storeDocumentUpload(files, upload, rules);
      return service.fileNewVersion(principal, documentId, note, stored);
    },

    /** 404 for a document the firm does not have, 409 while it is in the recycle bin or checked out by another. */
    checkNewVersion: (principal: FirmPrincipal, documentId: string) =>
      database.withFirm(principal.firmId, async (tx) =>
        assertNotHeldByAnother(await lockChangeable(tx, principal.firmId, documentId), principal.userId),
      ),

    /** Files a stored file as the document's next version (under the stored file's name); the file is removed if that fails. */
    async fileNewVersion(
      principal: FirmPrincipal,
      documentId: string,
      note: string | undefined,
      stored: StoredFile,
    ): Promise<DocumentView> {
      const firmId = principal.firmId;
      const { versionId } = await recordStoredFile(
        files,
        stored,
        () =>
          database.withFirm(firmId, async (tx) => {
            await claimStoredFile(tx, stored);
            const document = await lockChangeable(tx, firmId, documentId);
            assertNotHeldByAnother(document, principal.userId);
            const added = await appendVersion(tx, firmId, document, {
              ...versionFactsOf(stored, stored.fileName, firstScanStatus()),
              uploadedByUserId: principal.userId,
              note: note || null,
            });
            await recordAuditEvent(tx, principal, 'document.versionAdded', documentId, {
              versionNumber: added.versionNumber,
              sha256: stored.sha256,
            });
            if (document.matterId)
              await recordStep(tx, principal, {
                matterId: document.matterId,
                kind: 'documentUploaded',
                subject: document.name,
                sourceId: documentId,
              });
            return added;
          }),
        isFiledElsewhere,
      );
      await processing.versionAdded(firmId, versionId);
      return view(firmId, documentId);
    },

    /** A version's bytes (the newest when none is named), once the scanner has passed it. */
    async open(principal: FirmPrincipal, documentId: string, versionNumber?: number) {
      const { document, version } = await database.withFirm(
        principal.firmId,
        async (tx) => {
          const document = await lockDocumentForRead(tx, principal.firmId, documentId);
          return { document, version: await findVersion(tx, principal.firmId, documentId, versionNumber ?? document.currentVersionNumber) };
        },
        READ_ONLY,
      );
      if (!version) throw notFound('Document version');
      assertReadable(version);
      const content = await files.read(version.storageKey);
      if (!content) throw notFound('Document version');
      // Downloaded or previewed in the browser: either way the member saw it (who looked, ADR 92).
      await recordView(database, principal, viewInClient('document', document));
      return { ...version, content };
    },

    update: (principal: FirmPrincipal, documentId: string, input: UpdateDocumentInput) =>
      database.withFirm(principal.firmId, async (tx) => {
        const details = updateDocumentInputSchema.parse(input);
        const document = await lockChangeable(tx, principal.firmId, documentId);
        if (await isNameTaken(tx, principal.firmId, document.folderId, details.name, documentId)) {
          throw conflict(DOCUMENT_MESSAGES.nameTaken(details.name), 'NAME_TAKEN');
        }
        await updateDocumentDetails(tx, principal.firmId, documentId, {
          name: details.name,
          category: details.category || null,
          description: details.description || null,
          tags: details.tags,
          searchName: searchNameOf(details.name, details.tags, details.description),
        });
        await recordAuditEvent(tx, principal, 'document.updated', documentId, { before: { name: document.name }, after: details });
        return documentViewOf(tx, principal.firmId, documentId);
      }),

    /** An older version copied forward as the newest (its bytes under a new key); history is never rewritten. */
    async restoreVersion(principal: FirmPrincipal, documentId: string, versionNumber: number): Promise<DocumentView> {
      const firmId = principal.firmId;
      const source = await database.withFirm(firmId, async (tx) => {
        assertNotHeldByAnother(await lockChangeable(tx, firmId, documentId), principal.userId);
        return findVersion(tx, firmId, documentId, versionNumber);
      });
      if (!source) throw notFound('Document version');
      if (source.scanStatus === 'quarantined') throw conflict(DOCUMENT_MESSAGES.quarantined);
      const key = await copyStoredFile(files, source.storageKey);
      const isAvailable = source.scanStatus === 'available';
      const { versionId } = await recordStoredFile(
        files,
        { key, size: source.sizeBytes, sha256: source.sha256, contentType: source.contentType, extension: '', fileName: source.fileName },
        () =>
          database.withFirm(firmId, async (tx) => {
            const document = await lockChangeable(tx, firmId, documentId);
            assertNotHeldByAnother(document, principal.userId);
            const added = await appendVersion(tx, firmId, document, {
              storageKey: key,
              fileName: source.fileName,
              contentType: source.contentType,
              sizeBytes: source.sizeBytes,
              sha256: source.sha256,
              scanStatus: isAvailable ? 'available' : 'scanning',
              textStatus: isAvailable ? source.textStatus : 'pending',
              extractedText: isAvailable ? source.extractedText : null,
              uploadedByUserId: principal.userId,
              restoredFromVersion: versionNumber,
              note: `Restored from version ${versionNumber}`,
            });
            await recordAuditEvent(tx, principal, 'document.versionRestored', documentId, {
              from: versionNumber,
              versionNumber: added.versionNumber,
            });
            return added;
          }),
      );
      // A copy of an already scanned and extracted version needs no processing again.
      if (!isAvailable) await processing.versionAdded(firmId, versionId);
      return view(firmId, documentId);
    },

    remove: (principal: FirmPrincipal, documentId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const document = await lockChangeable(tx, principal.firmId, documentId);
        await setDocumentDeleted(tx, principal.firmId, documentId, principal.userId);
        await recordAuditEvent(tx, principal, 'document.deleted', documentId, { name: document.name });
      }),

    restore: (principal: FirmPrincipal, documentId: string) =>
      database.withFirm(principal.firmId, async (tx) => {
        const document = await lockDocument(tx, principal.firmId, documentId);
        if (!document || !document.deletedAt) throw notFound('Deleted document');
        if (document.isInRecycleBin && (await findFolder(tx, principal.firmId, document.folderId))?.isInRecycleBin) {
          throw badRequest('Restore the folder it was in first');
        }
        if (await isNameTaken(tx, principal.firmId, document.folderId, document.name, documentId)) {
          throw conflict(DOCUMENT_MESSAGES.nameTaken(document.name), 'NAME_TAKEN');
        }
        await setDocumentDeleted(tx, principal.firmId, documentId, null);
        await recordAuditEvent(tx, principal, 'document.restored', documentId, { name: document.name });
        return documentViewOf(tx, principal.firmId, documentId);
      }),
  };
  return service;
}

async function lockDocumentForRead(tx: Parameters<typeof lockDocument>[0], firmId: string, documentId: string) {
  const document = await lockDocument(tx, firmId, documentId, false);
  if (!document) throw notFound('Document');
  return document;
}
