import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let adminToken: string;
let feeEarnerToken: string;
let otherAdminToken: string;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  adminToken = await signIn(context.app, firm.users.admin.email);
  feeEarnerToken = await signIn(context.app, firm.users.feeEarner.email);
  otherAdminToken = await signIn(context.app, otherFirm.users.admin.email);
});
afterAll(() => context.close());

const base = '/api/admin/practice-area';
type Area = { id: string; name: string; matterCount: number };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function listAreas(token = adminToken): Promise<Area[]> {
  const response = await call('GET', `${base}/get-practice-areas`, token);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}
const areaNamed = async (name: string) => (await listAreas()).find((area) => area.name === name)!;

const countAreaRows = async (firmId = firm.firmId) =>
  (
    await context.database.withFirm(firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from practice_areas`)),
    )
  )[0]!.count;

const auditActions = async (entityId: string) =>
  (
    await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${entityId} order by id`)),
    )
  ).map((row) => row.action);

describe('GET /api/admin/practice-area/get-practice-areas', () => {
  it("lists the firm's areas by name with the number of matters using each", async () => {
    const areas = await listAreas();
    expect(areas.map((area) => area.name)).toEqual([
      'Corporate',
      'Criminal',
      'Employment',
      'Family',
      'Intellectual Property',
      'Litigation',
      'Probate',
      'Property',
    ]);
    expect(areas.find((area) => area.name === 'Corporate')!.matterCount).toBe(2);
    expect(areas.find((area) => area.name === 'Criminal')!.matterCount).toBe(0);
  });

  it('is readable with matterMaster (a fee earner) and shows no other firm', async () => {
    const mine = await listAreas(feeEarnerToken);
    const theirs = await listAreas(otherAdminToken);
    expect(mine.map((area) => area.id)).not.toContain(theirs[0]!.id);
  });

  it('needs a session', async () => {
    expect((await context.app.inject({ method: 'GET', url: `${base}/get-practice-areas` })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/practice-area/create-practice-area', () => {
  it('creates a trimmed area with no matters and records it', async () => {
    const response = await call('POST', `${base}/create-practice-area`, adminToken, { name: '  Maritime  ' });
    expect(response.statusCode).toBe(201);
    const area = response.json().data as Area;
    expect(area).toMatchObject({ name: 'Maritime', matterCount: 0 });
    expect((await listAreas()).map((row) => row.name)).toContain('Maritime');
    expect(await auditActions(area.id)).toEqual(['practiceArea.created']);
  });

  it('refuses a name the firm already has, whatever its case, and writes nothing', async () => {
    const before = await countAreaRows();
    const response = await call('POST', `${base}/create-practice-area`, adminToken, { name: 'cORPORATE' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A practice area with this name already exists');
    expect(await countAreaRows()).toBe(before);
  });

  it('allows a name another firm uses (names are per firm)', async () => {
    const response = await call('POST', `${base}/create-practice-area`, otherAdminToken, { name: 'Maritime' });
    expect(response.statusCode).toBe(201);
  });

  it('creates one area under a double submit', async () => {
    const responses = await Promise.all([1, 2].map(() => call('POST', `${base}/create-practice-area`, adminToken, { name: 'Aviation' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await listAreas()).filter((area) => area.name === 'Aviation')).toHaveLength(1);
  });

  it.each([
    [{}, 'Practice area is required'],
    [{ name: '   ' }, 'Practice area is required'],
    [{ name: 42 }, 'Practice area is required'],
    [{ name: 'x'.repeat(121) }, 'Practice area must be at most 120 characters'],
    [{ name: 'Tax', colour: 'red' }, 'Unknown field: "colour"'],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await call('POST', `${base}/create-practice-area`, adminToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('needs updateAccountSettings: a fee earner gets 403', async () => {
    const response = await call('POST', `${base}/create-practice-area`, feeEarnerToken, { name: 'Tax' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You don't have permission to perform this action. Please contact your admin to provide access");
  });
});

describe('PUT /api/admin/practice-area/update-practice-area/{id}', () => {
  it('renames an area, also to a new case of its own name', async () => {
    const family = await areaNamed('Family');
    const renamed = await call('PUT', `${base}/update-practice-area/${family.id}`, adminToken, { name: 'Family law' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id: family.id, name: 'Family law', matterCount: 0 });
    const recased = await call('PUT', `${base}/update-practice-area/${family.id}`, adminToken, { name: 'FAMILY LAW' });
    expect(recased.statusCode).toBe(200);
    expect(await auditActions(family.id)).toEqual(['practiceArea.updated', 'practiceArea.updated']);
  });

  it("refuses another area's name with 409", async () => {
    const criminal = await areaNamed('Criminal');
    const response = await call('PUT', `${base}/update-practice-area/${criminal.id}`, adminToken, { name: 'litigation' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A practice area with this name already exists');
    expect((await areaNamed('Criminal')).name).toBe('Criminal');
  });

  it("answers 404 for another firm's area, a missing one and a bad id", async () => {
    const theirs = (await listAreas(otherAdminToken))[0]!;
    const foreign = await call('PUT', `${base}/update-practice-area/${theirs.id}`, adminToken, { name: 'Stolen' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Practice area not found');
    expect((await listAreas(otherAdminToken))[0]!.name).toBe(theirs.name);
    const missing = await call('PUT', `${base}/update-practice-area/00000000-0000-4000-8000-000000000000`, adminToken, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    const malformed = await call('PUT', `${base}/update-practice-area/not-an-id`, adminToken, { name: 'X' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/practice-area/delete-practice-area/{id}', () => {
  it('soft-deletes an unused area: gone from the list, the row kept, then 404', async () => {
    const criminal = await areaNamed('Criminal');
    const response = await call('DELETE', `${base}/delete-practice-area/${criminal.id}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect((await listAreas()).map((area) => area.id)).not.toContain(criminal.id);
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ deleted: boolean }>(tx.execute(sql`select deleted_at is not null as deleted from practice_areas where id = ${criminal.id}`)),
    );
    expect(row!.deleted).toBe(true);
    expect((await call('DELETE', `${base}/delete-practice-area/${criminal.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/update-practice-area/${criminal.id}`, adminToken, { name: 'Back' })).statusCode).toBe(404);
    expect(await auditActions(criminal.id)).toEqual(['practiceArea.deleted']);
  });

  it('lets the name be used again once the area is deleted', async () => {
    const response = await call('POST', `${base}/create-practice-area`, adminToken, { name: 'Criminal' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses an area used by matters, counting only matters that are not deleted', async () => {
    const corporate = await areaNamed('Corporate');
    const refused = await call('DELETE', `${base}/delete-practice-area/${corporate.id}`, adminToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This practice area is used by 2 matters');

    const [first, second] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ matter_id: string }>(tx.execute(sql`select matter_id from matter_practice_areas where practice_area_id = ${corporate.id}`)),
    );
    const deleteMatter = (id: string) => call('DELETE', `/api/admin/matter-master/delete-matter/${id}`, adminToken);
    expect((await deleteMatter(first!.matter_id)).statusCode).toBe(200);
    expect((await areaNamed('Corporate')).matterCount).toBe(1);
    const stillUsed = await call('DELETE', `${base}/delete-practice-area/${corporate.id}`, adminToken);
    expect(stillUsed.json().message).toBe('This practice area is used by 1 matter');
    expect((await deleteMatter(second!.matter_id)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/delete-practice-area/${corporate.id}`, adminToken)).statusCode).toBe(200);
  });

  it("answers 404 for another firm's area and leaves it alone", async () => {
    const theirs = (await listAreas(otherAdminToken))[0]!;
    const before = await countAreaRows(otherFirm.firmId);
    expect((await call('DELETE', `${base}/delete-practice-area/${theirs.id}`, adminToken)).statusCode).toBe(404);
    expect((await listAreas(otherAdminToken)).map((area) => area.id)).toContain(theirs.id);
    expect(await countAreaRows(otherFirm.firmId)).toBe(before);
  });

  it('needs updateAccountSettings', async () => {
    const probate = await areaNamed('Probate');
    expect((await call('DELETE', `${base}/delete-practice-area/${probate.id}`, feeEarnerToken)).statusCode).toBe(403);
  });
});
