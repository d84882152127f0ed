import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { DOCUMENT_BASE, ELF, PNG, pdf, setUpDocumentFixture, sha256, type DocumentFixture } from './support/document-fixture.ts';

let fixture: DocumentFixture;
let folderId: string;

/** Every file in the local store, however nested. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(join(fixture.context.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  folderId = await fixture.matterFolderId();
});
afterAll(() => fixture.context.close());

describe('upload-document and download-document', () => {
  it('files a PDF as version 1 with its hash, size, details and search name, and downloads the same bytes', async () => {
    const content = await pdf('Lease agreement', 'The tenant shall pay rent quarterly in advance.');
    const response = await fixture.upload(
      folderId,
      { fileName: 'Lease agreement.pdf', content },
      { category: 'Contract', description: 'Signed lease', tags: 'lease, signed' },
    );
    expect(response.statusCode).toBe(201);
    const view = response.json().data;
    expect(view).toMatchObject({
      name: 'Lease agreement.pdf',
      folderId,
      matterId: fixture.references.openMatter.id,
      clientId: fixture.references.openMatter.clientId,
      category: 'Contract',
      tags: ['lease', 'signed'],
      currentVersionNumber: 1,
      contentType: 'application/pdf',
      sizeBytes: content.length,
      sha256: sha256(content),
      scanStatus: 'available',
      checkout: null,
    });
    expect(view.versions).toHaveLength(1);
    expect(view.path.at(-1).id).toBe(folderId);
    const [row] = await fixture.sqlRows<{ search_name: string }>(sql`select search_name from documents where id = ${view.id}`);
    expect(row!.search_name).toBe('lease agreement.pdf lease signed signed lease');

    const download = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${view.id}`, fixture.tokens.admin);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(view.sha256);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(content.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Lease agreement.pdf"/);
    const inline = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${view.id}?inline=true`, fixture.tokens.admin);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('refuses a program, or plain text named as a PDF, by its content (415) and a taken name (409), leaving nothing behind', async () => {
    const before = { counts: await fixture.counts(), files: (await storedFiles()).length };
    const program = await fixture.upload(folderId, { fileName: 'invoice.pdf', content: ELF });
    expect(program.statusCode).toBe(415);
    const text = await fixture.upload(folderId, { fileName: 'notes.pdf', content: Buffer.from('plain words, not a document') });
    expect(text.statusCode).toBe(415);
    const taken = await fixture.upload(folderId, { fileName: 'LEASE AGREEMENT.pdf', content: await pdf('Again') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(DOCUMENT_MESSAGES.nameTaken('LEASE AGREEMENT.pdf'));
    expect({ counts: await fixture.counts(), files: (await storedFiles()).length }).toEqual(before);
  });

  it('needs a folder of the firm and document.create', async () => {
    expect((await fixture.upload(fixture.references.openMatter.id, { fileName: 'a.png', content: PNG })).statusCode).toBe(404);
    const reader = await fixture.memberWith(['document']);
    expect((await fixture.upload(folderId, { fileName: 'a.png', content: PNG }, {}, reader)).statusCode).toBe(403);
    const otherFolder = await fixture.upload(folderId, { fileName: 'b.png', content: PNG }, {}, fixture.tokens.otherAdmin);
    expect(otherFolder.statusCode).toBe(404);
    const missingFolder = await fixture.send(`${DOCUMENT_BASE}/upload-document`, {}, { fileName: 'c.png', content: PNG });
    expect(missingFolder.statusCode).toBe(400);
  });

  it('appends versions, downloads any by number, and 404s an unknown one', async () => {
    const { id, content: first } = await fixture.uploadPdf(folderId, 'Witness statement.pdf', 'Witness statement', 'First draft');
    const second = await pdf('Witness statement', 'Second draft with the exhibits');
    const response = await fixture.send(
      `${DOCUMENT_BASE}/upload-new-version/${id}`,
      { note: 'exhibits added' },
      { fileName: 'statement-v2.pdf', content: second },
    );
    expect(response.statusCode).toBe(201);
    const view = response.json().data;
    expect(view.currentVersionNumber).toBe(2);
    expect(view.versions.map((version: { versionNumber: number }) => version.versionNumber)).toEqual([2, 1]);
    expect(view.versions[0]).toMatchObject({ note: 'exhibits added', fileName: 'statement-v2.pdf', sha256: sha256(second) });
    const old = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}?Version=1`, fixture.tokens.admin);
    expect(sha256(old.rawPayload)).toBe(sha256(first));
    expect((await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}?Version=9`, fixture.tokens.admin)).statusCode).toBe(404);
  });

  it('keeps versions as filed: the database refuses to overwrite a file or delete a version', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Kept.pdf');
    await expect(fixture.sqlRows(sql`update document_versions set storage_key = 'elsewhere' where document_id = ${id}`)).rejects.toThrow();
    await expect(fixture.sqlRows(sql`delete from document_versions where document_id = ${id}`)).rejects.toThrow();
    const [row] = await fixture.sqlRows<{ count: number }>(
      sql`select count(*)::int as count from document_versions where document_id = ${id}`,
    );
    expect(row!.count).toBe(1);
  });

  it('never hands out a version being scanned or quarantined, and never restores a quarantined one', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Suspicious.pdf');
    await fixture.sqlRows(sql`update document_versions set scan_status = 'scanning' where document_id = ${id}`);
    const scanning = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}`, fixture.tokens.admin);
    expect([scanning.statusCode, scanning.json().message]).toEqual([409, DOCUMENT_MESSAGES.scanning]);
    await fixture.sqlRows(sql`update document_versions set scan_status = 'quarantined' where document_id = ${id}`);
    const quarantined = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}?inline=true`, fixture.tokens.admin);
    expect([quarantined.statusCode, quarantined.json().message]).toEqual([409, DOCUMENT_MESSAGES.quarantined]);
    await fixture.send(`${DOCUMENT_BASE}/upload-new-version/${id}`, {}, { fileName: 'clean.png', content: PNG });
    const restore = await fixture.call('POST', `${DOCUMENT_BASE}/restore-version/${id}`, fixture.tokens.admin, { versionNumber: 1 });
    expect([restore.statusCode, restore.json().message]).toEqual([409, DOCUMENT_MESSAGES.quarantined]);
  });

  it('restores an old version as the newest, with its own copy of the bytes and its extracted text', async () => {
    const { id, content } = await fixture.uploadPdf(folderId, 'Deed.pdf', 'Deed of assignment');
    await fixture.sqlRows(
      sql`update document_versions set text_status = 'extracted', extracted_text = 'deed of assignment' where document_id = ${id}`,
    );
    await fixture.send(`${DOCUMENT_BASE}/upload-new-version/${id}`, {}, { fileName: 'deed.png', content: PNG });
    const response = await fixture.call('POST', `${DOCUMENT_BASE}/restore-version/${id}`, fixture.tokens.admin, { versionNumber: 1 });
    expect(response.statusCode).toBe(201);
    const view = response.json().data;
    expect(view.versions[0]).toMatchObject({
      versionNumber: 3,
      restoredFromVersion: 1,
      sha256: sha256(content),
      scanStatus: 'available',
      textStatus: 'extracted',
    });
    const keys = await fixture.sqlRows<{ storage_key: string }>(
      sql`select storage_key from document_versions where document_id = ${id} order by version_number`,
    );
    expect(new Set(keys.map((key) => key.storage_key)).size).toBe(3);
    const [document] = await fixture.sqlRows<{ content_text: string }>(sql`select content_text from documents where id = ${id}`);
    expect(document!.content_text).toBe('deed of assignment');
    const download = await fixture.call('GET', `${DOCUMENT_BASE}/download-document/${id}`, fixture.tokens.admin);
    expect(sha256(download.rawPayload)).toBe(sha256(content));
  });

  it('updates the name and details, keeping search_name in step, and refuses a taken name', async () => {
    const { id } = await fixture.uploadPdf(folderId, 'Draft.pdf');
    const response = await fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${id}`, fixture.tokens.admin, {
      name: 'Final opinion.pdf',
      category: 'Opinion',
      description: 'Counsel opinion',
      tags: ['Opinion'],
    });
    expect(response.statusCode).toBe(200);
    const [row] = await fixture.sqlRows<{ search_name: string }>(sql`select search_name from documents where id = ${id}`);
    expect(row!.search_name).toBe('final opinion.pdf opinion counsel opinion');
    const taken = await fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${id}`, fixture.tokens.admin, { name: 'Kept.pdf' });
    expect(taken.statusCode).toBe(409);
  });
});

describe('the size limit', () => {
  it('refuses a file over DOCUMENT_MAX_BYTES with 413 and keeps nothing', async () => {
    const { createTestApp, seedTestFirm, signIn } = await import('./support/test-app.ts');
    const small = await createTestApp({ documents: { maxUploadBytes: 1024, clamdUrl: null, isOcrEnabled: false } });
    try {
      const firm = await seedTestFirm(small.database);
      const token = await signIn(small.app, firm.users.admin.email);
      const folder = await small.app.inject({
        method: 'GET',
        url: `${DOCUMENT_BASE}/get-folder?MatterId=${firm.matterIds[0]}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const { multipart } = await import('./support/document-fixture.ts');
      const body = multipart(
        { FolderId: folder.json().data.folder.id },
        { fileName: 'big.pdf', content: await pdf('Big', 'x'.repeat(4000)) },
      );
      const response = await small.app.inject({
        method: 'POST',
        url: `${DOCUMENT_BASE}/upload-document`,
        payload: body.payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      });
      expect(response.statusCode).toBe(413);
      const settings = await small.app.inject({
        method: 'GET',
        url: `${DOCUMENT_BASE}/get-document-settings`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(settings.json().data).toEqual({
        maxUploadBytes: 1024,
        isScanningEnabled: false,
        isTextExtractionEnabled: false,
        isOcrEnabled: false,
        isDirectUploadEnabled: false,
      });
      const rows = await small.database.withFirm(firm.firmId, (tx) => tx.execute(sql`select count(*)::int as count from documents`));
      expect((rows as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(0);
      const files = await readdir(join(small.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
      expect(files.filter((entry) => entry.isFile())).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});

describe('an Idempotency-Key on an upload', () => {
  it('files the document once and replays the first answer', async () => {
    const content = await pdf('Retainer', 'Retainer terms');
    const headers = { 'idempotency-key': `upload-${Date.now()}` };
    const send = () =>
      fixture.send(
        `${DOCUMENT_BASE}/upload-document`,
        { FolderId: folderId },
        { fileName: 'Retainer.pdf', content },
        fixture.tokens.admin,
        headers,
      );
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
  });
});
