import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { DOCUMENT_BASE, PNG, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';

let fixture: DocumentFixture;
let matterFolderId: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  matterFolderId = await fixture.matterFolderId();
});
afterAll(() => fixture.context.close());

const admin = () => fixture.tokens.admin;
const createFolder = (name: string, parentFolderId: string | null = null) =>
  fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, admin(), { parentFolderId, name });
const folder = (query: string) => fixture.call('GET', `${DOCUMENT_BASE}/get-folder${query}`, admin());
const move = (itemType: 'document' | 'folder', id: string, toFolderId: string) =>
  fixture.call('POST', `${DOCUMENT_BASE}/move`, admin(), { itemType, id, toFolderId });

describe('folders', () => {
  it('answers the top level with the firm-wide folders and one Templates folder', async () => {
    const created = await createFolder('Precedents');
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ kind: 'firm', parentFolderId: null, clientId: null });
    await folder('');
    const top = await folder('');
    expect(top.statusCode).toBe(200);
    const kinds = top.json().data.subfolders.map((sub: { kind: string; name: string }) => `${sub.kind}:${sub.name}`);
    expect(kinds).toEqual(expect.arrayContaining(['firm:Precedents', 'templates:Templates']));
    expect(kinds.filter((kind: string) => kind.startsWith('templates'))).toHaveLength(1);
    expect(top.json().data.folder).toBeNull();
  });

  it('finds a client’s and a matter’s folder, with the From client folder and the path', async () => {
    const matter = fixture.references.openMatter;
    const byMatter = (await folder(`?matterid=${matter.id}`)).json().data;
    expect(byMatter.folder).toMatchObject({ kind: 'matter', matterId: matter.id, clientId: matter.clientId });
    expect(byMatter.subfolders.map((sub: { kind: string }) => sub.kind)).toContain('from-client');
    expect(byMatter.path.map((step: { kind: string }) => step.kind)).toEqual(['client', 'matter']);
    const byClient = (await folder(`?ClientId=${matter.clientId}`)).json().data;
    expect(byClient.folder.kind).toBe('client');
    expect(byClient.subfolders.some((sub: { id: string }) => sub.id === matterFolderId)).toBe(true);
  });

  it('treats a deleted client’s folders as not found', async () => {
    const clientId = fixture.firm.otherClientId;
    const clientFolder = (await folder(`?ClientId=${clientId}`)).json().data.folder.id;
    await fixture.sqlRows(sql`update clients set deleted_at = now() where id = ${clientId}`);
    expect((await folder(`?ClientId=${clientId}`)).statusCode).toBe(404);
    expect((await folder(`?FolderId=${clientFolder}`)).statusCode).toBe(404);
    await fixture.sqlRows(sql`update clients set deleted_at = null where id = ${clientId}`);
  });

  it('pages, sorts and narrows a folder’s documents', async () => {
    const sub = (await createFolder('Correspondence', matterFolderId)).json().data;
    expect(sub).toMatchObject({ kind: 'folder', matterId: fixture.references.openMatter.id });
    for (const name of ['b-letter.png', 'a-letter.png', 'c-memo.png'])
      await fixture.upload(sub.id, { fileName: name, content: PNG }, { category: name.includes('memo') ? 'Memo' : 'Letter' });
    const page = (await folder(`?FolderId=${sub.id}&size=2&sortColumn=name&sortType=desc`)).json().data.documents;
    expect(page.totalCount).toBe(3);
    expect(page.data.map((doc: { name: string }) => doc.name)).toEqual(['c-memo.png', 'b-letter.png']);
    const letters = (await folder(`?FolderId=${sub.id}&GeneralSearchText=letter`)).json().data.documents;
    expect(letters.totalCount).toBe(2);
    expect((await folder(`?FolderId=${sub.id}&Category=memo`)).json().data.documents.totalCount).toBe(1);
    expect((await folder(`?FolderId=${sub.id}&ScanStatus=scanning`)).json().data.documents.totalCount).toBe(0);
  });

  it('counts a large folder up to 1,000 (isTotalCountCapped past it), exactly below it', async () => {
    const large = (await createFolder('Disclosure bundle', matterFolderId)).json().data;
    const first = (await fixture.upload(large.id, { fileName: 'exhibit-0000.png', content: PNG })).json().data;
    // 1,004 more, copied from the first in SQL: uploading them would take the test minutes.
    await fixture.sqlRows(sql`insert into documents (firm_id, folder_id, client_id, matter_id, name, category, search_name,
        current_version_number, created_by_user_id)
      select d.firm_id, d.folder_id, d.client_id, d.matter_id, 'exhibit-' || lpad(n::text, 4, '0') || '.png', d.category,
        'exhibit-' || lpad(n::text, 4, '0') || '.png', d.current_version_number, d.created_by_user_id
      from documents d cross join generate_series(1, 1004) n where d.id = ${first.id}`);
    await fixture.sqlRows(sql`insert into document_versions (firm_id, document_id, version_number, storage_key, file_name, content_type,
        size_bytes, sha256, uploaded_by_user_id, scan_status)
      select d.firm_id, d.id, 1, v.storage_key || '-copy-' || d.id, d.name, v.content_type, v.size_bytes, v.sha256, v.uploaded_by_user_id, v.scan_status
      from documents d join document_versions v on v.document_id = ${first.id}
      where d.folder_id = ${large.id} and d.id <> ${first.id}`);
    const capped = (await folder(`?FolderId=${large.id}&size=20&sortColumn=name&sortType=asc`)).json().data.documents;
    expect(capped).toMatchObject({ totalCount: 1000, isTotalCountCapped: true });
    expect(capped.data[0].name).toBe('exhibit-0000.png');
    const last = (await folder(`?FolderId=${large.id}&size=20&page=51&sortColumn=name&sortType=asc`)).json().data.documents;
    expect(last.data.map((doc: { name: string }) => doc.name)).toEqual([
      'exhibit-1000.png',
      'exhibit-1001.png',
      'exhibit-1002.png',
      'exhibit-1003.png',
      'exhibit-1004.png',
    ]);
    expect(last).toMatchObject({ totalCount: 1000, isTotalCountCapped: true });
    const narrowed = (await folder(`?FolderId=${large.id}&GeneralSearchText=exhibit-09`)).json().data.documents;
    expect(narrowed).toMatchObject({ totalCount: 100, isTotalCountCapped: false });
  });

  it('refuses a duplicate name (409), renaming or deleting a system folder (400)', async () => {
    const duplicate = await createFolder('precedents');
    expect([duplicate.statusCode, duplicate.json().message]).toEqual([409, DOCUMENT_MESSAGES.folderNameTaken('precedents')]);
    const rename = await fixture.call('PUT', `${DOCUMENT_BASE}/rename-folder/${matterFolderId}`, admin(), { name: 'Mine' });
    expect([rename.statusCode, rename.json().message]).toEqual([400, DOCUMENT_MESSAGES.systemFolder]);
    expect((await fixture.call('DELETE', `${DOCUMENT_BASE}/delete-folder/${matterFolderId}`, admin())).statusCode).toBe(400);
    const free = (await createFolder('Drafts')).json().data;
    const renamed = await fixture.call('PUT', `${DOCUMENT_BASE}/rename-folder/${free.id}`, admin(), { name: 'Working drafts' });
    expect(renamed.json().data.name).toBe('Working drafts');
  });

  it('deletes a folder with its contents to the recycle bin, refuses changes inside it, and restores it', async () => {
    const binned = (await createFolder('Old files', matterFolderId)).json().data;
    const inside = (await fixture.upload(binned.id, { fileName: 'old.png', content: PNG })).json().data;
    expect((await fixture.call('DELETE', `${DOCUMENT_BASE}/delete-folder/${binned.id}`, admin())).statusCode).toBe(200);
    const hidden = (await folder(`?FolderId=${matterFolderId}`)).json().data.subfolders;
    expect(hidden.some((sub: { id: string }) => sub.id === binned.id)).toBe(false);
    const refused = await fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${inside.id}`, admin(), { name: 'new.png' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, DOCUMENT_MESSAGES.inRecycleBin]);
    expect((await fixture.upload(binned.id, { fileName: 'more.png', content: PNG })).statusCode).toBe(409);
    // Only the binned folder and what is beneath it: a folder beside it takes uploads and subfolders as before.
    const beside = (await createFolder('Current files', matterFolderId)).json().data;
    expect((await folder(`?FolderId=${beside.id}`)).statusCode).toBe(200);
    expect((await fixture.upload(beside.id, { fileName: 'new.png', content: PNG })).statusCode).toBe(201);
    expect((await createFolder('Drafts', beside.id)).statusCode).toBe(201);
    const search = await fixture.call('GET', `${DOCUMENT_BASE}/search-documents?GeneralSearchText=old.png`, admin());
    expect(search.json().data.totalCount).toBe(0);
    const bin = (await fixture.call('GET', `${DOCUMENT_BASE}/get-recycle-bin`, admin())).json().data;
    expect(bin.data[0]).toMatchObject({ itemType: 'folder', id: binned.id, deletedByName: 'Ada Okafor' });
    // The bin shows where the folder was: its parent's path.
    const parentPath = (await folder(`?FolderId=${matterFolderId}`))
      .json()
      .data.path.map((step: { name: string }) => step.name)
      .join(' › ');
    expect(bin.data[0].folderPath).toBe(parentPath);
    expect((await fixture.call('POST', `${DOCUMENT_BASE}/restore-folder/${binned.id}`, admin())).statusCode).toBe(200);
    const found = await fixture.call('GET', `${DOCUMENT_BASE}/search-documents?GeneralSearchText=old.png`, admin());
    expect(found.json().data.data.map((hit: { id: string }) => hit.id)).toEqual([inside.id]);
    expect((await fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${inside.id}`, admin(), { name: 'new.png' })).statusCode).toBe(200);
  });

  it('deletes and restores a document, refusing the restore when its name was taken meanwhile', async () => {
    const first = (await fixture.upload(matterFolderId, { fileName: 'twice.png', content: PNG })).json().data;
    expect((await fixture.call('DELETE', `${DOCUMENT_BASE}/delete-document/${first.id}`, admin())).statusCode).toBe(200);
    expect((await fixture.call('POST', `${DOCUMENT_BASE}/check-out/${first.id}`, admin(), {})).statusCode).toBe(409);
    const bin = (await fixture.call('GET', `${DOCUMENT_BASE}/get-recycle-bin?size=1`, admin())).json().data;
    expect(bin.data[0]).toMatchObject({ itemType: 'document', id: first.id });
    await fixture.upload(matterFolderId, { fileName: 'twice.png', content: PNG });
    expect((await fixture.call('POST', `${DOCUMENT_BASE}/restore-document/${first.id}`, admin())).statusCode).toBe(409);
    const doc2 = (await fixture.upload(matterFolderId, { fileName: 'once.png', content: PNG })).json().data;
    await fixture.call('DELETE', `${DOCUMENT_BASE}/delete-document/${doc2.id}`, admin());
    const restored = await fixture.call('POST', `${DOCUMENT_BASE}/restore-document/${doc2.id}`, admin());
    expect([restored.statusCode, restored.json().data.deletedAt]).toEqual([200, null]);
  });

  it('moves documents and folders, re-deriving client and matter, refusing loops and name clashes', async () => {
    const [, second] = fixture.references.matters.filter((matter) => matter.clientId !== fixture.references.openMatter.clientId);
    const otherMatterFolder = await fixture.matterFolderId(second!.id);
    const parent = (await createFolder('Bundle', matterFolderId)).json().data;
    const child = (await createFolder('Exhibits', parent.id)).json().data;
    const doc = (await fixture.upload(child.id, { fileName: 'exhibit-a.png', content: PNG })).json().data;
    await fixture.call('POST', `${DOCUMENT_BASE}/share/${doc.id}`, admin(), { itemType: 'document' });
    const loop = await move('folder', parent.id, child.id);
    expect([loop.statusCode, loop.json().message]).toEqual([400, DOCUMENT_MESSAGES.moveIntoItself]);
    expect((await move('folder', parent.id, parent.id)).statusCode).toBe(400);
    expect((await move('folder', matterFolderId, otherMatterFolder)).statusCode).toBe(400);
    expect((await move('folder', parent.id, otherMatterFolder)).statusCode).toBe(200);
    const [moved] = await fixture.sqlRows<{ client_id: string; matter_id: string; is_shared_with_client: boolean }>(
      sql`select client_id, matter_id, is_shared_with_client from documents where id = ${doc.id}`,
    );
    expect(moved).toEqual({ client_id: second!.clientId, matter_id: second!.id, is_shared_with_client: false });
    await fixture.upload(matterFolderId, { fileName: 'exhibit-a.png', content: PNG });
    const clash = await move('document', doc.id, matterFolderId);
    expect(clash.statusCode).toBe(409);
    const top = (await createFolder('Firm library')).json().data;
    expect((await move('document', doc.id, top.id)).statusCode).toBe(200);
    const view = (await fixture.call('GET', `${DOCUMENT_BASE}/get-document/${doc.id}`, admin())).json().data;
    expect(view).toMatchObject({ folderId: top.id, clientId: null, matterId: null });
  });
});
