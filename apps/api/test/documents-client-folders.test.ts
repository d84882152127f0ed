import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_BASE, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';

let fixture: DocumentFixture;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
});
afterAll(() => fixture.context.close());

type ClientFolder = { folderId: string; clientId: string; name: string; clientType: string; isArchived: boolean };
const clientFolders = async (token: string) => {
  const response = await fixture.call('GET', `${DOCUMENT_BASE}/get-client-folders`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ClientFolder[];
};

describe('get-client-folders: the documents page’s client picker', () => {
  it('lists every client’s folder to a member who may open documents but not the clients list', async () => {
    const reader = await fixture.memberWith(['document']);
    // The clients list's own lookup is not theirs: a picker built on it had nothing to offer.
    expect((await fixture.call('GET', '/api/admin/client-info/get-associated-client-users', reader)).statusCode).toBe(403);
    const folders = await clientFolders(reader);
    const { clientId } = fixture.references.openMatter;
    const client = folders.find((folder) => folder.clientId === clientId);
    const opened = await fixture.call('GET', `${DOCUMENT_BASE}/get-folder?ClientId=${clientId}`, reader);
    expect(client?.folderId).toBe(opened.json().data.folder.id);
    expect(client).toMatchObject({ name: opened.json().data.folder.name, isArchived: false });
    expect(new Set(folders.map((folder) => folder.clientType))).toEqual(new Set(['individual', 'company']));
    const names = folders.map((folder) => folder.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('keeps an archived client’s folder, marked, and leaves out a deleted client and another firm’s', async () => {
    const clientId = fixture.firm.otherClientId;
    await fixture.sqlRows(sql`update clients set status = 'archived' where id = ${clientId}`);
    expect((await clientFolders(fixture.tokens.admin)).find((folder) => folder.clientId === clientId)?.isArchived).toBe(true);
    await fixture.sqlRows(sql`update clients set status = 'active', deleted_at = now() where id = ${clientId}`);
    expect((await clientFolders(fixture.tokens.admin)).some((folder) => folder.clientId === clientId)).toBe(false);
    await fixture.sqlRows(sql`update clients set deleted_at = null where id = ${clientId}`);
    const theirs = await clientFolders(fixture.tokens.otherAdmin);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((folder) => folder.clientId === clientId)).toBe(false);
  });

  it('needs the documents permission', async () => {
    const outsider = await fixture.memberWith(['clientInfo']);
    expect((await fixture.call('GET', `${DOCUMENT_BASE}/get-client-folders`, outsider)).statusCode).toBe(403);
  });
});
