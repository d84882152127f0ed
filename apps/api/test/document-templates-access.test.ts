import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { setUpDocumentTemplateFixture, PDF, type DocumentTemplateFixture } from './support/document-template-fixture.ts';
import { addDocument, makeDocx, templatesFolderOf } from './support/docx-template.ts';
import { bearer, seedTestFirm, signIn } from './support/test-app.ts';

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

describe.skipIf(!process.env.TEST_DATABASE_URL)('the Templates folder made on first use (PostgreSQL)', () => {
  /** A firm that has never opened its documents or templates, and its admin's token. */
  const freshFirm = async () => {
    const firm = await seedTestFirm(fixture.context.database);
    return { firmId: firm.firmId, token: await signIn(fixture.context.app, firm.users.admin.email) };
  };
  const openTopLevel = (token: string) =>
    fixture.context.app.inject({ method: 'GET', url: '/api/admin/document/get-folder', headers: bearer(token) });
  const templatesFolders = (firmId: string) =>
    fixture.inFirm<{ id: string }>(sql`select id from document_folders where kind = 'templates'`, firmId);

  it('is there for the very next request, even when the commit that makes it is slow', async () => {
    // Every commit that makes a Templates folder takes a third of a second: an answer sent before its
    // commit landed would name a folder the next request (another connection) cannot find yet.
    const owner = fixture.context.database.db;
    await owner.execute(sql`create function slow_templates_commit() returns trigger language plpgsql
      as $$ begin perform pg_sleep(0.3); return null; end $$`);
    await owner.execute(sql`create constraint trigger slow_templates_commit after insert on document_folders
      deferrable initially deferred for each row when (new.kind = 'templates') execute function slow_templates_commit()`);
    try {
      const browsing = await freshFirm();
      const top = await openTopLevel(browsing.token);
      expect(top.statusCode, top.body).toBe(200);
      const shown = top.json().data.subfolders.find((folder: { kind: string }) => folder.kind === 'templates');
      expect(await templatesFolders(browsing.firmId)).toEqual([{ id: shown.id }]);
      const opened = await fixture.context.app.inject({
        method: 'GET',
        url: `/api/admin/document/get-folder?FolderId=${shown.id}`,
        headers: bearer(browsing.token),
      });
      expect(opened.statusCode, opened.body).toBe(200);

      const templating = await freshFirm();
      expect((await fixture.listTemplates(templating.token)).statusCode).toBe(200);
      expect(await templatesFolders(templating.firmId)).toHaveLength(1);
    } finally {
      await owner.execute(sql`drop trigger slow_templates_commit on document_folders`);
      await owner.execute(sql`drop function slow_templates_commit()`);
    }
  });

  it('is made once when a member opens documents and templates at the same moment', async () => {
    const { firmId, token } = await freshFirm();
    const answers = await Promise.all([
      openTopLevel(token),
      fixture.listTemplates(token),
      openTopLevel(token),
      fixture.listTemplates(token),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const folders = await templatesFolders(firmId);
    expect(folders).toHaveLength(1);
    for (const top of [answers[0]!, answers[2]!]) {
      const shown = top.json().data.subfolders.filter((folder: { kind: string }) => folder.kind === 'templates');
      expect(shown.map((folder: { id: string }) => folder.id)).toEqual([folders[0]!.id]);
    }
  });
});
