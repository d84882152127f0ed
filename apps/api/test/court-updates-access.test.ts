import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import {
  addProbeMember,
  countCourtUpdateRows,
  PROGRESS_UPDATE_BASE as base,
  setUpCourtUpdateFixture,
  type CourtUpdateFixture,
} from './court-updates-fixture.ts';

let fixture: CourtUpdateFixture;
let probe: Awaited<ReturnType<typeof addProbeMember>>;
beforeAll(async () => {
  fixture = await setUpCourtUpdateFixture();
  probe = await addProbeMember(fixture);
});
afterAll(() => fixture.context.close());

type Call = 'list' | 'view' | 'create' | 'edit' | 'delete' | 'courts' | 'addCourt' | 'editCourt' | 'deleteCourt';
const CALLS: Call[] = ['list', 'view', 'create', 'edit', 'delete', 'courts', 'addCourt', 'editCourt', 'deleteCourt'];
const READS: Call[] = ['list', 'view', 'courts'];

/**
 * SPEC.md §6: courtUpdate passes with activity or courtUpdate; courtUpdate.create/.edit/.delete pass
 * with activity.create or the matching permission. Each row: the role's permissions, the calls it may make.
 */
const TABLE: [string[], Call[]][] = [
  [['administrator'], CALLS],
  [['activity'], READS],
  [['courtUpdate'], READS],
  [['activity.create'], ['create', 'edit', 'delete', 'addCourt', 'editCourt', 'deleteCourt']],
  [['courtUpdate.create'], ['create', 'addCourt']],
  [['courtUpdate.edit'], ['edit', 'editCourt']],
  [['courtUpdate.delete'], ['delete', 'deleteCourt']],
  [
    ['courtUpdate', 'courtUpdate.create'],
    [...READS, 'create', 'addCourt'],
  ],
  [['activity', 'activity.create'], CALLS],
  [['progressNote'], []],
  [['progressNote.create', 'progressNote.edit', 'progressNote.delete'], []],
  [['activity.edit', 'activity.delete'], []],
  [['timeEntry', 'matterMaster'], []],
  [[], []],
];

let counter = 0;
async function attempt(call: Call): Promise<number> {
  const token = probe.token;
  const unique = `${counter++}`;
  const updateId = ['view', 'edit', 'delete'].includes(call) ? await fixture.addCourtUpdate() : '';
  const court = async () =>
    (await fixture.call('POST', `${base}/courts`, fixture.tokens.admin, { name: `Probe court ${unique}` })).json().data.id as string;
  const courtId = ['editCourt', 'deleteCourt'].includes(call) ? await court() : '';
  const body = fixture.courtUpdate({ appearanceUserIds: [] });
  const requests: Record<Call, () => ReturnType<typeof fixture.call>> = {
    list: () => fixture.call('GET', `${base}/get-court-updates?size=5`, token),
    view: () => fixture.call('GET', `${base}/get-court-update/${updateId}`, token),
    create: () => fixture.call('POST', `${base}/create-court-update`, token, body),
    edit: () => fixture.call('PUT', `${base}/update-court-update/${updateId}`, token, body),
    delete: () => fixture.call('DELETE', `${base}/delete-court-update/${updateId}`, token),
    courts: () => fixture.call('GET', `${base}/courts`, token),
    addCourt: () => fixture.call('POST', `${base}/courts`, token, { name: `Added court ${unique}` }),
    editCourt: () => fixture.call('PUT', `${base}/courts/${courtId}`, token, { name: `Renamed court ${unique}` }),
    deleteCourt: () => fixture.call('DELETE', `${base}/courts/${courtId}`, token),
  };
  return (await requests[call]()).statusCode;
}

describe('who may read and change court updates and courts (SPEC.md §6)', () => {
  it.each(TABLE)('a role with %j may make exactly these calls: %j', async (permissions, allowed) => {
    await probe.grant(permissions);
    for (const call of CALLS) {
      const status = await attempt(call);
      if (allowed.includes(call)) expect(status, call).toBeLessThan(300);
      else expect(status, call).toBe(403);
    }
  });

  it('writes nothing when a call is refused', async () => {
    await probe.grant(['courtUpdate']);
    const id = await fixture.addCourtUpdate();
    const before = await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId);
    await attempt('create');
    await fixture.call('PUT', `${base}/update-court-update/${id}`, probe.token, fixture.courtUpdate({ suitNumber: 'CHANGED' }));
    await fixture.call('DELETE', `${base}/delete-court-update/${id}`, probe.token);
    await fixture.call('POST', `${base}/courts`, probe.token, { name: 'Never added' });
    expect(await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId)).toEqual(before);
  });
});

describe('the firm’s courts', () => {
  const courts = (token = fixture.tokens.admin) => fixture.call('GET', `${base}/courts`, token);
  const add = (body: unknown, token = fixture.tokens.admin) => fixture.call('POST', `${base}/courts`, token, body);

  it('are listed by name, the firm’s own only', async () => {
    const mine = (await courts()).json().data as { name: string }[];
    const names = mine.map((court) => court.name);
    expect(names).toEqual([...names].sort((left, right) => left.toLowerCase().localeCompare(right.toLowerCase())));
    expect(names).toContain('Federal High Court');
    expect((await courts(fixture.tokens.otherAdmin)).json().data.map((court: { name: string }) => court.name)).toEqual(['Court of Appeal']);
  });

  it('are added with a division and address, once per name and division whatever the case', async () => {
    const before = await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId);
    const response = await add({ name: 'National Industrial Court', division: 'Lagos Division', address: 'Plot 8, Ikoyi, Lagos' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'National Industrial Court',
      division: 'Lagos Division',
      address: 'Plot 8, Ikoyi, Lagos',
    });
    const twice = await add({ name: 'national industrial court ', division: 'LAGOS DIVISION' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The firm already has this court (same name and division)');
    expect((await add({ name: 'National Industrial Court', division: 'Abuja Division' })).statusCode).toBe(201);
    expect((await add({ name: 'National Industrial Court' })).statusCode).toBe(201);
    expect((await add({ name: 'NATIONAL INDUSTRIAL COURT', division: '' })).statusCode).toBe(409);
    expect((await add({ name: 'National Industrial Court', division: 'Lagos Division' }, fixture.tokens.otherAdmin)).statusCode).toBe(201);
    expect((await add({ name: '' })).statusCode).toBe(400);
    const after = await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId);
    expect(after.courts).toBe(Number(before.courts) + 3);
  });

  it('are changed and deleted (soft): court updates heard there keep its name', async () => {
    const courtId = (await add({ name: 'Customary Court', division: 'Surulere' })).json().data.id;
    const renamed = await fixture.call('PUT', `${base}/courts/${courtId}`, fixture.tokens.admin, {
      name: 'Customary Court of Lagos',
      division: 'Surulere',
      address: '1 Adeniran Ogunsanya St',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Customary Court of Lagos', address: '1 Adeniran Ogunsanya St' });
    const clash = await fixture.call('PUT', `${base}/courts/${courtId}`, fixture.tokens.admin, {
      name: 'federal high court',
      division: 'lagos judicial division',
    });
    expect(clash.statusCode).toBe(409);
    const updateId = await fixture.addCourtUpdate({ courtId });
    expect((await fixture.call('DELETE', `${base}/courts/${courtId}`, fixture.tokens.admin)).statusCode).toBe(200);
    expect((await courts()).json().data.map((court: { id: string }) => court.id)).not.toContain(courtId);
    const view = (await fixture.call('GET', `${base}/get-court-update/${updateId}`, fixture.tokens.admin)).json().data;
    expect(view).toMatchObject({ courtId, courtName: 'Customary Court of Lagos', courtDivision: 'Surulere' });
    // An update that keeps its (since deleted) court is still accepted; a new one on it is not.
    const kept = await fixture.call(
      'PUT',
      `${base}/update-court-update/${updateId}`,
      fixture.tokens.admin,
      fixture.courtUpdate({ courtId }),
    );
    expect(kept.statusCode).toBe(200);
    expect((await fixture.call('PUT', `${base}/courts/${courtId}`, fixture.tokens.admin, { name: 'Back' })).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/courts/${courtId}`, fixture.tokens.admin)).statusCode).toBe(404);
    const actions = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${courtId} order by action`)),
    );
    expect(actions.map((row) => row.action)).toEqual(['court.created', 'court.deleted', 'court.updated']);
  });

  it('answer "not found" to another firm', async () => {
    const token = fixture.tokens.otherAdmin;
    const before = await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId);
    const put = await fixture.call('PUT', `${base}/courts/${fixture.courts.federal}`, token, { name: 'Taken over' });
    expect(put.statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/courts/${fixture.courts.federal}`, token)).statusCode).toBe(404);
    expect(await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId)).toEqual(before);
  });
});

describe('two people adding the same court at once', () => {
  it('adds it once: the other is told it exists', async () => {
    const before = await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId);
    const body = { name: 'Sharia Court of Appeal', division: 'Abuja' };
    const answers = await Promise.all([1, 2, 3].map(() => fixture.call('POST', `${base}/courts`, fixture.tokens.admin, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await countCourtUpdateRows(fixture.context.database, fixture.firm.firmId)).courts).toBe(Number(before.courts) + 1);
  });
});

describe('the OpenAPI document', () => {
  it('describes every court update and court call under "Court updates", with a summary', async () => {
    const document = (await fixture.context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = Object.entries(document.paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>)
      .filter(([path]) => path.startsWith(base) && /court-update|^\/courts/.test(path.slice(base.length)))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path.slice(base.length)}`, operation })),
      );
    expect(calls.map((entry) => entry.call).sort()).toEqual(
      [
        'GET /get-court-updates',
        'POST /create-court-update',
        'GET /get-court-update/{id}',
        'PUT /update-court-update/{id}',
        'DELETE /delete-court-update/{id}',
        'GET /courts',
        'POST /courts',
        'PUT /courts/{id}',
        'DELETE /courts/{id}',
      ].sort(),
    );
    for (const { call, operation } of calls) {
      expect(operation.summary, call).toBeTruthy();
      expect(operation.tags, call).toEqual(['Court updates']);
    }
  });
});
