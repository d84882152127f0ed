import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { matterConflictNames, type MatterInput } from '@matterhorn/shared';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, withClearedConflictCheck, type TestContext } from './support/test-app.ts';
import { csvLinesOf } from './support/csv-download.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };
let areas: Record<string, string>;
let otherFirmAreaId: string;

const base = '/api/admin/matter-master';
const PERMISSION_DENIED = "You don't have permission to perform this action. Please contact your admin to provide access";

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
  const list = async (token: string) =>
    (await call('GET', '/api/admin/practice-area/get-practice-areas', token)).json().data as { id: string; name: string }[];
  areas = Object.fromEntries((await list(tokens.admin)).map((area) => [area.name, area.id]));
  otherFirmAreaId = (await list(tokens.otherAdmin))[0]!.id;
});
afterAll(() => context.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) {
  return context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const newMatter = (overrides: Record<string, unknown> = {}) => ({
  clientId: firm.otherClientId,
  matterName: 'Boundary dispute – Lekki plot 14',
  matterRate: 'Hourly',
  description: 'Neighbour built over the boundary.',
  practiceAreaIds: [areas.Litigation, areas.Property],
  shelfLocation: 'Cabinet Z',
  clientMatterReference: ' LIT/2024/0117 ',
  matterOpenDate: '2024-03-01',
  hourlyRate: '60000',
  assignees: [
    { userId: firm.users.admin.id, hourlyRate: '90000.00' },
    { userId: firm.users.feeEarner.id, hourlyRate: 55000.5 },
  ],
  parties: [
    { partyRole: 'opposing', partyType: 'individual', name: 'Babatunde Lawal' },
    { partyRole: 'related', partyType: 'company', name: 'Lekki Surveyors Ltd', notes: 'Surveyed the plot' },
  ],
  ...overrides,
});

/** The save body with a cleared conflict check of its names not in `known`, as the matter form sends it. */
const cleared = <T extends object>(body: T, token = tokens.admin, known: string[] = []) =>
  withClearedConflictCheck(context.app, token, body, matterConflictNames(body as unknown as MatterInput, known));

async function createMatter(overrides: Record<string, unknown> = {}, token = tokens.admin) {
  const response = await call('POST', `${base}/create-matter`, token, await cleared(newMatter(overrides), token));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; matterNumber: string; [key: string]: unknown };
}

const view = (matterId: string, token = tokens.admin) => call('GET', `${base}/get-matter-view?matterid=${matterId}`, token);
const list = (query: Record<string, string>, token = tokens.admin) =>
  call('GET', `${base}/get-matter-list?${new URLSearchParams({ size: '100', ...query })}`, token);

/** Rows of the firm's tables, to prove a refused request wrote nothing. */
async function snapshot(firmId = firm.firmId) {
  const [row] = await context.database.withFirm(firmId, (tx) =>
    rowsOf<Record<string, number>>(
      tx.execute(sql`select
        (select count(*)::int from matters) as matters,
        (select count(*)::int from matter_assignees) as assignees,
        (select count(*)::int from matter_parties) as parties,
        (select count(*)::int from matter_practice_areas) as areas,
        (select count(*)::int from audit_events) as audits,
        (select next_value::int from firm_sequences where sequence = 'matter') as next_number`),
    ),
  );
  return row!;
}

const auditActions = async (matterId: string) =>
  (
    await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${matterId} order by id`)),
    )
  ).map((row) => row.action);

describe('POST /api/admin/matter-master/create-matter', () => {
  it('creates a matter with two fee earners and their rates, seen in the view and the list', async () => {
    const created = await createMatter();
    expect(created.matterNumber).toBe('MAT-00009');
    const response = await view(created.id);
    expect(response.statusCode).toBe(200);
    const matter = response.json().data;
    expect(matter).toMatchObject({
      matterName: 'Boundary dispute – Lekki plot 14',
      matterRate: 'Hourly',
      status: 'Open',
      shelfLocation: 'Cabinet Z',
      // The client's own number for the matter, trimmed (LEDES's CLIENT_MATTER_ID).
      clientMatterReference: 'LIT/2024/0117',
      matterOpenDate: '2024-03-01',
      matterCloseDate: null,
      hourlyRates: '60000.00',
      flatRate: null,
      contingencyPercentage: null,
      client: { id: firm.otherClientId, name: 'Chinedu Okonkwo', clientType: 'individual' },
      customFields: {},
    });
    expect(matter.matterAssignedToInfos).toEqual([
      { userId: firm.users.admin.id, name: 'Ada Okafor', hourlyRate: '90000.00' },
      { userId: firm.users.feeEarner.id, name: 'Tunde Bakare', hourlyRate: '55000.50' },
    ]);
    expect(matter.hourlyRatesActual).toEqual([
      { userId: firm.users.admin.id, name: 'Ada Okafor', rate: '90000.00' },
      { userId: firm.users.feeEarner.id, name: 'Tunde Bakare', rate: '55000.50' },
    ]);
    expect(matter.matterPracticeAreas.map((area: { name: string }) => area.name)).toEqual(['Litigation', 'Property']);
    expect(matter.parties).toEqual([
      expect.objectContaining({ partyRole: 'opposing', partyType: 'individual', name: 'Babatunde Lawal', notes: '' }),
      expect.objectContaining({ partyRole: 'related', partyType: 'company', name: 'Lekki Surveyors Ltd', notes: 'Surveyed the plot' }),
    ]);

    const listed = (await list({ GeneralSearchText: 'lekki plot' })).json().data;
    expect(listed.totalCount).toBe(1);
    expect(listed.data[0]).toMatchObject({
      id: created.id,
      matterNumber: 'MAT-00009',
      clientName: 'Chinedu Okonkwo',
      assignedTo: [
        { userId: firm.users.admin.id, name: 'Ada Okafor' },
        { userId: firm.users.feeEarner.id, name: 'Tunde Bakare' },
      ],
      practiceAreas: ['Litigation', 'Property'],
    });
    expect(await auditActions(created.id)).toEqual(['matter.created']);
  });

  it('stores the flat rate and contingency percentage as exact decimals, and opens today by default', async () => {
    const flat = await createMatter({ matterRate: 'Flat Rate', flatRate: '1500000.5', matterOpenDate: undefined, assignees: [] });
    expect(flat).toMatchObject({ flatRate: '1500000.50', matterOpenDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const contingency = await createMatter({ matterRate: 'Contingency', contingencyPercentage: '33.33' });
    expect(contingency).toMatchObject({ contingencyPercentage: '33.33', contigencyRate: '33.33' });
  });

  it('gives sequential, unique numbers to 10 concurrent creates', async () => {
    const bodies = [];
    for (let index = 0; index < 10; index += 1) bodies.push(await cleared(newMatter({ matterName: `Concurrent ${index}` })));
    const before = await snapshot();
    const responses = await Promise.all(bodies.map((body) => call('POST', `${base}/create-matter`, tokens.admin, body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const numbers = responses.map((response) => Number(response.json().data.matterNumber.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, index) => before.next_number! + index));
    expect((await snapshot()).next_number).toBe(before.next_number! + 10);
  });

  it('links the conflict check it was cleared by', async () => {
    const [check] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into conflict_checks (firm_id, searched_by_user_id, context, searched_names, decision, decided_at)
          values (${firm.firmId}, ${firm.users.admin.id}, 'matter',
            array['Babatunde Lawal', 'Lekki Surveyors Ltd', 'Boundary dispute – Lekki plot 14'], 'no_conflict', now()) returning id`),
      ),
    );
    const created = await createMatter({ conflictCheckId: check!.id });
    const [linked] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ matter_id: string }>(tx.execute(sql`select matter_id from conflict_checks where id = ${check!.id}`)),
    );
    expect(linked!.matter_id).toBe(created.id);
  });

  it.each([
    [{ matterName: undefined }, 'Matter name is required'],
    [{ matterName: '   ' }, 'Matter name is required'],
    [{ clientId: undefined }, 'Client is required'],
    [{ clientId: 'not-a-uuid' }, 'Client is required'],
    [{ matterRate: 'Hourly-ish' }, 'Billing type is required'],
    [{ matterRate: 'Flat Rate', flatRate: null }, 'Flat rate is required'],
    [{ matterRate: 'Contingency' }, 'Contingency percentage is required'],
    [{ contingencyPercentage: '101' }, 'Contingency percentage must be between 0 and 100'],
    [{ hourlyRate: '12.345' }, 'Hourly rate must be an amount with at most 2 decimals'],
    [{ matterOpenDate: '2024-02-30' }, 'Open date must be a date (YYYY-MM-DD)'],
    [{ assignees: [{ userId: 'x', hourlyRate: '1' }] }, 'Fee earner is required'],
    [{ assignees: [{ userId: '00000000-0000-4000-8000-000000000001' }] }, 'Hourly rate is required'],
    [{ parties: [{ partyRole: 'witness', name: 'A' }] }, 'Party role is required'],
    [{ parties: [{ partyRole: 'related' }] }, 'Party name is required'],
    [{ matterNumber: 'MAT-99999' }, 'Unknown field: "matterNumber"'],
    [{ clientMatterReference: 'X'.repeat(21) }, "Client's matter reference must be at most 20 characters"],
  ])('refuses %j with 400 and writes nothing', async (overrides, message) => {
    const before = await snapshot();
    const response = await call('POST', `${base}/create-matter`, tokens.admin, newMatter(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same fee earner twice', async () => {
    const assignee = { userId: firm.users.admin.id, hourlyRate: '1' };
    const response = await call('POST', `${base}/create-matter`, tokens.admin, newMatter({ assignees: [assignee, assignee] }));
    expect(response.json().message).toBe('Each fee earner can be assigned once');
  });

  it.each([
    ['client', () => ({ clientId: otherFirm.otherClientId }), 404, 'Client not found'],
    ['fee earner', () => ({ assignees: [{ userId: otherFirm.users.feeEarner.id, hourlyRate: '1' }] }), 400, 'Fee earner not found'],
    ['practice area', () => ({ practiceAreaIds: [otherFirmAreaId] }), 400, 'Practice area not found'],
  ])("refuses another firm's %s and writes nothing in either firm", async (_what, overrides, status, message) => {
    const before = [await snapshot(), await snapshot(otherFirm.firmId)];
    const response = await call('POST', `${base}/create-matter`, tokens.admin, newMatter(overrides()));
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect([await snapshot(), await snapshot(otherFirm.firmId)]).toEqual(before);
  });

  it("refuses another firm's conflict check with 404", async () => {
    const [check] = await context.database.withFirm(otherFirm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into conflict_checks (firm_id, searched_by_user_id, context, searched_names)
          values (${otherFirm.firmId}, ${otherFirm.users.admin.id}, 'matter', array['X']) returning id`),
      ),
    );
    const before = await snapshot();
    const response = await call('POST', `${base}/create-matter`, tokens.admin, newMatter({ conflictCheckId: check!.id }));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Conflict check not found');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses archived and deleted clients, deactivated fee earners and deleted practice areas', async () => {
    const [archived, deleted] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into clients (firm_id, client_type, company_name, status, deleted_at) values
          (${firm.firmId}, 'company', 'Dormant Holdings Ltd', 'archived', null),
          (${firm.firmId}, 'company', 'Gone Away Ltd', 'active', now()) returning id`),
      ),
    );
    const before = await snapshot();
    const archivedResponse = await call('POST', `${base}/create-matter`, tokens.admin, newMatter({ clientId: archived!.id }));
    expect(archivedResponse.statusCode).toBe(400);
    expect(archivedResponse.json().message).toBe('Archived clients cannot take new matters');
    const deletedResponse = await call('POST', `${base}/create-matter`, tokens.admin, newMatter({ clientId: deleted!.id }));
    expect(deletedResponse.statusCode).toBe(404);

    const areaResponse = await call('POST', '/api/admin/practice-area/create-practice-area', tokens.admin, { name: 'Short-lived' });
    const areaId = areaResponse.json().data.id;
    await call('DELETE', `/api/admin/practice-area/delete-practice-area/${areaId}`, tokens.admin);
    const deletedArea = await call('POST', `${base}/create-matter`, tokens.admin, newMatter({ practiceAreaIds: [areaId] }));
    expect(deletedArea.statusCode).toBe(400);

    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update users set is_active = false where id = ${firm.users.billing.id}`),
    );
    const inactive = await call(
      'POST',
      `${base}/create-matter`,
      tokens.admin,
      newMatter({ assignees: [{ userId: firm.users.billing.id, hourlyRate: '1' }] }),
    );
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update users set is_active = true where id = ${firm.users.billing.id}`),
    );
    expect(inactive.json().message).toBe('Fee earner not found');
    const after = await snapshot();
    expect({ ...after, audits: before.audits }).toEqual(before);
  });

  it('needs matterMaster.create: the Billing role gets 403', async () => {
    const response = await call('POST', `${base}/create-matter`, tokens.billing, newMatter());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PERMISSION_DENIED);
  });
});

describe('custom fields on a matter', () => {
  let customFirm: SeededFirm;
  let token: string;
  let courtFieldId: string;
  let valueFieldId: string;
  beforeAll(async () => {
    customFirm = await seedTestFirm(context.database);
    token = await signIn(context.app, customFirm.users.admin.email);
    const fields = await context.database.withFirm(customFirm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into custom_field_definitions (firm_id, entity_type, label, field_type, is_required) values
          (${customFirm.firmId}, 'matter', 'Court', 'text', true),
          (${customFirm.firmId}, 'matter', 'Claim value', 'number', false) returning id`),
      ),
    );
    [courtFieldId, valueFieldId] = fields.map((field) => field.id) as [string, string];
  });
  const body = (customFields: Record<string, string>) => ({
    clientId: customFirm.otherClientId,
    matterName: 'Custom',
    matterRate: 'Retainer',
    customFields,
  });

  it('stores valid values and refuses unknown ids, missing required values and wrong types', async () => {
    const created = await call(
      'POST',
      `${base}/create-matter`,
      token,
      await cleared(body({ [courtFieldId]: 'High Court, Lagos', [valueFieldId]: '2500000' }), token),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data.customFields).toEqual({ [courtFieldId]: 'High Court, Lagos', [valueFieldId]: '2500000' });

    const missing = await call('POST', `${base}/create-matter`, token, body({ [valueFieldId]: '1' }));
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Court is required']);
    const unknown = await call('POST', `${base}/create-matter`, token, body({ [courtFieldId]: 'x', 'not-a-field': 'y' }));
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Unknown custom field']);
    const wrongType = await call('POST', `${base}/create-matter`, token, body({ [courtFieldId]: 'x', [valueFieldId]: 'lots' }));
    expect([wrongType.statusCode, wrongType.json().message]).toEqual([400, 'Claim value must be a number']);
    // Another firm's definitions do not apply here.
    const elsewhere = await call('POST', `${base}/create-matter`, tokens.admin, newMatter({ customFields: { [courtFieldId]: 'x' } }));
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([400, 'Unknown custom field']);
  });
});

describe('GET /api/admin/matter-master/get-matter-list', () => {
  let listFirm: SeededFirm;
  let token: string;
  let billingOnly: { id: string; matterName: string };
  let odd: { id: string; matterName: string };
  const names = (response: { json(): { data: { data: { matterName: string }[] } } }) =>
    response.json().data.data.map((matter) => matter.matterName);
  const get = (query: Record<string, string>) => list(query, token);

  beforeAll(async () => {
    listFirm = await seedTestFirm(context.database);
    token = await signIn(context.app, listFirm.users.admin.email);
    const create = async (body: Record<string, unknown>) => {
      const matter = { clientId: listFirm.otherClientId, matterRate: 'Retainer', matterOpenDate: '2023-01-01', ...body };
      const response = await call('POST', `${base}/create-matter`, token, await cleared(matter, token));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    };
    billingOnly = await create({ matterName: 'Zoning appeal', assignees: [{ userId: listFirm.users.billing.id, hourlyRate: '1' }] });
    odd = await create({ matterName: '=HYPERLINK("http://evil"), 100% "quoted"', shelfLocation: 'A_1' });
  });

  it('pages the whole list with totals, no repeats and no gaps', async () => {
    const all = (await get({ sortColumn: 'matterNumber', sortType: 'asc' })).json().data;
    expect(all.totalCount).toBe(10);
    expect(all.data.map((matter: { matterNumber: string }) => matter.matterNumber)).toEqual(
      Array.from({ length: 10 }, (_, index) => `MAT-${String(index + 1).padStart(5, '0')}`),
    );
    const pages = await Promise.all(
      ['1', '2', '3', '4'].map((page) => get({ sortColumn: 'matterNumber', sortType: 'asc', size: '3', page })),
    );
    const paged = pages.flatMap((page) => page.json().data.data.map((matter: { id: string }) => matter.id));
    expect(paged).toEqual(all.data.map((matter: { id: string }) => matter.id));
    expect(pages[3]!.json().data).toMatchObject({ page: 4, size: 3, totalCount: 10 });
    // A page past the end has no row to carry the count: it is counted on its own.
    expect((await get({ size: '3', page: '5' })).json().data).toMatchObject({ data: [], totalCount: 10 });
    expect((await get({ AssignedUserId: listFirm.users.feeEarner.id, size: '3', page: '9' })).json().data).toMatchObject({
      data: [],
      totalCount: 8,
    });
  });

  it('defaults to the newest first, 20 a page', async () => {
    const page = (await list({}, token)).json().data;
    expect(page.data[0].id).toBe(odd.id);
    const defaults = (await call('GET', `${base}/get-matter-list`, token)).json().data;
    expect([defaults.page, defaults.size]).toEqual([1, 20]);
  });

  it('filters by client, status, billing type and fee earner', async () => {
    const byClient = (await get({ ClientId: listFirm.otherClientId })).json().data;
    expect(byClient.totalCount).toBe(3);
    expect(byClient.data.every((matter: { clientId: string }) => matter.clientId === listFirm.otherClientId)).toBe(true);
    expect(names(await get({ Status: 'Closed' }))).toEqual(['Estate administration']);
    expect((await get({ MatterRate: 'Contingency' })).json().data.totalCount).toBe(2);
    expect((await get({ MatterRate: 'Retainer', ClientId: listFirm.otherClientId })).json().data.totalCount).toBe(2);
    const assigned = (await get({ AssignedUserId: listFirm.users.billing.id })).json().data;
    expect(assigned.data.map((matter: { id: string }) => matter.id)).toEqual([billingOnly.id]);
    expect(assigned.data[0].assignedTo).toEqual([{ userId: listFirm.users.billing.id, name: 'Grace Eze' }]);
    expect((await get({ AssignedUserId: listFirm.users.feeEarner.id })).json().data.totalCount).toBe(8);
    expect((await get({ ClientId: otherFirm.otherClientId })).json().data.totalCount).toBe(0);
  });

  it("searches the matter's name, number and shelf, and the client's name, literally", async () => {
    expect(names(await get({ GeneralSearchText: 'LEASE dispute' }))).toEqual(['Lease dispute – Victoria Island office']);
    expect(names(await get({ GeneralSearchText: 'mat-00002' }))).toEqual(['Share purchase agreement']);
    expect(names(await get({ GeneralSearchText: 'lagoon shipping' }))).toEqual(['Share purchase agreement']);
    expect((await get({ GeneralSearchText: 'cabinet' })).json().data.totalCount).toBe(8);
    expect(names(await get({ GeneralSearchText: '100%' }))).toEqual([odd.matterName]);
    expect((await get({ GeneralSearchText: '%' })).json().data.totalCount).toBe(1);
    expect(names(await get({ GeneralSearchText: 'a_1' }))).toEqual([odd.matterName]);
    expect((await get({ GeneralSearchText: 'a_' })).json().data.totalCount).toBe(1);
    expect((await get({ GeneralSearchText: 'nothing like this' })).json().data.totalCount).toBe(0);
  });

  it('sorts by name, client name and open date in both directions', async () => {
    const ascending = names(await get({ sortColumn: 'matterName', sortType: 'asc', GeneralSearchText: 'e' }));
    expect(ascending.map((name) => name[0])).toEqual([...ascending].sort().map((name) => name[0]));
    const byClientAsc = (await get({ sortColumn: 'clientName', sortType: 'asc' })).json().data.data;
    const byClientDesc = (await get({ sortColumn: 'clientName', sortType: 'desc' })).json().data.data;
    expect(byClientDesc.map((matter: { id: string }) => matter.id)).toEqual(
      byClientAsc.map((matter: { id: string }) => matter.id).reverse(),
    );
    const clientOrder = byClientAsc.map((matter: { clientName: string }) => matter.clientName);
    expect(new Set(clientOrder).size).toBe(clientOrder.filter((name: string, index: number) => name !== clientOrder[index - 1]).length);
    const byOpenDate = (await get({ sortColumn: 'matterOpenDate', sortType: 'asc' })).json().data.data;
    expect(byOpenDate.slice(0, 2).map((matter: { matterOpenDate: string }) => matter.matterOpenDate)).toEqual(['2023-01-01', '2023-01-01']);
  });

  it('answers the whole filtered list as CSV, quoted and guarded against formulas', async () => {
    const response = await get({ IsDownlodCsv: 'true', size: '1', MatterRate: 'Retainer' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="matters.csv"');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe('Matter number,Matter,Client,Billing type,Status,Open date,Close date,Assigned to,Practice areas');
    expect(lines).toHaveLength(4);
    expect(lines).toContain(`MAT-00010,"'=HYPERLINK(""http://evil""), 100% ""quoted""",Chinedu Okonkwo,Retainer,Open,01/01/2023,,,`);
    expect(lines).toContain(
      'MAT-00004,General corporate advisory,Brightwater Energy Ltd,Retainer,Open,' +
        lines.find((line) => line.startsWith('MAT-00004'))!.split(',')[5] +
        ',,Ada Okafor; Tunde Bakare,Corporate',
    );
  });

  it('refuses bad filters with 400 and the Billing role may read', async () => {
    expect((await get({ Status: 'Pending' })).statusCode).toBe(400);
    expect((await get({ ClientId: 'abc' })).statusCode).toBe(400);
    expect((await get({ sortColumn: 'password' })).statusCode).toBe(400);
    expect((await get({ size: '1000' })).statusCode).toBe(400);
    expect((await list({}, tokens.billing)).statusCode).toBe(200);
  });

  it("shows another firm's administrator none of this firm's matters", async () => {
    const theirs = (await list({ GeneralSearchText: 'zoning appeal' }, tokens.otherAdmin)).json().data;
    expect(theirs.totalCount).toBe(0);
  });
});

describe('get-matter-list: capped totals, client names and deleted clients', () => {
  let bigFirm: SeededFirm;
  let token: string;
  let clientId: string;
  const get = async (query: Record<string, string>) => {
    const response = await list(query, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const setClientDeleted = (deleted: boolean) =>
    context.database.withFirm(bigFirm.firmId, (tx) =>
      tx.execute(sql`update clients set deleted_at = ${deleted ? sql`now()` : null} where id = ${clientId}`),
    );

  beforeAll(async () => {
    bigFirm = await seedTestFirm(context.database);
    token = await signIn(context.app, bigFirm.users.admin.email);
    [{ id: clientId }] = (await context.database.withFirm(bigFirm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into clients (firm_id, client_type, company_name)
          values (${bigFirm.firmId}, 'company', 'Quillfeather Holdings Ltd') returning id`),
      ),
    )) as [{ id: string }];
    await context.database.withFirm(bigFirm.firmId, (tx) =>
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type)
        select ${bigFirm.firmId}, ${clientId}, 'Bulk matter ' || lpad(n::text, 4, '0'), 'Retainer' from generate_series(1, 1205) n`),
    );
  });

  it('counts at most 1,000 matches (100 when searched) and says when it stopped (isTotalCountCapped)', async () => {
    const firstPage = await get({ size: '20' });
    expect(firstPage).toMatchObject({ page: 1, size: 20, totalCount: 1000, isTotalCountCapped: true });
    expect(firstPage.data).toHaveLength(20);
    expect(await get({ GeneralSearchText: 'bulk matter', size: '20' })).toMatchObject({ totalCount: 100, isTotalCountCapped: true });
    expect(await get({ GeneralSearchText: 'bulk matter 1', size: '20' })).toMatchObject({ totalCount: 100, isTotalCountCapped: true });
    // Exactly the cap is an exact count: 0100 to 0199.
    expect(await get({ GeneralSearchText: 'bulk matter 01', size: '20' })).toMatchObject({ totalCount: 100, isTotalCountCapped: false });
    expect(await get({ GeneralSearchText: 'bulk matter 00' })).toMatchObject({ totalCount: 99, isTotalCountCapped: false });
    const past = await get({ GeneralSearchText: 'bulk matter', sortColumn: 'matterName', sortType: 'asc', page: '13' });
    expect(past).toMatchObject({ totalCount: 100, isTotalCountCapped: true });
    expect(past.data.map((matter: { matterName: string }) => matter.matterName)).toEqual(
      ['1201', '1202', '1203', '1204', '1205'].map((number) => `Bulk matter ${number}`),
    );
  });

  it('counts a search by its whole text, never rows that hold only some of its trigrams', async () => {
    // Older than the newest 500 the narrowing samples: "zeb" and "ebr" look rare (the count's pattern
    // is then "%zebr%"), and these rows hold "zebr" without holding "zebrawood", so only the count's
    // check of the whole text keeps them out.
    await context.database.withFirm(bigFirm.firmId, (tx) =>
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type, created_at)
        select ${bigFirm.firmId}, ${clientId}, 'Zebra and Ebro decoy ' || n, 'Retainer', now() - interval '1 year'
        from generate_series(1, 30) n`),
    );
    for (const number of [1, 2, 3]) {
      const response = await call(
        'POST',
        `${base}/create-matter`,
        token,
        await cleared({ clientId, matterName: `Zebrawood supply ${number}`, matterRate: 'Hourly' }, token),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    // Pages of 2 and 1 rows are full or past the end: their totals come from the count, not the rows.
    expect(await get({ GeneralSearchText: 'ZEBRAWOOD', size: '2' })).toMatchObject({ totalCount: 3, isTotalCountCapped: false });
    expect(await get({ GeneralSearchText: 'zebrawood supply', size: '1', page: '5' })).toMatchObject({ data: [], totalCount: 3 });
    expect(await get({ GeneralSearchText: 'zebra and ebro', size: '2' })).toMatchObject({ totalCount: 30, isTotalCountCapped: false });
  });

  it('finds the same matters for a search in the list order and in another order', async () => {
    const routesFirm = await seedTestFirm(context.database);
    const routesToken = await signIn(context.app, routesFirm.users.admin.email);
    // The newest 500 live matters are the sample: the three "supply" matters and 497 fillers. The
    // "appeal" matters are older than all of them.
    const insertMatters = (name: SQL, createdAt: SQL, count: number) =>
      context.database.withFirm(routesFirm.firmId, (tx) =>
        tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type, created_at)
          select ${routesFirm.firmId}, ${routesFirm.otherClientId}, ${name}, 'Hourly', ${createdAt} from generate_series(1, ${count}) n`),
      );
    await insertMatters(sql`'Filler ' || n`, sql`now() - interval '1 day' - n * interval '1 second'`, 600);
    await insertMatters(sql`'Marsupial appeal ' || n`, sql`now() - interval '30 days' - n * interval '1 minute'`, 5);
    await insertMatters(sql`'Marsupial supply ' || n`, sql`now() - (4 - n) * interval '1 second'`, 3);
    const namesOf = async (query: Record<string, string>, totalCount: number) => {
      const response = await list(query, routesToken);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ totalCount, isTotalCountCapped: false });
      return response.json().data.data.map((matter: { matterName: string }) => matter.matterName);
    };
    const appeals = [1, 2, 3, 4, 5].map((number) => `Marsupial appeal ${number}`);
    const supplies = [3, 2, 1].map((number) => `Marsupial supply ${number}`);

    // Held by sampled matters: newest first, the list is walked in order.
    expect(await namesOf({ GeneralSearchText: 'MARSUPIAL', size: '5' }, 8)).toEqual([...supplies, ...appeals.slice(0, 2)]);
    expect(await namesOf({ GeneralSearchText: 'marsupial', size: '5', page: '2' }, 8)).toEqual(appeals.slice(2));
    // Held by none of them: read from the trigram index and sorted.
    expect(await namesOf({ GeneralSearchText: 'marsupial appeal', size: '3' }, 5)).toEqual(appeals.slice(0, 3));
    expect(await namesOf({ GeneralSearchText: 'marsupial appeal', size: '3', page: '2' }, 5)).toEqual(appeals.slice(3));
    // Another order than the list's: through the trigram index, common or not.
    expect(await namesOf({ GeneralSearchText: 'marsupial', sortColumn: 'matterName', sortType: 'asc' }, 8)).toEqual(
      [...appeals, ...supplies].sort(),
    );
  });

  it("finds matters by their client's name, sorts by it, and hides a deleted client's matters", async () => {
    const byClient = await get({ GeneralSearchText: 'QUILLFEATHER', size: '5', sortColumn: 'clientName', sortType: 'asc' });
    expect(byClient).toMatchObject({ totalCount: 100, isTotalCountCapped: true });
    expect(byClient.data.every((matter: { clientName: string }) => matter.clientName === 'Quillfeather Holdings Ltd')).toBe(true);
    // Matter text or client name: "lagoon" is the seeded client of the seeded matters.
    const lagoon = await get({ GeneralSearchText: 'lagoon shipping', sortColumn: 'clientName', sortType: 'desc' });
    expect(lagoon.data.length).toBeGreaterThan(0);
    expect(lagoon.data.every((matter: { clientName: string }) => matter.clientName === 'Lagoon Shipping Ltd')).toBe(true);
    expect(lagoon).toMatchObject({ totalCount: lagoon.data.length, isTotalCountCapped: false });

    const [{ live }] = (await context.database.withFirm(bigFirm.firmId, (tx) =>
      rowsOf<{ live: number }>(
        tx.execute(sql`select count(*)::int as live from matters where deleted_at is null and client_id <> ${clientId}`),
      ),
    )) as [{ live: number }];
    await setClientDeleted(true);
    try {
      expect(await get({ GeneralSearchText: 'quillfeather' })).toMatchObject({ data: [], totalCount: 0, isTotalCountCapped: false });
      expect(await get({ GeneralSearchText: 'bulk matter' })).toMatchObject({ data: [], totalCount: 0 });
      const all = await get({ sortColumn: 'clientName', sortType: 'asc' });
      expect(all.data.some((matter: { clientId: string }) => matter.clientId === clientId)).toBe(false);
      expect(all).toMatchObject({ totalCount: all.data.length, isTotalCountCapped: false });
      expect(all.data).toHaveLength(live);
    } finally {
      await setClientDeleted(false);
    }
  });

  it("pages and counts a fee earner's live matters, newest first, following deletes and restores", async () => {
    const feeEarnerId = bigFirm.users.feeEarner.id;
    const byFeeEarner = async (query: Record<string, string> = {}) => get({ AssignedUserId: feeEarnerId, ...query });
    const before = await byFeeEarner({ size: '100' });
    const make = async (matterName: string, clientId: string) => {
      const response = await call(
        'POST',
        `${base}/create-matter`,
        token,
        await cleared({ clientId, matterName, matterRate: 'Hourly', assignees: [{ userId: feeEarnerId, hourlyRate: '100' }] }, token),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const first = await make('Assigned first', bigFirm.otherClientId);
    const second = await make('Assigned second', clientId);
    const after = await byFeeEarner({ size: '100' });
    expect(after.totalCount).toBe(before.totalCount + 2);
    expect(after.data.slice(0, 2).map((matter: { id: string }) => matter.id)).toEqual([second, first]);
    const oldestFirst = await byFeeEarner({ sortType: 'asc', size: '100' });
    expect(oldestFirst.data.map((matter: { id: string }) => matter.id)).toEqual(
      after.data.map((matter: { id: string }) => matter.id).reverse(),
    );
    expect((await byFeeEarner({ MatterRate: 'Hourly', size: '100' })).data.map((matter: { id: string }) => matter.id)).toEqual(
      expect.arrayContaining([first, second]),
    );

    expect((await call('DELETE', `${base}/delete-matter/${first}`, token)).statusCode).toBe(200);
    await setClientDeleted(true);
    try {
      const hidden = await byFeeEarner({ size: '100' });
      expect(hidden.totalCount).toBe(before.totalCount);
      expect(hidden.data.map((matter: { id: string }) => matter.id)).not.toContain(second);
    } finally {
      await setClientDeleted(false);
    }
    expect((await call('POST', `${base}/restore-matter/${first}`, token)).statusCode).toBe(200);
    expect((await byFeeEarner({ size: '100' })).totalCount).toBe(before.totalCount + 2);
  });

  it("follows a client renamed or deleted through the API: search, client name and a new matter's copy", async () => {
    const created = await call(
      'POST',
      '/api/admin/client-info/create-client',
      token,
      await withClearedConflictCheck(context.app, token, { clientType: 'company', companyName: 'Heronsgate Trading Ltd' }, [
        'Heronsgate Trading Ltd',
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const heronsgateId = created.json().data.id as string;
    const matter = await call(
      'POST',
      `${base}/create-matter`,
      token,
      await cleared({ clientId: heronsgateId, matterName: 'Supply contract review', matterRate: 'Hourly' }, token),
    );
    expect(matter.statusCode, matter.body).toBe(201);
    expect((await get({ GeneralSearchText: 'heronsgate' })).data).toMatchObject([{ clientName: 'Heronsgate Trading Ltd' }]);

    const renamed = await call(
      'PUT',
      `/api/admin/client-info/update-client/${heronsgateId}`,
      token,
      await withClearedConflictCheck(context.app, token, { clientType: 'company', companyName: 'Kingfisher Wharf Ltd' }, [
        'Kingfisher Wharf Ltd',
      ]),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get({ GeneralSearchText: 'heronsgate' })).data).toEqual([]);
    expect((await get({ GeneralSearchText: 'kingfisher wharf' })).data).toMatchObject([
      { matterName: 'Supply contract review', clientName: 'Kingfisher Wharf Ltd' },
    ]);

    const deleted = await call('DELETE', `/api/admin/client-info/delete-client/${heronsgateId}`, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await get({ GeneralSearchText: 'kingfisher wharf' })).toMatchObject({ data: [], totalCount: 0 });
  });
});

describe("a matter's fee earners and practice areas on the list", () => {
  it('follow assignments and areas changed, and fee earners and areas renamed, through the API', async () => {
    const created = await createMatter({ matterName: 'Wharf lease renewal' });
    const listed = async () =>
      (await list({ GeneralSearchText: 'wharf lease renewal' }, tokens.admin)).json().data.data[0] as {
        assignedTo: { userId: string; name: string }[];
        practiceAreas: string[];
      };
    const before = await listed();
    expect(before.practiceAreas).toEqual(['Litigation', 'Property']);
    expect(before.assignedTo.map((person) => person.userId).sort()).toEqual([firm.users.admin.id, firm.users.feeEarner.id].sort());
    const names = before.assignedTo.map((person) => person.name);
    expect(names).toEqual([...names].sort());

    const changed = await call(
      'PUT',
      `${base}/update-matter/${created.id}`,
      tokens.admin,
      newMatter({
        matterName: 'Wharf lease renewal',
        practiceAreaIds: [areas.Property],
        assignees: [{ userId: firm.users.billing.id, hourlyRate: '1' }],
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await listed()).toMatchObject({ practiceAreas: ['Property'], assignedTo: [{ userId: firm.users.billing.id }] });

    const [billing] = await rowsOf<{ name: string; role_id: string }>(
      context.database.db.execute(sql`select name, role_id from users where id = ${firm.users.billing.id}`),
    );
    const renameBilling = (name: string) =>
      call('PUT', `/api/admin/team-member-details/update-user/${firm.users.billing.id}`, tokens.admin, {
        name,
        roleId: billing!.role_id,
        defaultHourlyRate: '',
      });
    const renameProperty = (name: string) =>
      call('PUT', `/api/admin/practice-area/update-practice-area/${areas.Property}`, tokens.admin, { name });
    try {
      expect((await renameBilling('Grace Eze-Obi')).statusCode).toBe(200);
      expect((await renameProperty('Real estate')).statusCode).toBe(200);
      expect(await listed()).toMatchObject({ practiceAreas: ['Real estate'], assignedTo: [{ name: 'Grace Eze-Obi' }] });
    } finally {
      await renameBilling(billing!.name);
      await renameProperty('Property');
    }
    expect(await listed()).toMatchObject({ practiceAreas: ['Property'], assignedTo: [{ name: billing!.name }] });
  });
});

describe('GET /api/admin/matter-master/get-matter-view', () => {
  it('reads matterid in any letter case and checks the scope parameters', async () => {
    const matterId = firm.matterIds[1]!;
    const upper = await call(
      'GET',
      `${base}/get-matter-view?MatterId=${matterId}&AdminUserId=${firm.users.admin.id}&BusinessId=${firm.firmId}`,
      tokens.feeEarner,
    );
    expect(upper.statusCode).toBe(200);
    expect(upper.json().data).toMatchObject({ matterName: 'Share purchase agreement', matterRate: 'Flat Rate', flatRate: '2500000.00' });
    const mismatch = await call('GET', `${base}/get-matter-view?matterid=${matterId}&BusinessId=${otherFirm.firmId}`, tokens.admin);
    expect(mismatch.statusCode).toBe(403);
  });

  it("answers 404 for another firm's matter, a missing one, and 400 without an id", async () => {
    const foreign = await view(otherFirm.matterIds[0]!);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Matter not found']);
    expect((await view(firm.matterIds[0]!, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await view('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const noId = await call('GET', `${base}/get-matter-view`, tokens.admin);
    expect([noId.statusCode, noId.json().message]).toEqual([400, 'Matter is required']);
  });
});

describe('GET /api/admin/matter-master/get-matter-name-using-client', () => {
  it("lists the client's matters, open first then by name, without deleted ones", async () => {
    const clientId = firm.portalClient.clientId;
    const open = await createMatter({ clientId, matterName: 'Another open matter' });
    const closed = await createMatter({ clientId, matterName: 'Aardvark closed matter' });
    await call('POST', `${base}/close-matter/${closed.id}`, tokens.admin, {});
    const deleted = await createMatter({ clientId, matterName: 'Deleted matter' });
    await call('DELETE', `${base}/delete-matter/${deleted.id}`, tokens.admin);
    const response = await call(
      'GET',
      `${base}/get-matter-name-using-client?ClientId=${clientId}&AdminUserId=${firm.users.admin.id}`,
      tokens.admin,
    );
    expect(response.statusCode).toBe(200);
    const matters = response.json().data as { id: string; matterName: string; status: string }[];
    expect(matters.map((matter) => [matter.matterName, matter.status])).toEqual([
      ['Another open matter', 'Open'],
      ['Lease dispute – Victoria Island office', 'Open'],
      ['Aardvark closed matter', 'Closed'],
    ]);
    expect(matters[0]).toEqual({
      id: open.id,
      matterName: 'Another open matter',
      matterNumber: open.matterNumber,
      matterRate: 'Hourly',
      status: 'Open',
    });
  });

  it("answers 404 for another firm's client and 400 without one", async () => {
    const foreign = await call('GET', `${base}/get-matter-name-using-client?clientid=${otherFirm.otherClientId}`, tokens.admin);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Client not found']);
    const missing = await call('GET', `${base}/get-matter-name-using-client`, tokens.admin);
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Client is required']);
  });
});

describe('PUT /api/admin/matter-master/update-matter/{id}', () => {
  it('replaces fields, fee earners, parties and practice areas', async () => {
    const created = await createMatter();
    const response = await call(
      'PUT',
      `${base}/update-matter/${created.id}`,
      tokens.admin,
      await cleared(
        newMatter({
          matterName: 'Boundary dispute – settled terms',
          matterRate: 'Flat Rate',
          flatRate: '750000',
          description: null,
          shelfLocation: '',
          practiceAreaIds: [areas.Property],
          assignees: [{ userId: firm.users.billing.id, hourlyRate: '30000' }],
          parties: [{ partyRole: 'opposing', name: 'Lawal Family Trust', partyType: 'company' }],
        }),
      ),
    );
    expect(response.statusCode).toBe(200);
    const matter = response.json().data;
    expect(matter).toMatchObject({
      matterNumber: created.matterNumber,
      matterName: 'Boundary dispute – settled terms',
      matterRate: 'Flat Rate',
      flatRate: '750000.00',
      description: '',
      shelfLocation: null,
      matterPracticeAreas: [{ id: areas.Property, name: 'Property' }],
      matterAssignedToInfos: [{ userId: firm.users.billing.id, name: 'Grace Eze', hourlyRate: '30000.00' }],
    });
    expect(matter.parties.map((party: { name: string }) => party.name)).toEqual(['Lawal Family Trust']);
    expect(await auditActions(created.id)).toEqual(['matter.created', 'matter.updated']);
  });

  it('edits a closed matter but keeps its open date not after the close date', async () => {
    const created = await createMatter({ matterOpenDate: '2024-01-10' });
    await call('POST', `${base}/close-matter/${created.id}`, tokens.admin, { matterCloseDate: '2024-02-01' });
    const edited = await call(
      'PUT',
      `${base}/update-matter/${created.id}`,
      tokens.admin,
      await cleared(newMatter({ matterName: 'Edited after close', matterOpenDate: '2024-01-10' }), tokens.admin, [
        'Babatunde Lawal',
        'Lekki Surveyors Ltd',
      ]),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'Closed', matterCloseDate: '2024-02-01', matterName: 'Edited after close' });
    const late = await call('PUT', `${base}/update-matter/${created.id}`, tokens.admin, newMatter({ matterOpenDate: '2024-03-01' }));
    expect([late.statusCode, late.json().message]).toEqual([400, 'Open date cannot be after the close date']);
  });

  it("refuses another firm's ids and leaves everything as it was", async () => {
    const created = await createMatter();
    const before = [await snapshot(), (await view(created.id)).json().data];
    for (const [overrides, status] of [
      [{ clientId: otherFirm.otherClientId }, 404],
      [{ assignees: [{ userId: otherFirm.users.admin.id, hourlyRate: '1' }] }, 400],
      [{ practiceAreaIds: [otherFirmAreaId] }, 400],
    ] as const) {
      const response = await call(
        'PUT',
        `${base}/update-matter/${created.id}`,
        tokens.admin,
        newMatter({ ...overrides, matterName: 'Changed' }),
      );
      expect(response.statusCode).toBe(status);
    }
    expect([await snapshot(), (await view(created.id)).json().data]).toEqual(before);
    const foreignMatter = await call('PUT', `${base}/update-matter/${otherFirm.matterIds[0]}`, tokens.admin, newMatter());
    expect(foreignMatter.statusCode).toBe(404);
  });

  it('answers 404 for a deleted matter and 403 without matterMaster.edit', async () => {
    const created = await createMatter();
    await call('DELETE', `${base}/delete-matter/${created.id}`, tokens.admin);
    expect((await call('PUT', `${base}/update-matter/${created.id}`, tokens.admin, newMatter())).statusCode).toBe(404);
    expect((await call('PUT', `${base}/update-matter/${firm.matterIds[0]}`, tokens.billing, newMatter())).statusCode).toBe(403);
  });
});

describe('closing and reopening a matter', () => {
  it('closes on today by default, refuses a second close, reopens once and clears the date', async () => {
    const created = await createMatter({ matterOpenDate: '2024-01-01' });
    const closed = await call('POST', `${base}/close-matter/${created.id}`, tokens.feeEarner);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'Closed', matterCloseDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const again = await call('POST', `${base}/close-matter/${created.id}`, tokens.admin, { matterCloseDate: '2024-06-01' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This matter is already closed']);
    const reopened = await call('POST', `${base}/reopen-matter/${created.id}`, tokens.admin);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'Open', matterCloseDate: null });
    expect((await call('POST', `${base}/reopen-matter/${created.id}`, tokens.admin)).statusCode).toBe(409);
    expect(await auditActions(created.id)).toEqual(['matter.created', 'matter.closed', 'matter.reopened']);
  });

  it('takes a close date on or after the open date only', async () => {
    const created = await createMatter({ matterOpenDate: '2024-05-10' });
    const early = await call('POST', `${base}/close-matter/${created.id}`, tokens.admin, { matterCloseDate: '2024-05-09' });
    expect([early.statusCode, early.json().message]).toEqual([400, 'Close date cannot be before the open date']);
    const malformed = await call('POST', `${base}/close-matter/${created.id}`, tokens.admin, { matterCloseDate: '10/05/2024' });
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, 'Close date must be a date (YYYY-MM-DD)']);
    expect((await view(created.id)).json().data.status).toBe('Open');
    const sameDay = await call('POST', `${base}/close-matter/${created.id}`, tokens.admin, { matterCloseDate: '2024-05-10' });
    expect(sameDay.json().data).toMatchObject({ status: 'Closed', matterCloseDate: '2024-05-10' });
  });

  it("answers 404 for another firm's or a deleted matter and 403 without matterMaster.edit", async () => {
    expect((await call('POST', `${base}/close-matter/${otherFirm.matterIds[0]}`, tokens.admin, {})).statusCode).toBe(404);
    expect((await call('POST', `${base}/reopen-matter/${otherFirm.matterIds[7]}`, tokens.admin)).statusCode).toBe(404);
    const created = await createMatter();
    await call('DELETE', `${base}/delete-matter/${created.id}`, tokens.admin);
    expect((await call('POST', `${base}/close-matter/${created.id}`, tokens.admin, {})).statusCode).toBe(404);
    expect((await call('POST', `${base}/close-matter/${firm.matterIds[0]}`, tokens.billing, {})).statusCode).toBe(403);
  });
});

describe('deleting and restoring a matter', () => {
  it('soft-deletes: gone from the view and the list, kept in the table, restorable once', async () => {
    const created = await createMatter({ matterName: 'Temporary matter to delete' });
    const deleted = await call('DELETE', `${base}/delete-matter/${created.id}`, tokens.admin);
    expect(deleted.statusCode).toBe(200);
    expect((await view(created.id)).statusCode).toBe(404);
    expect((await list({ GeneralSearchText: 'temporary matter' })).json().data.totalCount).toBe(0);
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ deleted_by_user_id: string }>(
        tx.execute(sql`select deleted_by_user_id from matters where id = ${created.id} and deleted_at is not null`),
      ),
    );
    expect(row!.deleted_by_user_id).toBe(firm.users.admin.id);
    expect((await call('DELETE', `${base}/delete-matter/${created.id}`, tokens.admin)).statusCode).toBe(404);

    const restored = await call('POST', `${base}/restore-matter/${created.id}`, tokens.admin);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.matterName).toBe('Temporary matter to delete');
    expect((await list({ GeneralSearchText: 'temporary matter' })).json().data.totalCount).toBe(1);
    const twice = await call('POST', `${base}/restore-matter/${created.id}`, tokens.admin);
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This matter is not deleted']);
    expect(await auditActions(created.id)).toEqual(['matter.created', 'matter.deleted', 'matter.restored']);
  });

  it("answers 404 for another firm's matter and 403 without matterMaster.delete", async () => {
    expect((await call('DELETE', `${base}/delete-matter/${otherFirm.matterIds[0]}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('POST', `${base}/restore-matter/${otherFirm.matterIds[0]}`, tokens.admin)).statusCode).toBe(404);
    expect((await view(otherFirm.matterIds[0]!, tokens.otherAdmin)).statusCode).toBe(200);
    const denied = await call('DELETE', `${base}/delete-matter/${firm.matterIds[0]}`, tokens.feeEarner);
    expect([denied.statusCode, denied.json().message]).toEqual([403, PERMISSION_DENIED]);
  });
});
