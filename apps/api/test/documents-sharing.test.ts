import { sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { DOCUMENT_BASE, PNG, pdf, setUpDocumentFixture, sha256, type DocumentFixture } from './support/document-fixture.ts';
import { bearer, signInToPortal } from './support/test-app.ts';

let fixture: DocumentFixture;
let clientMatterFolder: string;
let clientMatterId: string;
let portalToken: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  const matter = fixture.references.matters.find((candidate) => candidate.clientId === fixture.firm.portalClient.clientId)!;
  clientMatterId = matter.id;
  clientMatterFolder = await fixture.matterFolderId(matter.id);
  portalToken = (await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email)).token;
});
afterAll(() => fixture.context.close());

const share = (action: 'share' | 'unshare', itemType: 'document' | 'folder', id: string) =>
  fixture.call('POST', `${DOCUMENT_BASE}/${action}/${id}`, fixture.tokens.admin, { itemType });
const portalList = async () =>
  (await fixture.context.app.inject({ method: 'GET', url: '/api/client-portal/get-documents', headers: bearer(portalToken) })).json().data;
const portalDownload = (id: string, inline = false) =>
  fixture.context.app.inject({
    method: 'GET',
    url: `/api/client-portal/download-document/${id}?inline=${inline}`,
    headers: bearer(portalToken),
  });

describe('sharing with the client and the portal', () => {
  it('shows the client only what is shared, directly or through a folder (including what is added later)', async () => {
    const direct = await fixture.uploadPdf(clientMatterFolder, 'Engagement letter.pdf');
    const unshared = await fixture.uploadPdf(clientMatterFolder, 'Internal memo.pdf');
    const shared = await share('share', 'document', direct.id);
    expect(shared.json().data).toMatchObject({ isSharedWithClient: true, isSharedThroughFolder: false });
    expect((await portalList()).data.map((doc: { id: string }) => doc.id)).toEqual([direct.id]);
    expect((await portalDownload(unshared.id)).statusCode).toBe(404);

    const folder = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, {
        parentFolderId: clientMatterFolder,
        name: 'For the client',
      })
    ).json().data;
    const sub = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, {
        parentFolderId: folder.id,
        name: 'Court papers',
      })
    ).json().data;
    expect((await share('share', 'folder', folder.id)).statusCode).toBe(200);
    const later = await fixture.uploadPdf(sub.id, 'Hearing notice.pdf');
    const view = (await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${later.id}`, fixture.tokens.admin)).json().data;
    expect(view).toMatchObject({ isSharedWithClient: false, isSharedThroughFolder: true });
    expect((await portalList()).data.map((doc: { id: string }) => doc.id).sort()).toEqual([direct.id, later.id].sort());
    await share('unshare', 'folder', folder.id);
    expect((await portalList()).totalCount).toBe(1);
  });

  it('records the client’s views and downloads, and serves only scanned, live documents', async () => {
    const { id, content } = await fixture.uploadPdf(clientMatterFolder, 'Judgment.pdf');
    await share('share', 'document', id);
    const viewed = await portalDownload(id, true);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-disposition']).toMatch(/^inline;/);
    expect(sha256(viewed.rawPayload)).toBe(sha256(content));
    await portalDownload(id);
    const accesses = (await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${id}`, fixture.tokens.admin)).json().data.clientAccesses;
    expect(accesses.map((access: { action: string }) => access.action).sort()).toEqual(['downloaded', 'viewed']);
    expect(accesses[0].portalEmail).toBe(fixture.firm.portalClient.email);
    // The seeded portal account is the client's own (no contact): it is named by the client.
    const [client] = await fixture.sqlRows<{ name: string }>(
      sql`select display_name as name from clients where id = ${fixture.firm.portalClient.clientId}`,
    );
    expect(accesses[0].portalName).toBe(client!.name);
    await fixture.sqlRows(sql`update document_versions set scan_status = 'quarantined' where document_id = ${id}`);
    expect((await portalDownload(id)).statusCode).toBe(404);
    await fixture.sqlRows(sql`update document_versions set scan_status = 'available' where document_id = ${id}`);
    await fixture.call('DELETE', `${DOCUMENT_BASE}/delete-document/${id}`, fixture.tokens.admin);
    expect((await portalDownload(id)).statusCode).toBe(404);
  });

  it('refuses to share what is not in a client’s folder', async () => {
    const top = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, { parentFolderId: null, name: 'Library' })
    ).json().data;
    const doc = (await fixture.upload(top.id, { fileName: 'library.png', content: PNG })).json().data;
    const refused = await share('share', 'document', doc.id);
    expect([refused.statusCode, refused.json().message]).toEqual([400, DOCUMENT_MESSAGES.notShareable]);
    expect((await share('share', 'folder', top.id)).statusCode).toBe(400);
  });

  it('files the client’s upload in the matter’s From client folder, visible to them, and refuses another client’s matter', async () => {
    const content = await pdf('Bank statement', 'Opening balance');
    const upload = await fixture.send(
      '/api/client-portal/upload-document',
      { MatterId: clientMatterId },
      { fileName: 'statement.pdf', content },
      portalToken,
    );
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.id;
    const view = (await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${id}`, fixture.tokens.admin)).json().data;
    expect(view.path.at(-1).kind).toBe('from-client');
    expect(view.versions[0]).toMatchObject({ isUploadedByClient: true, uploadedByName: expect.stringContaining('Kemi') });
    expect((await portalList()).data.find((doc: { id: string }) => doc.id === id)).toMatchObject({ isUploadedByClient: true });
    const again = await fixture.send(
      '/api/client-portal/upload-document',
      { MatterId: clientMatterId },
      { fileName: 'statement.pdf', content },
      portalToken,
    );
    expect(again.json().data.name).toBe('statement (2).pdf');
    const otherMatter = fixture.references.matters.find((matter) => matter.clientId !== fixture.firm.portalClient.clientId)!;
    const refused = await fixture.send(
      '/api/client-portal/upload-document',
      { MatterId: otherMatter.id },
      { fileName: 'x.pdf', content },
      portalToken,
    );
    expect(refused.statusCode).toBe(404);
  });
});

describe('search and folder zips', () => {
  it('finds documents by name and by the text inside, with a marked snippet, never deleted ones', async () => {
    const byName = await fixture.uploadPdf(clientMatterFolder, 'Tenancy renewal.pdf');
    const byText = await fixture.uploadPdf(clientMatterFolder, 'Scan 0042.pdf');
    await fixture.sqlRows(
      sql`update documents set content_text = 'The landlord agrees to a tenancy renewal for five years' where id = ${byText.id}`,
    );
    const search = async (text: string, extra = '') =>
      (
        await fixture.call(
          'GET',
          `${DOCUMENT_BASE}/search-documents?GeneralSearchText=${encodeURIComponent(text)}${extra}`,
          fixture.tokens.admin,
        )
      ).json();
    const hits = (await search('tenancy renewal')).data.data;
    const nameHit = hits.find((hit: { id: string }) => hit.id === byName.id);
    const textHit = hits.find((hit: { id: string }) => hit.id === byText.id);
    expect(nameHit.snippet).toBeNull();
    expect(nameHit.folderPath).toMatch(/ › /);
    expect(
      textHit.snippet.filter((part: { isMatch: boolean }) => part.isMatch).map((part: { text: string }) => part.text.toLowerCase()),
    ).toEqual(expect.arrayContaining(['tenancy', 'renewal']));
    expect((await search('landlord', `&MatterId=${clientMatterId}`)).data.data.map((hit: { id: string }) => hit.id)).toEqual([byText.id]);
    expect(
      (
        await search(
          'landlord',
          `&MatterId=${fixture.references.openMatter.id === clientMatterId ? fixture.references.closedMatter.id : fixture.references.openMatter.id}`,
        )
      ).data.totalCount,
    ).toBe(0);
    expect((await search('x')).message).toMatch(/at least 2 characters/);
    await fixture.call('DELETE', `${DOCUMENT_BASE}/delete-document/${byText.id}`, fixture.tokens.admin);
    expect((await search('landlord')).data.totalCount).toBe(0);
    const other = await fixture.call('GET', `${DOCUMENT_BASE}/search-documents?GeneralSearchText=tenancy`, fixture.tokens.otherAdmin);
    expect(other.json().data.totalCount).toBe(0);
  });

  it('zips a folder’s current scanned documents with subfolders as paths and their total size', async () => {
    const root = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, {
        parentFolderId: clientMatterFolder,
        name: 'Trial bundle',
      })
    ).json().data;
    const sub = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, { parentFolderId: root.id, name: 'Exhibits' })
    ).json().data;
    const top = await fixture.uploadPdf(root.id, 'Index.pdf');
    const inner = await fixture.uploadPdf(sub.id, 'Exhibit A.pdf');
    const quarantined = await fixture.uploadPdf(sub.id, 'Bad.pdf');
    await fixture.sqlRows(sql`update document_versions set scan_status = 'quarantined' where document_id = ${quarantined.id}`);
    const response = await fixture.call('GET', `${DOCUMENT_BASE}/download-folder-zip/${root.id}`, fixture.tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Trial bundle.zip"/);
    expect(response.headers['x-content-bytes']).toBe(String(top.content.length + inner.content.length));
    const zip = new PizZip(response.rawPayload);
    expect(
      Object.keys(zip.files)
        .filter((name) => !zip.files[name]!.dir)
        .sort(),
    ).toEqual(['Exhibits/Exhibit A.pdf', 'Index.pdf']);
    expect(sha256(Buffer.from(zip.file('Exhibits/Exhibit A.pdf')!.asUint8Array()))).toBe(sha256(inner.content));
  });

  it('writes a document renamed against its content with its content’s ending: a PDF renamed "x.html" unzips as "x.html.pdf"', async () => {
    const root = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, {
        parentFolderId: clientMatterFolder,
        name: 'Renamed',
      })
    ).json().data;
    const document = await fixture.uploadPdf(root.id, 'Statement.pdf');
    const renamed = await fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${document.id}`, fixture.tokens.admin, { name: 'x.html' });
    expect(renamed.statusCode).toBe(200);
    const kept = await fixture.uploadPdf(root.id, 'Brief.PDF');
    expect(kept.id).toBeTruthy();
    const response = await fixture.call('GET', `${DOCUMENT_BASE}/download-folder-zip/${root.id}`, fixture.tokens.admin);
    const zip = new PizZip(response.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['Brief.PDF', 'x.html.pdf']);
  });

  it('never lets a name climb out of the folder the zip is unpacked in: "." and ".." are refused as folder names and written as underscores', async () => {
    const root = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, { parentFolderId: null, name: 'Bundle' })
    ).json().data;
    for (const name of ['..', '.', ' .. ']) {
      const refused = await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, { parentFolderId: root.id, name });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('Folder name cannot be . or ..');
    }
    const renamed = await fixture.call('PUT', `${DOCUMENT_BASE}/rename-folder/${root.id}`, fixture.tokens.admin, { name: '..' });
    expect(renamed.statusCode).toBe(400);
    // Names kept from before they were checked.
    const sub = (
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, fixture.tokens.admin, { parentFolderId: root.id, name: 'Old' })
    ).json().data;
    const document = await fixture.uploadPdf(sub.id, 'Kept.pdf');
    await fixture.sqlRows(sql`update document_folders set name = '..' where id = ${sub.id}`);
    await fixture.sqlRows(sql`update documents set name = '.' where id = ${document.id}`);
    const response = await fixture.call('GET', `${DOCUMENT_BASE}/download-folder-zip/${root.id}`, fixture.tokens.admin);
    expect(response.statusCode).toBe(200);
    const zip = new PizZip(response.rawPayload);
    // The document named "." ends as its PDF does: a plain file name, inside the renamed folder.
    expect(Object.keys(zip.files).filter((name) => !zip.files[name]!.dir)).toEqual(['__/..pdf']);
  });
});
