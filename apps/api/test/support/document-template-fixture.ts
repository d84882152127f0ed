import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createDocumentProcessing } from '../../src/modules/documents/document-processing.ts';
import { createDocumentsApi, type DocumentsApi } from '../../src/modules/documents/documents.api.ts';
import { createFileStore, type FileStore } from '../../src/platform/files/files.ts';
import { addDocument, makeDocx, templatesFolderOf } from './docx-template.ts';
import { setUpProgressNoteFixture, type ProgressNoteFixture } from './progress-note-fixture.ts';
import { bearer, rowsOf } from './test-app.ts';

export const DOCUMENT_BASE = '/api/admin/document';
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

export type DocumentTemplateFixture = ProgressNoteFixture & {
  documents: DocumentsApi & { files: FileStore };
  templatesFolderId: string;
  listTemplates(token?: string): Promise<LightMyRequestResponse>;
  generate(body: object, token?: string): Promise<LightMyRequestResponse>;
  /** Rows of a query in a firm's scope (the first firm's unless told). */
  inFirm<T>(query: SQL, firmId?: string): Promise<T[]>;
  /** A .docx with these paragraphs in the first firm's Templates folder (or another folder). */
  addTemplate(name: string, paragraphs: string[], folderId?: string): ReturnType<typeof addDocument>;
  documentCount(): Promise<number>;
  close(): Promise<void>;
};

export async function setUpDocumentTemplateFixture(): Promise<DocumentTemplateFixture> {
  const fixture = await setUpProgressNoteFixture();
  const { database, config } = fixture.context;
  const files = createFileStore(config.files);
  const core = createDocumentsApi({
    database,
    files,
    processing: createDocumentProcessing({ config }),
    maxUploadBytes: config.documents.maxUploadBytes,
  });
  const documents = { ...core, files };
  const routes = fixture.context.app;
  const templatesFolderId = await templatesFolderOf(database, fixture.firm.firmId);
  const inFirm = <T>(query: SQL, firmId = fixture.firm.firmId) => database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(query)));
  return {
    ...fixture,
    documents,
    templatesFolderId,
    inFirm,
    listTemplates: (token = fixture.tokens.admin) =>
      routes.inject({ method: 'GET', url: `${DOCUMENT_BASE}/get-templates`, headers: bearer(token) }),
    generate: (body, token = fixture.tokens.admin) =>
      routes.inject({ method: 'POST', url: `${DOCUMENT_BASE}/generate-from-template`, headers: bearer(token), payload: body }),
    addTemplate: (name, paragraphs, folderId = templatesFolderId) =>
      addDocument(
        database,
        documents.files,
        { firmId: fixture.firm.firmId, userId: fixture.firm.users.admin.id, folderId },
        { name, content: makeDocx(paragraphs) },
      ),
    documentCount: async () => (await inFirm<{ count: number }>(sql`select count(*)::int as count from documents`))[0]!.count,
    close: () => fixture.context.close(),
  };
}
