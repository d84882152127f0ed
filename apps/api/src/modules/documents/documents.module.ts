import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createDocumentCheckoutService } from './document-checkouts.service.ts';
import { createDocumentFolderService } from './document-folders.service.ts';
import { createDocumentPortalService } from './document-portal.service.ts';
import type { DocumentProcessing } from './document-processing.ts';
import { createDocumentSharingService } from './document-sharing.service.ts';
import { createDocumentTextRetryService } from './document-text-retry.service.ts';
import { createDocumentZipService } from './document-zip.service.ts';
import { createDocumentService } from './documents.service.ts';
import { createDirectUploadService } from './document-direct-uploads.service.ts';

export type DocumentModuleDeps = {
  database: Database;
  files: FileStore;
  processing: DocumentProcessing;
  maxUploadBytes: number;
  /** Signs the tokens that carry a direct upload from start to completion (APP_SECRET). */
  appSecret: string;
};

/** The documents module's services, composed once (app.ts) from the database, the file store and the processing jobs. */
export function createDocumentModule(deps: DocumentModuleDeps) {
  const documents = createDocumentService(deps);
  return {
    maxUploadBytes: deps.maxUploadBytes,
    processing: deps.processing,
    documents,
    directUploads: createDirectUploadService({ ...deps, documents, secret: deps.appSecret }),
    checkouts: createDocumentCheckoutService(deps),
    folders: createDocumentFolderService(deps.database),
    sharing: createDocumentSharingService(deps.database),
    zips: createDocumentZipService(deps.database, deps.files),
    portal: createDocumentPortalService(deps),
    textRetry: createDocumentTextRetryService(deps),
  };
}
export type DocumentModule = ReturnType<typeof createDocumentModule>;
