import { READ_ONLY, type Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { PortalPrincipal } from '../../plugins/route-access.ts';
import { recordStoredFile, type FileStore } from '../../platform/files/files.ts';
import { storeDocumentUpload } from './document-uploads.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { findFolder, findFromClientFolderId } from './document-folders.repository.ts';
import { findFirmOwnerId, findPortalDocuments, findPortalVersion } from './document-portal.repository.ts';
import { iso } from './document-rows.ts';
import { addDocument, documentRules, versionFactsOf } from './document-storage.ts';
import { insertClientAccess } from './document-versions.repository.ts';
import { freeNameIn } from './documents.repository.ts';
import type { Upload } from './documents.service.ts';

export type DocumentPortalDeps = { database: Database; files: FileStore; processing: DocumentProcessing; maxUploadBytes: number };

/** The client's side: what the firm shared with them, and their own uploads into a matter's "From client" folder. */
export function createDocumentPortalService({ database, files, processing, maxUploadBytes }: DocumentPortalDeps) {
  const rules = documentRules(maxUploadBytes);
  return {
    list: (principal: PortalPrincipal, query: { page: number; size: number }) =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const rows = await findPortalDocuments(tx, principal.firmId, principal.clientId, query.size, (query.page - 1) * query.size);
          return {
            data: rows.map((row) => ({
              id: row.id,
              name: row.name,
              matterId: row.matter_id,
              matterName: row.matter_name,
              folderPath: row.folder_path,
              contentType: row.content_type,
              sizeBytes: Number(row.size_bytes),
              versionNumber: row.version_number,
              sharedAt: iso(row.shared_at ?? row.created_at),
              isUploadedByClient: row.is_uploaded_by_client,
            })),
            page: query.page,
            size: query.size,
            totalCount: rows[0]?.total ?? 0,
          };
        },
        READ_ONLY,
      ),

    /** The newest scanned version of a document the client may see; the firm sees that they opened it. */
    async open(principal: PortalPrincipal, documentId: string, isInline: boolean) {
      const version = await database.withFirm(principal.firmId, async (tx) => {
        const found = await findPortalVersion(tx, principal.firmId, principal.clientId, documentId);
        if (!found) throw notFound('Document');
        await insertClientAccess(tx, principal.firmId, {
          documentId,
          versionNumber: found.version_number,
          portalAccountId: principal.portalAccountId,
          action: isInline ? 'viewed' : 'downloaded',
        });
        return found;
      });
      const content = await files.read(version.storage_key);
      if (!content) throw notFound('Document');
      return { fileName: version.file_name, contentType: version.content_type, sizeBytes: Number(version.size_bytes), content };
    },

    /**
     * A client's upload lands in the matter's "From client" folder. It is not marked shared (the
     * firm shared nothing), but the client sees their own uploads in their list.
     */
    async upload(principal: PortalPrincipal, matterId: string, upload: Upload) {
      const firmId = principal.firmId;
      const folderId = await database.withFirm(firmId, (tx) => findFromClientFolderId(tx, firmId, matterId, principal.clientId), READ_ONLY);
      if (!folderId) throw notFound('Matter');
      const stored = await storeDocumentUpload(files, upload, rules);
      const { documentId, versionId, name } = await recordStoredFile(files, stored, () =>
        database.withFirm(firmId, async (tx) => {
          const folder = await findFolder(tx, firmId, folderId, true);
          if (!folder) throw notFound('Matter');
          // A client cannot add a version: a second file of the same name is filed beside the first.
          const name = await freeNameIn(tx, firmId, folder.id, stored.fileName);
          const added = await addDocument(
            tx,
            firmId,
            folder,
            { name, createdByUserId: await findFirmOwnerId(tx, firmId) },
            {
              ...versionFactsOf(stored, name, processing.isScanningEnabled ? 'scanning' : 'available'),
              uploadedByUserId: null,
              uploadedByPortalAccountId: principal.portalAccountId,
            },
          );
          return { ...added, name };
        }),
      );
      await processing.versionAdded(firmId, versionId);
      return { id: documentId, name };
    },
  };
}
