import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createDocumentCheckoutService } from './document-checkouts.service.ts';
import { createDocumentFolderService } from './document-folders.service.ts';
import { createDocumentPortalService } from './document-portal.service.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { createDocumentSharingService } from './document-sharing.service.ts';
import { createDocumentZipService } from './document-zip.service.ts';
import { createDocumentService } from './documents.service.ts';

export type DocumentModuleDeps = { database: Database; files: FileStore; processing: DocumentProcessing; maxUploadBytes: number };

/** The documents module's services, composed once (app.ts) from the database, the file store and the processing jobs. */
export function createDocumentModule(deps: DocumentModuleDeps) {
  return {
    maxUploadBytes: deps.maxUploadBytes,
    processing: deps.processing,
    documents: createDocumentService(deps),
    checkouts: createDocumentCheckoutService(deps),
    folders: createDocumentFolderService(deps.database),
    sharing: createDocumentSharingService(deps.database),
    zips: createDocumentZipService(deps.database, deps.files),
    portal: createDocumentPortalService(deps),
  };
}
export type DocumentModule = ReturnType<typeof createDocumentModule>;
