import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharactersMessage } from '@matterhorn/shared';
import { DOCUMENT_BASE, PNG, setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';
import { rowsOf, TEST_PASSWORD } from './support/test-app.ts';

/**
 * A name holding a line break or a direction override (after U+202E, "fdp.exe" reads as "exe.pdf")
 * is refused at the edge with the field's message, and nothing is written.
 */
let fixture: DocumentFixture;
let matterFolderId: string;

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  matterFolderId = await fixture.matterFolderId();
});
afterAll(() => fixture.context.close());

const RLO = '\u202E';
const UNSAFE_NAMES = [`Pleadings\r\nDrafts`, `Pleadings${RLO}stfarD`];
const admin = () => fixture.tokens.admin;

function expectRefused(response: LightMyRequestResponse, field: string, label: string) {
  expect(response.statusCode, response.body).toBe(400);
  const message = controlCharactersMessage(label);
  expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message, errors: { [field]: message } });
}

const rowsIn = <T>(query: ReturnType<typeof sql>) => fixture.sqlRows<T>(query);

describe('document and folder names', () => {
  it.each(UNSAFE_NAMES)('refuses a new folder named %j, making none', async (name) => {
    const before = await fixture.counts();
    expectRefused(
      await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, admin(), { parentFolderId: matterFolderId, name }),
      'name',
      'Folder name',
    );
    expect(await fixture.counts()).toEqual(before);
  });

  it.each(UNSAFE_NAMES)('refuses renaming a folder to %j, keeping its name', async (name) => {
    const created = await fixture.call('POST', `${DOCUMENT_BASE}/create-folder`, admin(), {
      parentFolderId: matterFolderId,
      name: `Kept ${name.length}`,
    });
    const folder = created.json().data;
    expectRefused(await fixture.call('PUT', `${DOCUMENT_BASE}/rename-folder/${folder.id}`, admin(), { name }), 'name', 'Folder name');
    expect(await rowsIn(sql`select name from document_folders where id = ${folder.id}`)).toEqual([{ name: folder.name }]);
  });

  it.each(UNSAFE_NAMES)('refuses renaming a document to %j, keeping its name', async (name) => {
    const document = (await fixture.upload(matterFolderId, { fileName: `letter-${name.length}.png`, content: PNG })).json().data;
    expectRefused(await fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${document.id}`, admin(), { name }), 'name', 'Name');
    expect(await rowsIn(sql`select name from documents where id = ${document.id}`)).toEqual([{ name: document.name }]);
  });

  it('keeps line breaks in a document’s description but refuses a direction override there', async () => {
    const document = (await fixture.upload(matterFolderId, { fileName: 'minutes.png', content: PNG })).json().data;
    const update = (description: string) =>
      fixture.call('PUT', `${DOCUMENT_BASE}/update-document/${document.id}`, admin(), { name: 'minutes.png', description });
    expect((await update('Signed\r\nand dated')).statusCode).toBe(200);
    expectRefused(await update(`Signed${RLO}`), 'description', 'Description');
    expect(await rowsIn(sql`select description from documents where id = ${document.id}`)).toEqual([
      { description: 'Signed\r\nand dated' },
    ]);
  });

  it('names an uploaded document after its file without the direction override, rather than refusing the file', async () => {
    const uploaded = await fixture.upload(matterFolderId, { fileName: `Invoice${RLO}gnp.exe.png`, content: PNG });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data.name).toBe('Invoicegnp.exe.png');
  });
});

describe('client names', () => {
  const clients = '/api/admin/client-info';
  const countClients = async () => (await rowsIn<{ count: number }>(sql`select count(*)::int as count from clients`))[0]!.count;

  it.each([
    [{ clientType: 'company', companyName: 'Acme\r\nHoldings' }, 'companyName', 'Company name'],
    [{ clientType: 'individual', firstName: `Ada${RLO}`, lastName: 'Obi' }, 'firstName', 'First name'],
    [{ clientType: 'company', companyName: 'Acme Holdings', contacts: [{ name: `Bola${RLO}` }] }, 'contacts.0.name', 'Contact name'],
  ])('refuses a new client %j, making none', async (client, field, label) => {
    const before = await countClients();
    expectRefused(await fixture.call('POST', `${clients}/create-client`, admin(), client), field, label);
    expect(await countClients()).toBe(before);
  });

  it.each(UNSAFE_NAMES)('refuses renaming a client to %j, keeping its name', async (companyName) => {
    const clientId = fixture.references.openMatter.clientId;
    const [before] = await rowsIn(sql`select client_type, first_name, last_name, company_name from clients where id = ${clientId}`);
    const refused = await fixture.call('PUT', `${clients}/update-client/${clientId}`, admin(), { clientType: 'company', companyName });
    expectRefused(refused, 'companyName', 'Company name');
    expect(await rowsIn(sql`select client_type, first_name, last_name, company_name from clients where id = ${clientId}`)).toEqual([
      before,
    ]);
  });
});

describe('the firm’s name', () => {
  const settings = '/api/admin/firm/settings';

  it.each(UNSAFE_NAMES)('refuses renaming the firm to %j, keeping its name', async (firmName) => {
    const before = (await fixture.call('GET', settings, admin())).json().data.firmName;
    expectRefused(await fixture.call('PUT', settings, admin(), { firmName }), 'firmName', 'Firm name');
    expect((await fixture.call('GET', settings, admin())).json().data.firmName).toBe(before);
  });

  it.each(UNSAFE_NAMES)('refuses signing up a firm named %j, making no account', async (firmName) => {
    const email = `signup-${firmName.length}-${Date.now()}@example.com`;
    const refused = await fixture.context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firmName, name: 'Ngozi Okafor', email, password: TEST_PASSWORD },
    });
    expectRefused(refused, 'firmName', 'Firm name');
    const [users] = await rowsOf<{ count: number }>(
      fixture.context.database.db.execute(sql`select count(*)::int as count from users where email = ${email}`),
    );
    expect(users!.count).toBe(0);
  });

  it('refuses a line break in a member’s own name', async () => {
    const refused = await fixture.call('PUT', '/api/me/account', admin(), { name: 'Ada\nOkafor' });
    expectRefused(refused, 'name', 'Name');
  });
});
