import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_RULE_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, clearedConflictCheck, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let token: string;
let otherToken: string;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  token = await signIn(context.app, firm.users.admin.email);
  otherToken = await signIn(context.app, otherFirm.users.admin.email);
});
afterAll(() => context.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, as = token) =>
  context.app.inject({ method, url, headers: bearer(as), payload });
const createClient = (payload: object) => send('POST', '/api/admin/client-info/create-client', payload);
const createMatter = (payload: object) => send('POST', '/api/admin/matter-master/create-matter', payload);

/** A check of these names with the decision given (null: none recorded), written as a past check would be. */
async function checkWith(names: string[], decision: string | null, notes: string | null = null, firmId = firm.firmId): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    context.database.db
      .execute(sql`insert into conflict_checks (firm_id, searched_by_user_id, context, searched_names, decision, decision_notes, decided_at)
      values (${firmId}, ${firmId === firm.firmId ? firm.users.admin.id : otherFirm.users.admin.id}, 'client',
        ${`{${names.map((name) => `"${name}"`).join(',')}}`}::text[], ${decision}, ${notes}, case when ${decision}::text is null then null else now() end)
      returning id`),
  );
  return row!.id;
}

/** Rows a refused save must leave as they were. */
const written = async () => {
  const [row] = await rowsOf<Record<string, number>>(
    context.database.db.execute(sql`select
      (select count(*)::int from clients where firm_id = ${firm.firmId}) as clients,
      (select count(*)::int from matters where firm_id = ${firm.firmId}) as matters,
      (select count(*)::int from audit_events where firm_id = ${firm.firmId}) as audits,
      (select count(*)::int from conflict_checks where firm_id = ${firm.firmId} and (client_id is not null or matter_id is not null)) as used`),
  );
  return row!;
};

const person = (firstName: string, lastName: string, conflictCheckId?: string | null) => ({
  clientType: 'individual',
  firstName,
  lastName,
  ...(conflictCheckId === undefined ? {} : { conflictCheckId }),
});

describe('a client or matter save needs a cleared conflict check of its new names', () => {
  it.each([
    ['no check at all', async () => undefined, 400, CONFLICT_RULE_MESSAGES.required],
    [
      'a check of other names',
      async () => checkWith(['Somebody Else'], 'no_conflict'),
      400,
      `${CONFLICT_RULE_MESSAGES.namesNotChecked}: Adaeze Nwosu`,
    ],
    ['a check with no decision', async () => checkWith(['Adaeze Nwosu'], null), 400, CONFLICT_RULE_MESSAGES.undecided],
    ['a declined check', async () => checkWith(['Adaeze Nwosu'], 'declined'), 409, CONFLICT_RULE_MESSAGES.declined],
    [
      'proceeding despite a conflict without notes',
      async () => checkWith(['Adaeze Nwosu'], 'proceed_despite_conflict'),
      400,
      CONFLICT_RULE_MESSAGES.notesRequired,
    ],
    [
      "another firm's check",
      async () => checkWith(['Adaeze Nwosu'], 'no_conflict', null, otherFirm.firmId),
      404,
      'Conflict check not found',
    ],
  ])('refuses a client saved with %s, writing nothing', async (_, checkOf, status, message) => {
    const before = await written();
    const response = await createClient(person('Adaeze', 'Nwosu', await checkOf()));
    expect([response.statusCode, response.json().success, response.json().message]).toEqual([status, false, message]);
    expect(await written()).toEqual(before);
  });

  it('saves against "no conflict", or "proceed despite conflict" with notes, and records the check against the record', async () => {
    const cleared = await checkWith(['Ifeoma Obi'], 'no_conflict');
    const first = await createClient(person('Ifeoma', 'Obi', cleared));
    expect(first.statusCode, first.body).toBe(201);
    const proceeded = await checkWith(['IFEOMA OBI'], 'proceed_despite_conflict', 'Former client; matters unrelated, consent on file');
    const second = await createClient(person('Ifeoma', 'Obi', proceeded));
    expect(second.statusCode, second.body).toBe(201);
    const uses = await rowsOf<{ id: string; client_id: string }>(
      context.database.db.execute(sql`select id, client_id from conflict_checks where id in (${cleared}, ${proceeded}) order by decision`),
    );
    expect(uses.map((use) => use.client_id).sort()).toEqual([first.json().data.id, second.json().data.id].sort());
  });

  it('refuses a check already used by another client or matter', async () => {
    const check = await clearedConflictCheck(context.app, token, ['Chukwudi Eze', 'Eze family trust']);
    expect((await createClient(person('Chukwudi', 'Eze', check))).statusCode).toBe(201);
    const before = await written();
    const again = await createClient(person('Chukwudi', 'Eze', check));
    expect([again.statusCode, again.json().message]).toEqual([409, CONFLICT_RULE_MESSAGES.alreadyUsed]);
    const asMatter = await createMatter({
      clientId: firm.otherClientId,
      matterName: 'Eze family trust',
      matterRate: 'Hourly',
      conflictCheckId: check,
    });
    expect([asMatter.statusCode, asMatter.json().message]).toEqual([409, CONFLICT_RULE_MESSAGES.alreadyUsed]);
    expect(await written()).toEqual(before);
  });

  it('lets a matter reuse no check, and refuses a declined one for a matter too', async () => {
    const names = ['Okafor Holdings Ltd', 'Share purchase'];
    const check = await clearedConflictCheck(context.app, token, names);
    const matter = {
      clientId: firm.otherClientId,
      matterName: 'Share purchase',
      matterRate: 'Hourly',
      parties: [{ partyRole: 'opposing', name: 'Okafor Holdings Ltd' }],
    };
    expect((await createMatter({ ...matter, conflictCheckId: check })).statusCode).toBe(201);
    const before = await written();
    const reused = await createMatter({ ...matter, conflictCheckId: check });
    expect([reused.statusCode, reused.json().message]).toEqual([409, CONFLICT_RULE_MESSAGES.alreadyUsed]);
    const declined = await createMatter({ ...matter, conflictCheckId: await checkWith(names, 'declined') });
    expect([declined.statusCode, declined.json().message]).toEqual([409, CONFLICT_RULE_MESSAGES.declined]);
    expect(await written()).toEqual(before);
  });

  it('asks an edit to check only the names it adds', async () => {
    const names = ['Kestrel Tankers Ltd', 'Charter dispute'];
    const matter = {
      clientId: firm.otherClientId,
      matterName: 'Charter dispute',
      matterRate: 'Hourly',
      parties: [{ partyRole: 'opposing', name: 'Kestrel Tankers Ltd' }],
    };
    const created = await createMatter({ ...matter, conflictCheckId: await clearedConflictCheck(context.app, token, names) });
    const id = created.json().data.id as string;
    const update = (body: object) => send('PUT', `/api/admin/matter-master/update-matter/${id}`, body);

    expect((await update({ ...matter, description: 'Demurrage claim' })).statusCode).toBe(200);
    const withParty = { ...matter, parties: [...matter.parties, { partyRole: 'related', name: 'Harbour Agents Ltd' }] };
    const before = await written();
    const unchecked = await update(withParty);
    expect([unchecked.statusCode, unchecked.json().message]).toEqual([400, CONFLICT_RULE_MESSAGES.required]);
    const wrongNames = await update({ ...withParty, conflictCheckId: await checkWith(['Kestrel Tankers Ltd'], 'no_conflict') });
    expect(wrongNames.json().message).toBe(`${CONFLICT_RULE_MESSAGES.namesNotChecked}: Harbour Agents Ltd`);
    expect(await written()).toEqual(before);
    const checked = await update({ ...withParty, conflictCheckId: await clearedConflictCheck(context.app, token, ['Harbour Agents Ltd']) });
    expect(checked.statusCode, checked.body).toBe(200);
  });

  it('refuses to record "proceed despite conflict" without notes, and the decision stays open', async () => {
    const run = await send('POST', '/api/admin/conflict-check/run-conflict-check', { names: ['Emeka Nnamdi'] });
    const id = run.json().data.conflictCheckId as string;
    const decide = (payload: object) => send('POST', `/api/admin/conflict-check/record-decision/${id}`, payload);
    const refused = await decide({ decision: 'proceed_despite_conflict', notes: '   ' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, CONFLICT_RULE_MESSAGES.notesRequired]);
    const recorded = await decide({ decision: 'proceed_despite_conflict', notes: 'Conflict waived in writing by both clients' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect((await createClient(person('Emeka', 'Nnamdi', id))).statusCode).toBe(201);
    // Another firm cannot decide on, or even see, this firm's check.
    const foreign = await send('POST', `/api/admin/conflict-check/record-decision/${id}`, { decision: 'declined' }, otherToken);
    expect(foreign.statusCode).toBe(404);
  });
});
