import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { setUpDocumentTemplateFixture, PDF, type DocumentTemplateFixture } from './support/document-template-fixture.ts';
import { addDocument, makeDocx, templatesFolderOf } from './support/docx-template.ts';

let fixture: DocumentTemplateFixture;
let matter: { id: string; clientId: string };

beforeAll(async () => {
  fixture = await setUpDocumentTemplateFixture();
  matter = fixture.references.openMatter;
});

afterAll(async () => {
  await fixture?.close();
});

describe('document templates: who may and what is refused', () => {
  it('makes a firm’s Templates folder on first use and never shows another firm’s templates', async () => {
    await fixture.addTemplate('First firm only.docx', ['{client.name}']);
    const before = await fixture.inFirm<{ id: string }>(
      sql`select id from document_folders where kind = 'templates'`,
      fixture.otherFirm.firmId,
    );
    expect(before).toEqual([]);
    const response = await fixture.listTemplates(fixture.tokens.otherAdmin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([]);
    const after = await fixture.inFirm<{ name: string }>(
      sql`select name from document_folders where kind = 'templates'`,
      fixture.otherFirm.firmId,
    );
    expect(after).toEqual([{ name: 'Templates' }]);
  });

  it('needs the document permission', async () => {
    const token = await fixture.memberWith(['timeEntry']);
    expect((await fixture.listTemplates(token)).statusCode).toBe(403);
  });

  it('refuses a document that is not a Word document in the Templates folder, writing nothing', async () => {
    const firm = fixture.firm;
    const pdf = await addDocument(
      fixture.context.database,
      fixture.documents.files,
      { firmId: firm.firmId, userId: firm.users.admin.id, folderId: fixture.templatesFolderId },
      { name: 'Form.pdf', content: PDF, contentType: 'application/pdf' },
    );
    const fake = await addDocument(
      fixture.context.database,
      fixture.documents.files,
      { firmId: firm.firmId, userId: firm.users.admin.id, folderId: fixture.templatesFolderId },
      { name: 'Renamed.docx', content: Buffer.from('not a zip at all') },
    );
    const [matterFolder] = await fixture.inFirm<{ id: string }>(
      sql`select id from document_folders where kind = 'matter' and matter_id = ${matter.id}`,
    );
    const elsewhere = await fixture.addTemplate('Not a template.docx', ['{client.name}'], matterFolder!.id);
    const before = await fixture.documentCount();
    for (const id of [pdf.id, fake.id, elsewhere.id]) {
      for (const isDryRun of [true, false]) {
        const response = await fixture.generate({ templateDocumentId: id, matterId: matter.id, isDryRun });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toBe(DOCUMENT_MESSAGES.notTemplate);
      }
    }
    expect(await fixture.documentCount()).toBe(before);
  });

  it('answers not found for another firm’s template or matter and for a deleted matter', async () => {
    const template = await fixture.addTemplate('Firm letter.docx', ['{client.name}']);
    const other = fixture.otherFirm;
    const otherFolder = await templatesFolderOf(fixture.context.database, other.firmId);
    const otherTemplate = await addDocument(
      fixture.context.database,
      fixture.documents.files,
      { firmId: other.firmId, userId: other.users.admin.id, folderId: otherFolder },
      { name: 'Theirs.docx', content: makeDocx(['{client.name}']) },
    );
    const deleted = fixture.references.matters.find((candidate) => candidate.id !== matter.id)!;
    await fixture.inFirm(sql`update matters set deleted_at = now() where id = ${deleted.id}`);
    const before = await fixture.documentCount();

    for (const body of [
      { templateDocumentId: otherTemplate.id, matterId: matter.id },
      { templateDocumentId: template.id, matterId: fixture.otherReferences.openMatter.id },
      { templateDocumentId: template.id, matterId: deleted.id },
    ]) {
      const response = await fixture.generate(body);
      expect(response.statusCode, response.body).toBe(404);
    }
    await fixture.inFirm(sql`update matters set deleted_at = null where id = ${deleted.id}`);
    expect(await fixture.documentCount()).toBe(before);
  });

  it('needs document.create and a template and matter to be chosen', async () => {
    const template = await fixture.addTemplate('Permission letter.docx', ['{client.name}']);
    const reader = await fixture.memberWith(['document']);
    expect((await fixture.generate({ templateDocumentId: template.id, matterId: matter.id }, reader)).statusCode).toBe(403);
    const writer = await fixture.memberWith(['document', 'document.create']);
    expect((await fixture.generate({ templateDocumentId: template.id, matterId: matter.id, isDryRun: true }, writer)).statusCode).toBe(200);
    const missing = await fixture.generate({ matterId: matter.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Choose a template');
  });
});
