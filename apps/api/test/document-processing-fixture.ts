import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { documentFolders, documents, documentVersions } from '../src/db/schema/documents.ts';
import { processPendingVersions, type ProcessingDependencies } from '../src/modules/documents/document-processing-work.ts';
import { createDocumentWork, type DocumentWork } from '../src/modules/documents/document-work.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import type { VirusScanner } from '../src/platform/scanning/clamd.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import type { TestContext } from './support/test-app.ts';

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * A document version as the upload service leaves it (the upload API is another module's): the
 * file written to the file store, then the document (or its next version) inserted in the firm's
 * first matter folder, which the matter's trigger made.
 */
export async function addVersion(
  context: TestContext,
  firm: SeededFirm,
  file: { bytes: Buffer; contentType: string; fileName: string; scanStatus: 'scanning' | 'available'; documentId?: string },
) {
  const storageKey = `documents/${randomUUID()}`;
  await createFileStore(context.config.files).write(storageKey, Readable.from([file.bytes]));
  return context.database.withFirm(firm.firmId, async (tx) => {
    let documentId = file.documentId;
    let versionNumber = 1;
    if (!documentId) {
      const [folder] = await tx
        .select({ id: documentFolders.id, clientId: documentFolders.clientId })
        .from(documentFolders)
        .where(and(eq(documentFolders.matterId, firm.matterIds[0]!), eq(documentFolders.kind, 'matter')));
      const name = `${file.fileName} ${randomUUID().slice(0, 6)}`;
      const [created] = await tx
        .insert(documents)
        .values({
          firmId: firm.firmId,
          folderId: folder!.id,
          clientId: folder!.clientId,
          matterId: firm.matterIds[0]!,
          name,
          searchName: name.toLowerCase(),
          createdByUserId: firm.users.admin.id,
        })
        .returning({ id: documents.id });
      documentId = created!.id;
    } else {
      const [updated] = await tx
        .update(documents)
        .set({ currentVersionNumber: sql`${documents.currentVersionNumber} + 1` })
        .where(eq(documents.id, documentId))
        .returning({ versionNumber: documents.currentVersionNumber });
      versionNumber = updated!.versionNumber;
    }
    const [version] = await tx
      .insert(documentVersions)
      .values({
        firmId: firm.firmId,
        documentId,
        versionNumber,
        storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        uploadedByUserId: firm.users.feeEarner.id,
        scanStatus: file.scanStatus,
      })
      .returning({ id: documentVersions.id });
    return { documentId, versionId: version!.id, versionNumber };
  });
}

export async function versionOf(context: TestContext, firmId: string, versionId: string) {
  const [row] = await context.database.withFirm(firmId, (tx) =>
    tx.select().from(documentVersions).where(eq(documentVersions.id, versionId)),
  );
  return row!;
}

export async function documentOf(context: TestContext, firmId: string, documentId: string) {
  const [row] = await context.database.withFirm(firmId, (tx) =>
    tx
      .select({ contentText: documents.contentText, searchVector: sql<string>`${documents.searchVector}::text` })
      .from(documents)
      .where(eq(documents.id, documentId)),
  );
  return row!;
}

const workers = new WeakMap<TestContext, DocumentWork>();

/** The document worker for the test app's settings, started once per test file (its processes exit when idle). */
export function documentWorkOf(context: TestContext): DocumentWork {
  let work = workers.get(context);
  if (!work) workers.set(context, (work = createDocumentWork(context.config.documentWorker)));
  return work;
}

/** The job's work with the app's outbox and a document worker, as server.ts runs it. */
export function processingDependencies(
  context: TestContext,
  options: { scanner: VirusScanner | null; isOcrEnabled: boolean; work?: DocumentWork },
): ProcessingDependencies {
  return {
    work: documentWorkOf(context),
    database: context.database,
    files: createFileStore(context.config.files),
    outbox: context.app.outbox,
    appUrl: context.config.appUrl,
    ...options,
  };
}

export const runJob = (dependencies: ProcessingDependencies) => processPendingVersions(dependencies);
