import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConflictNames, type ClientInput, type ConflictMatch } from '@matterhorn/shared';
import { findNameMatches, MATCH_THRESHOLDS } from '../src/modules/conflict-checks/conflict-checks.repository.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import {
  bearer,
  clearedConflictCheck,
  createTestApp,
  rowsOf,
  seedTestFirm,
  signIn,
  withClearedConflictCheck,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };

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
  // A name only the other firm knows, and one this firm knows only as a deleted client.
  await createClient(tokens.otherAdmin, { clientType: 'individual', firstName: 'Zebulon', lastName: 'Quartermaine' });
  const deleted = await createClient(tokens.admin, { clientType: 'individual', firstName: 'Theodora', lastName: 'Vandersloot' });
  await context.app.inject({ method: 'DELETE', url: `/api/admin/client-info/delete-client/${deleted}`, headers: bearer(tokens.admin) });
});
afterAll(() => context.close());

async function createClient(token: string, payload: object): Promise<string> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/admin/client-info/create-client',
    headers: bearer(token),
    payload: await withClearedConflictCheck(context.app, token, payload, clientConflictNames(payload as ClientInput)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

const run = (payload: unknown, token = tokens.admin) =>
  context.app.inject({
    method: 'POST',
    url: '/api/admin/conflict-check/run-conflict-check',
    headers: bearer(token),
    payload: payload as object,
  });

async function matchesFor(names: string[], token = tokens.admin): Promise<{ id: string; matches: ConflictMatch[] }> {
  const response = await run({ names, context: 'client' }, token);
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().data.conflictCheckId, matches: response.json().data.matches };
}

const countChecks = async (firmId: string) =>
  (
    await context.database.withFirm(firmId, (tx) =>
      rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from conflict_checks`)),
    )
  )[0]!.count;

describe('running a conflict check', () => {
  it('finds a client under a near spelling and a reversed word order', async () => {
    const { matches } = await matchesFor(['Chinedu Okonkwoo', 'Okonkwo Chinedu']);
    const misspelt = matches.find((match) => match.searchedName === 'Chinedu Okonkwoo' && match.matchedName === 'Chinedu Okonkwo');
    expect(misspelt).toMatchObject({ matchType: 'client', clientName: 'Chinedu Okonkwo', matterId: null });
    expect(misspelt!.similarity).toBeGreaterThanOrEqual(0.45);
    expect(misspelt!.similarity).toBeLessThan(1);
    const reversed = matches.find((match) => match.searchedName === 'Okonkwo Chinedu' && match.matchedName === 'Chinedu Okonkwo');
    expect(reversed).toMatchObject({ matchType: 'client', clientId: firm.otherClientId });
    expect(reversed!.similarity).toBeGreaterThan(0.9);
  });

  it('finds an opposing party with its matter and client, best match first', async () => {
    const { matches } = await matchesFor(['Swift Haulage Limited']);
    expect(matches[0]).toMatchObject({
      searchedName: 'Swift Haulage Limited',
      matchedName: 'Swift Haulage Ltd',
      matchType: 'opposing party',
      matterId: firm.matterIds[2],
      matterName: 'Personal injury claim – road accident',
      matterNumber: 'MAT-00003',
      clientName: expect.any(String),
    });
    const scores = matches.map((match) => match.similarity);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds companies, contacts and a name inside a longer one', async () => {
    const { matches } = await matchesFor(['Lagoon Shiping', 'Bisi Coker', 'Kestrel']);
    expect(matches).toContainEqual(expect.objectContaining({ matchedName: 'Lagoon Shipping Ltd', matchType: 'company' }));
    expect(matches).toContainEqual(
      expect.objectContaining({ matchedName: 'Bisi Coker', matchType: 'contact', clientName: 'Lagoon Shipping Ltd', similarity: 1 }),
    );
    const kestrel = matches.filter((match) => match.searchedName === 'Kestrel').map((match) => match.matchedName);
    expect(kestrel).toEqual(expect.arrayContaining(['Kestrel Software Ltd', 'Kestrel Aviation Ltd']));
  });

  it("never shows another firm's names, nor deleted clients", async () => {
    const { matches } = await matchesFor(['Zebulon Quartermaine', 'Theodora Vandersloot']);
    expect(matches).toEqual([]);
    const own = await matchesFor(['Chinedu Okonkwo']);
    const otherFirmClient = await context.database.withFirm(otherFirm.firmId, (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select id from clients`)),
    );
    for (const match of own.matches) expect(otherFirmClient.map((row) => row.id)).not.toContain(match.clientId);
  });

  it("finds a party under its client's current name, and no party of a deleted matter or client", async () => {
    const createMatter = async (clientId: string, matterName: string, partyName: string) => {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/admin/matter-master/create-matter',
        headers: bearer(tokens.admin),
        payload: await withClearedConflictCheck(
          context.app,
          tokens.admin,
          { clientId, matterName, matterRate: 'Hourly', parties: [{ partyRole: 'opposing', name: partyName }] },
          [partyName, matterName],
        ),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const send = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await context.app.inject({ method, url, headers: bearer(tokens.admin), ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBe(200);
    };
    const keptClient = await createClient(tokens.admin, { clientType: 'company', companyName: 'Heron Quay Estates Ltd' });
    const keptMatter = await createMatter(keptClient, 'Lease dispute', 'Wexford Bramblecote Holdings');
    await send('PUT', `/api/admin/client-info/update-client/${keptClient}`, {
      clientType: 'company',
      companyName: 'Heron Wharf Estates Ltd',
      conflictCheckId: await clearedConflictCheck(context.app, tokens.admin, ['Heron Wharf Estates Ltd']),
    });
    const deletedMatterClient = await createClient(tokens.admin, { clientType: 'company', companyName: 'Larkspur Mills Ltd' });
    await send(
      'DELETE',
      `/api/admin/matter-master/delete-matter/${await createMatter(deletedMatterClient, 'Supply claim', 'Wexford Bramblecote Holdings')}`,
    );
    const deletedClient = await createClient(tokens.admin, { clientType: 'company', companyName: 'Tamarisk Foods Ltd' });
    await createMatter(deletedClient, 'Debt recovery', 'Wexford Bramblecote Holdings');
    await send('DELETE', `/api/admin/client-info/delete-client/${deletedClient}`);

    const { matches } = await matchesFor(['Wexford Bramblecot Holdings']);
    expect(matches).toEqual([
      expect.objectContaining({
        matchedName: 'Wexford Bramblecote Holdings',
        matchType: 'opposing party',
        clientId: keptClient,
        clientName: 'Heron Wharf Estates Ltd',
        matterId: keptMatter,
        matterName: 'Lease dispute',
      }),
    ]);
    expect(matches[0]!.similarity).toBeGreaterThan(0.45);
    expect(matches[0]!.similarity).toBeLessThan(1);
  });

  it('finds a renamed client under its new name, and every record that shares a name', async () => {
    const renamedId = await createClient(tokens.admin, { clientType: 'company', companyName: 'Marigold Textiles Ltd' });
    const renamed = await context.app.inject({
      method: 'PUT',
      url: `/api/admin/client-info/update-client/${renamedId}`,
      headers: bearer(tokens.admin),
      payload: {
        clientType: 'company',
        companyName: 'Osprey Dye Works Ltd',
        conflictCheckId: await clearedConflictCheck(context.app, tokens.admin, ['Osprey Dye Works Ltd']),
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const twinId = await createClient(tokens.admin, { clientType: 'company', companyName: 'OSPREY DYE WORKS LTD' });

    const { matches } = await matchesFor(['Osprey Dyeworks Ltd']);
    expect(matches.map((match) => match.clientId).sort()).toEqual([renamedId, twinId].sort());
    expect(matches.map((match) => match.matchedName).sort()).toEqual(['OSPREY DYE WORKS LTD', 'Osprey Dye Works Ltd']);
    expect(matches[0]!.similarity).toBe(matches[1]!.similarity);
  });

  it('finds the same names through the trigram index as by reading every name', async () => {
    // The index differs by database (migration 0016); a broken one would find nothing, silently.
    const indexes = await rowsOf<{ indexname: string }>(
      context.database.db.execute(
        sql`select indexname from pg_indexes where tablename = 'conflict_names' and indexdef like '%gin_trgm_ops%'`,
      ),
    );
    const expected = context.database.kind === 'postgres' ? 'conflict_names_firm_trgm_idx' : 'conflict_names_trgm_idx';
    expect(indexes.map((index) => index.indexname)).toEqual([expected]);
    const namesFor = (planner: Record<string, string>) =>
      context.database.withFirm(
        firm.firmId,
        async (tx) => {
          const found = [];
          for (const name of ['Chinedu Okonkwoo', 'Swift Haulage Limited', 'Kestrel'])
            found.push(...(await findNameMatches(tx, firm.firmId, name, 50)));
          return found.map((match) => `${match.searchedName} → ${match.matchedName} (${match.matchType})`).sort();
        },
        { settings: { ...MATCH_THRESHOLDS, ...planner } },
      );
    const byIndex = await namesFor({ enable_seqscan: 'off' });
    const byReading = await namesFor({ enable_bitmapscan: 'off', enable_indexscan: 'off' });
    expect(byIndex).toContain('Kestrel → Kestrel Software Ltd (company)');
    expect(byIndex).toEqual(byReading);
  });

  it('records the check with who searched, the names and the matches', async () => {
    const { id, matches } = await matchesFor(['Chinedu Okonkwoo']);
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ searched_by_user_id: string; searched_names: string[]; match_count: number; matches: ConflictMatch[]; context: string }>(
        tx.execute(sql`select * from conflict_checks where id = ${id}`),
      ),
    );
    expect(row).toMatchObject({
      searched_by_user_id: firm.users.admin.id,
      searched_names: ['Chinedu Okonkwoo'],
      match_count: matches.length,
      matches,
      context: 'client',
    });
    const stored = await context.app.inject({
      method: 'GET',
      url: `/api/admin/conflict-check/get-conflict-check/${id}`,
      headers: bearer(tokens.admin),
    });
    expect(stored.json().data).toMatchObject({
      id,
      searchedBy: 'Ada Okafor',
      matchCount: matches.length,
      matches,
      decision: null,
      decidedAt: null,
    });
  });

  it('lets anyone with clientInfo run a check (billing staff too)', async () => {
    expect((await run({ names: ['Amaka Nwosu'] }, tokens.billing)).statusCode).toBe(200);
    expect((await run({ names: ['Amaka Nwosu'] }, tokens.feeEarner)).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Enter at least one name to check'],
    [{ names: [] }, 'Enter at least one name to check'],
    [{ names: 'Chinedu' }, 'Enter at least one name to check'],
    [{ names: ['A'] }, 'Each name needs at least 2 characters'],
    [{ names: Array.from({ length: 21 }, (_, index) => `Name ${index}`) }, 'Check at most 20 names at once'],
    [{ names: ['Chinedu'], context: 'invoice' }, undefined],
    [{ names: ['Chinedu'], extra: true }, 'Unknown field: "extra"'],
  ])('refuses %j and records nothing', async (payload, message) => {
    const before = await countChecks(firm.firmId);
    const response = await run(payload);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    expect(await countChecks(firm.firmId)).toBe(before);
  });
});

describe('deciding on a conflict check', () => {
  const decide = (id: string, payload: object, token = tokens.admin) =>
    context.app.inject({ method: 'POST', url: `/api/admin/conflict-check/record-decision/${id}`, headers: bearer(token), payload });

  it('records the decision once; a second decision is a conflict', async () => {
    const { id } = await matchesFor(['Chinedu Okonkwo']);
    const response = await decide(
      id,
      { decision: 'proceed_despite_conflict', notes: 'Different person: checked date of birth' },
      tokens.feeEarner,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      decision: 'proceed_despite_conflict',
      decisionNotes: 'Different person: checked date of birth',
    });
    expect(response.json().data.decidedAt).toEqual(expect.any(String));
    const again = await decide(id, { decision: 'declined' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A decision has already been recorded for this conflict check');
    const stored = await context.app.inject({
      method: 'GET',
      url: `/api/admin/conflict-check/get-conflict-check/${id}`,
      headers: bearer(tokens.admin),
    });
    expect(stored.json().data.decision).toBe('proceed_despite_conflict');
  });

  it('needs clientInfo.create or matterMaster.create', async () => {
    const { id } = await matchesFor(['Amaka Nwosu']);
    const response = await decide(id, { decision: 'no_conflict' }, tokens.billing);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You don't have permission to perform this action. Please contact your admin to provide access");
    const stored = await context.app.inject({
      method: 'GET',
      url: `/api/admin/conflict-check/get-conflict-check/${id}`,
      headers: bearer(tokens.admin),
    });
    expect(stored.json().data.decision).toBeNull();
  });

  it("answers 404 for another firm's check and a missing one, 400 for a bad decision", async () => {
    const { id: otherId } = await matchesFor(['Chinedu Okonkwo'], tokens.otherAdmin);
    expect((await decide(otherId, { decision: 'no_conflict' })).statusCode).toBe(404);
    expect((await decide(randomUUID(), { decision: 'no_conflict' })).statusCode).toBe(404);
    const { id } = await matchesFor(['Amaka Nwosu']);
    const bad = await decide(id, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Decision is required');
    expect((await decide(id, {})).json().message).toBe('Decision is required');
    expect((await decide('not-a-uuid', { decision: 'no_conflict' })).statusCode).toBe(400);
    const other = await context.app.inject({
      method: 'GET',
      url: `/api/admin/conflict-check/get-conflict-check/${otherId}`,
      headers: bearer(tokens.admin),
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('the list of conflict checks', () => {
  it("pages the firm's own checks, newest first, with who searched", async () => {
    await matchesFor(['Fatima Bello'], tokens.feeEarner);
    const total = await countChecks(firm.firmId);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/admin/conflict-check/get-conflict-checks?page=1&size=2',
      headers: bearer(tokens.admin),
    });
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ page: 1, size: 2, totalCount: total });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ searchedNames: ['Fatima Bello'], searchedBy: 'Tunde Bakare' });
    expect(page.data[0].createdAt >= page.data[1].createdAt).toBe(true);
    const otherList = await context.app.inject({
      method: 'GET',
      url: '/api/admin/conflict-check/get-conflict-checks',
      headers: bearer(tokens.otherAdmin),
    });
    expect(otherList.json().data.totalCount).toBe(await countChecks(otherFirm.firmId));
    expect(otherList.body).not.toContain('Fatima Bello');
    const badPage = await context.app.inject({
      method: 'GET',
      url: '/api/admin/conflict-check/get-conflict-checks?size=500',
      headers: bearer(tokens.admin),
    });
    expect(badPage.statusCode).toBe(400);
  });
});
