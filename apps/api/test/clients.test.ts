import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConflictNames, type ClientInput } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { csvLinesOf } from './support/csv-download.ts';
import {
  bearer,
  createTestApp,
  readOutbox,
  rowsOf,
  seedTestFirm,
  signIn,
  signInToPortal,
  TEST_PASSWORD,
  clearedConflictCheck,
  withClearedConflictCheck,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };
const base = '/api/admin/client-info';

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    billing: await signIn(context.app, firm.users.billing.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
});
afterAll(() => context.close());

const get = (url: string, token = tokens.admin) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = tokens.admin) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const person = (firstName: string, lastName: string, extra: object = {}) => ({ clientType: 'individual', firstName, lastName, ...extra });

async function createClient(payload: object, token = tokens.admin) {
  const cleared = await withClearedConflictCheck(context.app, token, payload, clientConflictNames(payload as ClientInput));
  const response = await send('POST', `${base}/create-client`, cleared, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const sqlRows = <T = Record<string, unknown>>(firmId: string, query: ReturnType<typeof sql>) =>
  context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(query)));
const countClients = async (firmId: string) =>
  (await sqlRows<{ count: number }>(firmId, sql`select count(*)::int as count from clients`))[0]!.count;

describe('get-associated-client-users', () => {
  it('lists active clients as people and companies, by name, with SPEC field names read case-insensitively', async () => {
    const archived = await createClient(person('Yusuf', 'Archived', { status: 'archived' }));
    const response = await get(
      `${base}/get-associated-client-users?Adminuserid=${firm.users.admin.id}&businessid=${firm.firmId}`,
      tokens.feeEarner,
    );
    expect(response.statusCode).toBe(200);
    const { people, companies } = response.json().data;
    expect(people).toContainEqual({ userId: firm.otherClientId, name: 'Chinedu Okonkwo' });
    expect(people.map((entry: { name: string }) => entry.name)).toEqual(people.map((entry: { name: string }) => entry.name).sort());
    expect(companies.map((entry: { companyName: string }) => entry.companyName)).toEqual([
      'Brightwater Energy Ltd',
      'Ikoyi Properties Ltd',
      'Kestrel Software Ltd',
      'Lagoon Shipping Ltd',
      'Northbank Pharmaceuticals Plc',
      'Sahel Agro Holdings Plc',
    ]);
    expect(people.map((entry: { userId: string }) => entry.userId)).not.toContain(archived.id);
    const mismatch = await get(`${base}/get-associated-client-users?businessid=${otherFirm.firmId}`);
    expect(mismatch.statusCode).toBe(403);
  });
});

describe('get-clients-list', () => {
  const list = async (query: string, token = tokens.admin) => {
    const response = await get(`${base}/get-clients-list?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('searches names, emails and phones case-insensitively', async () => {
    const byName = await list('GeneralSearchText=OKONKWO');
    expect(byName.data.map((client: { name: string }) => client.name)).toEqual(['Chinedu Okonkwo']);
    expect(byName.totalCount).toBe(1);
    const byEmail = await list(`GeneralSearchText=${encodeURIComponent(firm.portalClient.email)}`);
    expect(byEmail.data.map((client: { id: string }) => client.id)).toEqual([firm.portalClient.clientId]);
    expect((await list('GeneralSearchText=803 555 0101')).totalCount).toBe(1);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await list('GeneralSearchText=%25')).totalCount).toBe(0);
    expect((await list('GeneralSearchText=_')).totalCount).toBe(0);
    await createClient({ clientType: 'company', companyName: 'Fifty_Fifty 100% Ltd' });
    expect((await list('GeneralSearchText=_fifty')).data.map((client: { name: string }) => client.name)).toEqual(['Fifty_Fifty 100% Ltd']);
    expect((await list('GeneralSearchText=100%25')).totalCount).toBe(1);
  });

  it('filters by type and status, sorts and pages with a total', async () => {
    const companies = await list('ClientType=company&sortColumn=name&sortType=asc&size=100');
    expect(companies.data.every((client: { clientType: string }) => client.clientType === 'company')).toBe(true);
    const names = companies.data.map((client: { name: string }) => client.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const archived = await list('Status=archived');
    expect(archived.data.every((client: { status: string }) => client.status === 'archived')).toBe(true);

    const all = await list('sortColumn=name&sortType=desc&size=100');
    const pageTwo = await list('sortColumn=name&sortType=desc&size=5&page=2');
    expect(pageTwo).toMatchObject({ page: 2, size: 5, totalCount: all.totalCount, isTotalCountCapped: false });
    expect(pageTwo.data.map((client: { id: string }) => client.id)).toEqual(
      all.data.slice(5, 10).map((client: { id: string }) => client.id),
    );
    expect(all.totalCount).toBe(await countClients(firm.firmId));
    // A page past the end has no row to carry the count: it is counted on its own.
    expect(await list('sortColumn=name&sortType=desc&size=5&page=1000')).toMatchObject({ data: [], totalCount: all.totalCount });
  });

  it('counts open matters per client', async () => {
    const all = await list('size=100');
    const openMatters = Object.fromEntries(
      all.data.map((client: { name: string; openMatterCount: number }) => [client.name, client.openMatterCount]),
    );
    expect(openMatters['Kemi Adebayo']).toBe(1);
    expect(openMatters['Lagoon Shipping Ltd']).toBe(1);
    expect(openMatters['Northbank Pharmaceuticals Plc']).toBe(1);
    expect(openMatters['Chinedu Okonkwo']).toBe(0); // his only matter is closed
    expect(openMatters['Amaka Nwosu']).toBe(0);
  });

  it.each([
    ['size=500', 400],
    ['ClientType=partnership', 400],
    ['sortColumn=password', 400],
    ['page=0', 400],
  ])('refuses %s', async (query, status) => {
    expect((await get(`${base}/get-clients-list?${query}`)).statusCode).toBe(status);
  });

  it('downloads the filtered list as CSV with quoting and a formula guard that leaves phone numbers alone', async () => {
    await createClient({ clientType: 'company', companyName: '=HYPERLINK("http://evil.example")', email: 'evil@example.com' });
    await createClient({ clientType: 'company', companyName: 'Smith, Jones & "Partners"', phone: '+234 803 123 4567' });
    await createClient({ clientType: 'company', companyName: 'Ọlápé & Co (₦)', phone: '+1+cmd' });
    const response = await get(`${base}/get-clients-list?IsDownlodCsv=true&ClientType=company&sortColumn=name&sortType=asc`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="clients.csv"');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe('Name,Type,Email,Phone,Status,Open matters,Created');
    // Created: the moment in the firm's time zone, written as the app writes dates (DD/MM/YYYY HH:mm).
    const [zone] = await rowsOf<{ name: string }>(
      context.database.db.execute(sql`select time_zone as name from firms where id = ${firm.firmId}`),
    );
    const created = `${new Intl.DateTimeFormat('en-GB', { timeZone: zone!.name }).format(new Date())} \\d{2}:\\d{2}`;
    const line = (start: string) => expect.stringMatching(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},${created}$`));
    expect(lines).toContainEqual(line(`"'=HYPERLINK(""http://evil.example"")",Company,evil@example.com,,Active,0`));
    expect(lines).toContainEqual(line(`"Smith, Jones & ""Partners""",Company,,+234 803 123 4567,Active,0`));
    expect(lines).toContainEqual(line(`Ọlápé & Co (₦),Company,,'+1+cmd,Active,0`));
    expect(lines.some((line) => line.startsWith('Lagoon Shipping Ltd,Company,legal0@lagoon.example.com,,Active,1,'))).toBe(true);
    expect(lines.some((line) => line.includes('Individual'))).toBe(false);
    const companies = await get(`${base}/get-clients-list?ClientType=company`);
    expect(lines).toHaveLength(companies.json().data.totalCount + 1);
  });

  it('writes every row of a list longer than one CSV page', async () => {
    const big = await seedTestFirm(context.database);
    await context.database.withFirm(big.firmId, (tx) =>
      tx.execute(sql`insert into clients (firm_id, client_type, first_name, last_name)
        select ${big.firmId}, 'individual', 'Bulk', 'Client ' || lpad(n::text, 4, '0') from generate_series(1, 1205) n`),
    );
    const response = await get(
      `${base}/get-clients-list?IsDownlodCsv=1&GeneralSearchText=bulk&sortColumn=name&sortType=asc`,
      await signIn(context.app, big.users.admin.email),
    );
    const lines = csvLinesOf(response);
    expect(lines).toHaveLength(1206);
    expect(lines[1]).toMatch(/^Bulk Client 0001,Individual,/);
    expect(lines[1205]).toMatch(/^Bulk Client 1205,Individual,/);
    expect(new Set(lines).size).toBe(1206);
  });

  it('counts at most 1,000 matches (100 when searched) and says when it stopped (isTotalCountCapped)', async () => {
    const big = await seedTestFirm(context.database);
    await context.database.withFirm(big.firmId, (tx) =>
      tx.execute(sql`insert into clients (firm_id, client_type, first_name, last_name)
        select ${big.firmId}, 'individual', 'Capped', 'Client ' || lpad(n::text, 4, '0') from generate_series(1, 1205) n`),
    );
    const bigToken = await signIn(context.app, big.users.admin.email);
    const firstPage = await list('GeneralSearchText=capped', bigToken);
    expect(firstPage).toMatchObject({ page: 1, size: 20, totalCount: 100, isTotalCountCapped: true });
    expect(firstPage.data).toHaveLength(20);
    // Under the cap the count is exact (exactly the cap too: 0100 to 0199); a short first page is its own total.
    expect(await list('GeneralSearchText=capped client 01', bigToken)).toMatchObject({ totalCount: 100, isTotalCountCapped: false });
    expect(await list('GeneralSearchText=capped client 00', bigToken)).toMatchObject({ totalCount: 99, isTotalCountCapped: false });
    const few = await list('GeneralSearchText=capped client 120', bigToken);
    expect(few).toMatchObject({ totalCount: 6, isTotalCountCapped: false });
    expect(few.data).toHaveLength(6);
    // Pages past the cap still answer their rows, in order.
    const last = await list('GeneralSearchText=capped&sortColumn=name&sortType=asc&size=100&page=13', bigToken);
    expect(last).toMatchObject({ totalCount: 100, isTotalCountCapped: true });
    expect(last.data.map((client: { name: string }) => client.name)).toEqual(
      ['1201', '1202', '1203', '1204', '1205'].map((number) => `Capped Client ${number}`),
    );
    expect(await list('GeneralSearchText=capped&page=100', bigToken)).toMatchObject({
      data: [],
      totalCount: 100,
      isTotalCountCapped: true,
    });
    // Without a search the firm's seeded clients are counted with them.
    const everyone = await list('size=100&page=2', bigToken);
    expect(everyone).toMatchObject({ totalCount: 1000, isTotalCountCapped: true });
  });

  it("shows nothing of another firm's clients", async () => {
    const other = await list('GeneralSearchText=okonkwo', tokens.otherAdmin);
    expect(other.data.map((client: { id: string }) => client.id)).not.toContain(firm.otherClientId);
  });
});

describe('get-client', () => {
  it("keeps the client's tax number and LEDES format (1998B unless chosen), and refuses a format that is not one", async () => {
    const plain = await createClient(person('Format', 'Default'));
    const international = await createClient({
      clientType: 'company',
      companyName: 'Thames Holdings Plc',
      taxNumber: ' GB123456789 ',
      ledesFormat: '1998BI',
    });
    const view = async (id: string) => (await get(`${base}/get-client/${id}`, tokens.admin)).json().data;
    expect(await view(plain.id)).toMatchObject({ ledesFormat: '1998B', taxNumber: null });
    expect(await view(international.id)).toMatchObject({ ledesFormat: '1998BI', taxNumber: 'GB123456789' });
    const refused = await send('POST', `${base}/create-client`, {
      clientType: 'company',
      companyName: 'Wrong Format Ltd',
      ledesFormat: '2000',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose LEDES 1998B or 1998BI');
  });

  it("numbers each firm's clients in order, CL-00001 on: the number a LEDES file sends as CLIENT_ID", async () => {
    const first = await createClient(person('Numbered', 'One'));
    const second = await createClient(person('Numbered', 'Two'));
    const numberOf = async (id: string) => (await get(`${base}/get-client/${id}`, tokens.admin)).json().data.clientNumber as string;
    const [one, two] = [await numberOf(first.id), await numberOf(second.id)];
    expect(one).toMatch(/^CL-\d{5}$/);
    expect(Number(two.slice(3))).toBe(Number(one.slice(3)) + 1);
    // Rows written in bulk, outside the app, are numbered the same way and never share a number.
    await sqlRows(
      firm.firmId,
      sql`insert into clients (firm_id, client_type, company_name) values (${firm.firmId}, 'company', 'Bulk A'), (${firm.firmId}, 'company', 'Bulk B')`,
    );
    const numbers = await sqlRows<{ client_number: string }>(
      firm.firmId,
      sql`select client_number from clients where firm_id = ${firm.firmId}`,
    );
    expect(new Set(numbers.map((row) => row.client_number)).size).toBe(numbers.length);
  });

  it('answers the client with contacts, matters and portal status', async () => {
    const response = await get(`${base}/get-client/${firm.portalClient.clientId}`, tokens.billing);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: firm.portalClient.clientId,
      name: 'Kemi Adebayo',
      clientType: 'individual',
      hasPortalAccount: true,
      isPortalEnabled: true,
      openMatterCount: 1,
      matters: [{ id: firm.matterIds[0], matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' }],
    });
    const [company] = await sqlRows<{ id: string }>(firm.firmId, sql`select id from clients where company_name = 'Lagoon Shipping Ltd'`);
    const detail = (await get(`${base}/get-client/${company!.id}`)).json().data;
    expect(detail.contacts).toEqual([
      { id: expect.any(String), name: 'Bisi Coker', jobTitle: 'General Counsel', email: null, phone: expect.any(String) },
    ]);
  });

  it("answers 404 for another firm's client and a missing one, 400 for a malformed id", async () => {
    expect((await get(`${base}/get-client/${otherFirm.otherClientId}`)).statusCode).toBe(404);
    expect((await get(`${base}/get-client/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`${base}/get-client/12`)).statusCode).toBe(400);
  });
});

describe('create-client', () => {
  it('creates a person with contacts and an audit record', async () => {
    const created = await createClient(
      person('Ngozi', 'Okeke', {
        email: 'NGOZI@Example.com',
        phone: '+234 801 000 0000',
        city: 'Abuja',
        notes: 'Referred by Mr Obi',
        contacts: [{ name: 'Chidi Okeke', jobTitle: 'Son', phone: '+234 801 000 0001' }],
      }),
      tokens.feeEarner,
    );
    expect(created).toMatchObject({
      name: 'Ngozi Okeke',
      email: 'ngozi@example.com',
      city: 'Abuja',
      status: 'active',
      isPortalEnabled: false,
      hasPortalAccount: false,
      notes: 'Referred by Mr Obi',
      contacts: [{ name: 'Chidi Okeke', jobTitle: 'Son', email: null, phone: '+234 801 000 0001' }],
      matters: [],
      openMatterCount: 0,
    });
    const audit = await sqlRows(firm.firmId, sql`select action, actor_user_id from audit_events where entity_id = ${created.id}`);
    expect(audit).toEqual([{ action: 'client.created', actor_user_id: firm.users.feeEarner.id }]);
  });

  it('creates a company and keeps no personal names on it', async () => {
    const created = await createClient({ clientType: 'company', companyName: 'Delta Marine Services Ltd', firstName: 'Ignored' });
    expect(created).toMatchObject({
      name: 'Delta Marine Services Ltd',
      clientType: 'company',
      firstName: null,
      companyName: 'Delta Marine Services Ltd',
    });
  });

  it.each([
    [{}, 'Client type is required'],
    [{ clientType: 'trust' }, 'Client type is required'],
    [{ clientType: 'individual', lastName: 'Okafor' }, 'First name is required'],
    [{ clientType: 'individual', firstName: 'Ada' }, 'Last name is required'],
    [{ clientType: 'individual', firstName: '   ', lastName: 'Okafor' }, 'First name is required'],
    [{ clientType: 'company' }, 'Company name is required'],
    [{ clientType: 'individual', firstName: 123, lastName: 'Okafor' }, 'First name must be text'],
    [{ clientType: 'company', companyName: 'Acme', email: 'not-an-email' }, 'Enter a valid email'],
    [{ clientType: 'company', companyName: 'Acme', contacts: [{ jobTitle: 'CEO' }] }, 'Contact name is required'],
    [{ clientType: 'company', companyName: 'Acme', password: 'x' }, 'Unknown field: "password"'],
  ])('refuses %j with its message and writes nothing', async (payload, message) => {
    const before = await countClients(firm.firmId);
    const response = await send('POST', `${base}/create-client`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countClients(firm.firmId)).toBe(before);
  });

  it('needs clientInfo.create', async () => {
    const response = await send('POST', `${base}/create-client`, person('Grace', 'Blocked'), tokens.billing);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You don't have permission to perform this action. Please contact your admin to provide access");
  });

  it('links the conflict check run before saving; refuses another firm’s check and writes nothing', async () => {
    const run = async (token: string) =>
      (await send('POST', '/api/admin/conflict-check/run-conflict-check', { names: ['Obinna Eze'], context: 'client' }, token)).json().data
        .conflictCheckId as string;
    const ownCheck = await clearedConflictCheck(context.app, tokens.admin, ['Obinna Eze']);
    const created = await createClient(person('Obinna', 'Eze', { conflictCheckId: ownCheck }));
    const [check] = await sqlRows(firm.firmId, sql`select client_id from conflict_checks where id = ${ownCheck}`);
    expect(check).toEqual({ client_id: created.id });
    const reused = await send('POST', `${base}/create-client`, person('Obinna', 'Eze', { conflictCheckId: ownCheck }));
    expect(reused.statusCode).toBe(409);

    const before = await countClients(firm.firmId);
    const foreign = await send('POST', `${base}/create-client`, person('Obinna', 'Eze', { conflictCheckId: await run(tokens.otherAdmin) }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Conflict check not found');
    expect(await countClients(firm.firmId)).toBe(before);
  });
});

describe('custom field values on clients', () => {
  let fields: { source: string; turnover: string; tier: string };
  beforeAll(async () => {
    const define = async (payload: object) =>
      (await send('POST', '/api/admin/custom-field/create-custom-field', payload)).json().data.id as string;
    fields = {
      source: await define({ entityType: 'client', label: 'Referral source', fieldType: 'text', isRequired: true }),
      turnover: await define({ entityType: 'client', label: 'Annual turnover', fieldType: 'number' }),
      tier: await define({ entityType: 'client', label: 'Tier', fieldType: 'select', options: ['Gold', 'Silver'] }),
    };
  });
  afterAll(async () => {
    await send('DELETE', `/api/admin/custom-field/delete-custom-field/${fields.source}`);
  });

  it('saves values keyed by field id', async () => {
    const created = await createClient(
      person('Bola', 'Tinubu', { customFields: { [fields.source]: 'Website', [fields.turnover]: '1500000.50', [fields.tier]: 'Gold' } }),
    );
    expect(created.customFields).toEqual({ [fields.source]: 'Website', [fields.turnover]: '1500000.50', [fields.tier]: 'Gold' });
  });

  it('refuses a missing required field, an unknown key and values of the wrong kind', async () => {
    const before = await countClients(firm.firmId);
    const attempt = (customFields: Record<string, string>) =>
      send('POST', `${base}/create-client`, person('Bola', 'Refused', { customFields }));
    expect((await attempt({})).json().message).toBe('Referral source is required');
    expect((await attempt({ [fields.source]: '  ' })).json().message).toBe('Referral source is required');
    expect((await attempt({ [fields.source]: 'Web', [randomUUID()]: 'x' })).json().message).toBe('Unknown custom field');
    expect((await attempt({ [fields.source]: 'Web', [fields.turnover]: 'lots' })).json().message).toBe('Annual turnover must be a number');
    expect((await attempt({ [fields.source]: 'Web', [fields.tier]: 'Bronze' })).json().message).toBe('Tier must be one of its options');
    expect((await attempt({})).statusCode).toBe(400);
    expect(await countClients(firm.firmId)).toBe(before);
  });
});

describe('update-client', () => {
  it('replaces details and saves the contacts: those left out go to the recycle bin', async () => {
    const created = await createClient({
      clientType: 'company',
      companyName: 'Old Name Ltd',
      contacts: [{ name: 'First Contact' }, { name: 'Second Contact' }],
    });
    const changes = {
      clientType: 'company',
      companyName: 'New Name Ltd',
      email: 'info@newname.example',
      status: 'archived',
      contacts: [{ name: 'Third Contact', email: 'third@newname.example' }],
    };
    // The new name and the new contact are what the firm has not checked for this client yet.
    const conflictCheckId = await clearedConflictCheck(context.app, tokens.feeEarner, ['New Name Ltd', 'Third Contact']);
    const response = await send('PUT', `${base}/update-client/${created.id}`, { ...changes, conflictCheckId }, tokens.feeEarner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'New Name Ltd',
      email: 'info@newname.example',
      status: 'archived',
      contacts: [{ name: 'Third Contact', email: 'third@newname.example' }],
    });
    // The contacts left out are in the recycle bin, to be restored.
    const contacts = await sqlRows(
      firm.firmId,
      sql`select name, deleted_at is not null as "inBin" from client_contacts where client_id = ${created.id} order by name`,
    );
    expect(contacts).toEqual([
      { name: 'First Contact', inBin: true },
      { name: 'Second Contact', inBin: true },
      { name: 'Third Contact', inBin: false },
    ]);
    const audit = await sqlRows(firm.firmId, sql`select action, details from audit_events where entity_id = ${created.id} order by id`);
    expect(audit.map((row) => row.action)).toEqual(['client.created', 'client.updated']);
    // The trail keeps what changed, from what to what, and nothing that stayed.
    expect(audit[1]!.details).toMatchObject({
      before: { name: 'Old Name Ltd', email: null, status: 'active' },
      after: { name: 'New Name Ltd', email: 'info@newname.example', status: 'archived' },
    });
    expect(Object.keys((audit[1]!.details as { before: object }).before)).not.toContain('clientType');
  });

  it('refuses bad input, other firms, deleted clients and missing permission, changing nothing', async () => {
    const created = await createClient(person('Stays', 'Same'));
    const update = (id: string, payload: object, token = tokens.admin) => send('PUT', `${base}/update-client/${id}`, payload, token);
    expect((await update(created.id, { clientType: 'individual', firstName: 'Only' })).json().message).toBe('Last name is required');
    expect((await update(otherFirm.otherClientId, person('Taken', 'Over'))).statusCode).toBe(404);
    expect((await update(randomUUID(), person('Taken', 'Over'))).statusCode).toBe(404);
    expect((await update(created.id, person('Taken', 'Over'), tokens.billing)).statusCode).toBe(403);
    const deleted = await createClient(person('Gone', 'Away'));
    await send('DELETE', `${base}/delete-client/${deleted.id}`);
    expect((await update(deleted.id, person('Back', 'Again'))).statusCode).toBe(404);
    expect((await get(`${base}/get-client/${created.id}`)).json().data.name).toBe('Stays Same');
    const [otherClient] = await sqlRows(otherFirm.firmId, sql`select first_name from clients where id = ${otherFirm.otherClientId}`);
    expect(otherClient).toEqual({ first_name: 'Chinedu' });
  });
});

describe('delete-client and restore-client', () => {
  it('soft-deletes: gone from lists and lookups, kept in the database, restorable', async () => {
    const created = await createClient(person('Temporary', 'Client'));
    expect((await send('DELETE', `${base}/delete-client/${created.id}`, undefined, tokens.feeEarner)).statusCode).toBe(403);
    const deleted = await send('DELETE', `${base}/delete-client/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await get(`${base}/get-client/${created.id}`)).statusCode).toBe(404);
    expect((await get(`${base}/get-clients-list?GeneralSearchText=temporary`)).json().data.totalCount).toBe(0);
    const associated = (await get(`${base}/get-associated-client-users`)).json().data;
    expect(associated.people.map((entry: { userId: string }) => entry.userId)).not.toContain(created.id);
    const [row] = await sqlRows(
      firm.firmId,
      sql`select deleted_at is not null as deleted, deleted_by_user_id from clients where id = ${created.id}`,
    );
    expect(row).toEqual({ deleted: true, deleted_by_user_id: firm.users.admin.id });
    expect((await send('DELETE', `${base}/delete-client/${created.id}`)).statusCode).toBe(404);

    const restored = await send('POST', `${base}/restore-client/${created.id}`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: created.id, name: 'Temporary Client' });
    expect((await get(`${base}/get-clients-list?GeneralSearchText=temporary`)).json().data.totalCount).toBe(1);
    expect((await send('POST', `${base}/restore-client/${created.id}`)).statusCode).toBe(404);
    const audit = await sqlRows(firm.firmId, sql`select action from audit_events where entity_id = ${created.id} order by id`);
    expect(audit.map((entry) => entry.action)).toEqual(['client.created', 'client.deleted', 'client.restored']);
  });

  it("answers 404 for another firm's client", async () => {
    expect((await send('DELETE', `${base}/delete-client/${otherFirm.otherClientId}`)).statusCode).toBe(404);
    expect((await send('POST', `${base}/restore-client/${otherFirm.otherClientId}`)).statusCode).toBe(404);
    expect((await get(`${base}/get-client/${otherFirm.otherClientId}`, tokens.otherAdmin)).statusCode).toBe(200);
  });

  it('ends the portal access and sessions of a deleted client', async () => {
    const portalFirm = await seedTestFirm(context.database);
    const admin = await signIn(context.app, portalFirm.users.admin.email);
    const session = await signInToPortal(context.app, portalFirm.slug, portalFirm.portalClient.email);
    const profile = () =>
      context.app.inject({
        method: 'GET',
        url: `/api/client-portal/get-client-portal-profileinfo?Slug=${portalFirm.slug}`,
        headers: bearer(session.token),
      });
    expect((await profile()).statusCode).toBe(200);
    expect((await send('DELETE', `${base}/delete-client/${portalFirm.portalClient.clientId}`, undefined, admin)).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);
    const [revoked] = await sqlRows(
      portalFirm.firmId,
      sql`select count(*)::int as count from sessions where kind = 'portal' and revoked_at is null`,
    );
    expect(revoked).toEqual({ count: 0 });
    const restored = await send('POST', `${base}/restore-client/${portalFirm.portalClient.clientId}`, undefined, admin);
    expect(restored.json().data).toMatchObject({ isPortalEnabled: false, hasPortalAccount: true });
  });
});

describe('portal access', () => {
  it('invites a client: enables the portal and emails the sign-up link; the client can then sign up', async () => {
    const created = await createClient(person('Portal', 'Invitee', { email: 'portal.invitee@client.example' }));
    const response = await send('POST', `${base}/invite-to-portal/${created.id}`, undefined, tokens.feeEarner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ isPortalEnabled: true, hasPortalAccount: false });
    const email = (await readOutbox(context.config)).filter((message) => message.to === 'portal.invitee@client.example').at(-1);
    expect(email?.link).toMatch(new RegExp(`^http://matterhorn\\.test/portal/${firm.slug}/signup\\?token=[\\w-]{43}$`));
    expect(email?.text).toContain(email!.link);
    expect(email?.subject).toContain('client portal');
    const token = new URL(email!.link!).searchParams.get('token');
    const signup = await context.app.inject({
      method: 'POST',
      url: '/api/client-portal/signup',
      payload: { slug: firm.slug, token, email: 'portal.invitee@client.example', password: TEST_PASSWORD },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().data.clientId).toBe(created.id);
  });

  it('refuses a client without an email, a firm without a portal address, other firms and missing permission', async () => {
    const noEmail = await createClient(person('No', 'Email'));
    const refused = await send('POST', `${base}/invite-to-portal/${noEmail.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The client needs an email address to be invited');
    expect((await get(`${base}/get-client/${noEmail.id}`)).json().data.isPortalEnabled).toBe(false);
    expect((await send('POST', `${base}/invite-to-portal/${otherFirm.otherClientId}`)).statusCode).toBe(404);
    expect((await send('POST', `${base}/invite-to-portal/${firm.otherClientId}`, undefined, tokens.billing)).statusCode).toBe(403);

    const noSlug = await seedTestFirm(context.database);
    await context.database.withFirm(noSlug.firmId, (tx) => tx.execute(sql`update firms set portal_slug = null`));
    const admin = await signIn(context.app, noSlug.users.admin.email);
    const outboxBefore = (await readOutbox(context.config)).length;
    const withoutSlug = await send('POST', `${base}/invite-to-portal/${noSlug.otherClientId}`, undefined, admin);
    expect(withoutSlug.statusCode).toBe(400);
    expect((await readOutbox(context.config)).length).toBe(outboxBefore);
  });

  it('revokes portal access: the live portal session ends and sign-in is refused', async () => {
    const session = await signInToPortal(context.app, firm.slug, firm.portalClient.email);
    const profile = () =>
      context.app.inject({
        method: 'GET',
        url: `/api/client-portal/get-client-portal-profileinfo?Slug=${firm.slug}`,
        headers: bearer(session.token),
      });
    expect((await profile()).statusCode).toBe(200);
    expect((await send('POST', `${base}/revoke-portal/${firm.portalClient.clientId}`, undefined, tokens.billing)).statusCode).toBe(403);
    const revoked = await send('POST', `${base}/revoke-portal/${firm.portalClient.clientId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ isPortalEnabled: false, hasPortalAccount: true });
    expect((await profile()).statusCode).toBe(401);
    await expect(signInToPortal(context.app, firm.slug, firm.portalClient.email)).rejects.toThrow();
    expect((await send('POST', `${base}/revoke-portal/${otherFirm.portalClient.clientId}`)).statusCode).toBe(404);

    const reinvited = await send('POST', `${base}/invite-to-portal/${firm.portalClient.clientId}`);
    expect(reinvited.json().data.isPortalEnabled).toBe(true);
    expect((await readOutbox(context.config)).filter((message) => message.to === firm.portalClient.email).at(-1)?.link).toBe(
      `http://matterhorn.test/portal/${firm.slug}/login`,
    );
    expect((await signInToPortal(context.app, firm.slug, firm.portalClient.email)).clientId).toBe(firm.portalClient.clientId);
  });
});
