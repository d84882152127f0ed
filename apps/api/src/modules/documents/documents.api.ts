import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import type { DocumentView } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore } from '../../platform/files/files.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { findFolder, findOwnerFolderId } from './document-folders.repository.ts';
import { addDocument, assertReadable, documentRules, versionFactsOf } from './document-storage.ts';
import { findVersion } from './document-versions.repository.ts';
import { documentViewOf } from './document-views.ts';
import { freeNameIn, lockDocument } from './documents.repository.ts';

export type GeneratedDocumentInput = {
  matterId: string;
  fileName: string;
  content: Buffer;
  templateDocumentId: string;
  templateVersion: number;
  mergeValues: Record<string, string>;
};

export type DocumentsApi = {
  /** Files a generated document in the matter's folder (a taken name gets " (2)", " (3)"…), scanned like an upload. */
  saveGeneratedDocument(principal: FirmPrincipal, input: GeneratedDocumentInput): Promise<DocumentView>;
  /** The current version's bytes, once the scanner has passed it. */
  readCurrentVersion(
    principal: FirmPrincipal,
    documentId: string,
  ): Promise<{ name: string; versionNumber: number; contentType: string; content: Buffer }>;
};

export type DocumentsApiDeps = { database: Database; files: FileStore; processing: DocumentProcessing; maxUploadBytes: number };

/** The documents module's surface for other modules (templates), composed in app.ts. */
export function createDocumentsApi({ database, files, processing, maxUploadBytes }: DocumentsApiDeps): DocumentsApi {
  return {
    async saveGeneratedDocument(principal, input) {
      const firmId = principal.firmId;
      const stored = await storeUpload(files, Readable.from([input.content]), documentRules(maxUploadBytes));
      const { documentId, versionId } = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const folderId = await findOwnerFolderId(tx, firmId, { matterId: input.matterId });
          const folder = folderId ? await findFolder(tx, firmId, folderId, true) : null;
          if (!folder) throw notFound('Matter');
          const name = await freeNameIn(tx, firmId, folder.id, input.fileName);
          const added = await addDocument(
            tx,
            firmId,
            folder,
            { name, createdByUserId: principal.userId },
            {
              ...versionFactsOf(stored, name, processing.isScanningEnabled ? 'scanning' : 'available'),
              uploadedByUserId: principal.userId,
              templateDocumentId: input.templateDocumentId,
              templateVersion: input.templateVersion,
              mergeValues: input.mergeValues,
            },
          );
          await recordAuditEvent(tx, principal, 'document.generated', added.documentId, {
            matterId: input.matterId,
            templateDocumentId: input.templateDocumentId,
            templateVersion: input.templateVersion,
          });
          return added;
        }),
      );
      await processing.versionAdded(firmId, versionId);
      return database.withFirm(firmId, (tx) => documentViewOf(tx, firmId, documentId), READ_ONLY);
    },

    async readCurrentVersion(principal, documentId) {
      const { document, version } = await database.withFirm(
        principal.firmId,
        async (tx) => {
          const found = await lockDocument(tx, principal.firmId, documentId, false);
          if (!found || found.deletedAt) throw notFound('Document');
          return { document: found, version: await findVersion(tx, principal.firmId, documentId, found.currentVersionNumber) };
        },
        READ_ONLY,
      );
      if (!version) throw notFound('Document');
      assertReadable(version);
      const content = await files.read(version.storageKey);
      if (!content) throw notFound('Document');
      return {
        name: document.name,
        versionNumber: version.versionNumber,
        contentType: version.contentType,
        content: await buffer(content),
      };
    },
  };
}
