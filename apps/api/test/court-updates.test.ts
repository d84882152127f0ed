import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURT_UPDATE_MESSAGES } from '@matterhorn/shared';
import { rowsOf } from './support/test-app.ts';
import {
  countCourtUpdateRows,
  PROGRESS_UPDATE_BASE as base,
  setUpCourtUpdateFixture,
  type CourtUpdateFixture,
} from './court-updates-fixture.ts';

let fixture: CourtUpdateFixture;
beforeAll(async () => {
  fixture = await setUpCourtUpdateFixture();
});
afterAll(() => fixture.context.close());

const create = (body: unknown, token = fixture.tokens.admin, headers: Record<string, string> = {}) =>
  fixture.call('POST', `${base}/create-court-update`, token, body, headers);
const snapshot = () => countCourtUpdateRows(fixture.context.database, fixture.firm.firmId);

describe('POST …/create-court-update', () => {
  it('records the hearing with who appeared, on the matter’s client, with an audit event', async () => {
    const response = await create(fixture.courtUpdate());
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      courtId: fixture.courts.federal,
      courtName: 'Federal High Court',
      courtDivision: 'Lagos Judicial Division',
      suitNumber: 'FHC/L/CS/1234/2025',
      hearingDate: '2025-05-06',
      outcome: 'Matter came up for mention.\nAdjourned for hearing of the motion on notice.',
      nextAdjournedDate: '2025-06-10',
      nextAdjournedTime: '09:30',
      nextSteps: 'File a reply on points of law',
      isSharedWithClient: false,
      addedByUserId: fixture.firm.users.admin.id,
    });
    expect(data.appearances.map((user: { userId: string }) => user.userId).sort()).toEqual(
      [fixture.firm.users.admin.id, fixture.firm.users.feeEarner.id].sort(),
    );
    expect(data.clientName).not.toBe('');
    const events = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${data.id}`)),
    );
    expect(events).toEqual([{ action: 'courtUpdate.created' }]);
  });

  it('takes a client that agrees with the matter, and no next hearing at all', async () => {
    const response = await create(
      fixture.courtUpdate({
        clientId: fixture.references.openMatter.clientId,
        nextAdjournedDate: null,
        nextAdjournedTime: '',
        nextAdjournedPurpose: null,
        appearanceUserIds: [],
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ nextAdjournedDate: null, nextAdjournedTime: null, appearances: [] });
  });

  it.each([
    ['a next adjourned date before the hearing', { nextAdjournedDate: '2025-05-05' }, COURT_UPDATE_MESSAGES.nextDateBeforeHearing],
    ['a time without a next date', { nextAdjournedDate: null }, COURT_UPDATE_MESSAGES.nextTimeWithoutDate],
    ['a purpose without a next date', { nextAdjournedDate: '', nextAdjournedTime: null }, COURT_UPDATE_MESSAGES.nextPurposeWithoutDate],
    ['no court', { courtId: '' }, COURT_UPDATE_MESSAGES.courtRequired],
    ['no matter', { matterId: undefined }, COURT_UPDATE_MESSAGES.matterRequired],
    ['no hearing date', { hearingDate: '' }, COURT_UPDATE_MESSAGES.hearingDateRequired],
    ['an impossible hearing date', { hearingDate: '2025-02-30' }, 'Hearing date must be a date (YYYY-MM-DD)'],
    ['a time that is not HH:MM', { nextAdjournedTime: '25:00' }, 'Time must be HH:MM (24-hour)'],
    ['no suit number', { suitNumber: ' ' }, 'Suit number is required'],
    ['nothing about what happened', { outcome: '' }, 'What happened is required'],
    ['an appearance that is not an id', { appearanceUserIds: ['someone'] }, 'Appearance must be the firm’s fee earners'],
    ['a field it does not know', { courtName: 'Made up' }, undefined],
  ])('refuses %s with 400 and writes nothing', async (_title, overrides, message) => {
    const before = await snapshot();
    const response = await create(fixture.courtUpdate(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    if (message) expect(JSON.stringify(response.json())).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a client the matter is not of, another firm’s matter, court or fee earner, and writes nothing', async () => {
    const before = await snapshot();
    const wrongClient = await create(fixture.courtUpdate({ clientId: fixture.firm.otherClientId }));
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json().message).toBe(COURT_UPDATE_MESSAGES.matterNotOfClient);
    const theirs = fixture.otherReferences.openMatter;
    expect((await create(fixture.courtUpdate({ matterId: theirs.id }))).statusCode).toBe(404);
    expect((await create(fixture.courtUpdate({ clientId: theirs.clientId }))).statusCode).toBe(400);
    const theirCourt = await create(fixture.courtUpdate({ courtId: fixture.otherCourt }));
    expect(theirCourt.statusCode).toBe(404);
    expect(theirCourt.json().message).toBe('Court not found');
    const theirUser = await create(fixture.courtUpdate({ appearanceUserIds: [fixture.otherFirm.users.feeEarner.id] }));
    expect(theirUser.statusCode).toBe(400);
    expect(theirUser.json().message).toBe('Appearance must be the firm’s fee earners');
    for (const response of [theirCourt, theirUser]) expect(response.body).not.toContain('Court of Appeal');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a deleted matter or court and a deactivated fee earner', async () => {
    const court = (
      await fixture.call('POST', `${base}/courts`, fixture.tokens.admin, { name: 'Magistrate Court', division: 'Yaba' })
    ).json().data.id;
    await fixture.call('DELETE', `${base}/courts/${court}`, fixture.tokens.admin);
    const inactive = fixture.firm.users.billing.id;
    const matter = fixture.references.matters.find(
      (candidate) => candidate.status === 'Open' && candidate.id !== fixture.references.openMatter.id,
    )!;
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      await tx.execute(sql`update users set is_active = false where id = ${inactive}`);
      await tx.execute(sql`update matters set deleted_at = now() where id = ${matter.id}`);
    });
    try {
      const before = await snapshot();
      expect((await create(fixture.courtUpdate({ courtId: court }))).statusCode).toBe(404);
      expect((await create(fixture.courtUpdate({ matterId: matter.id }))).statusCode).toBe(404);
      const deactivated = await create(fixture.courtUpdate({ appearanceUserIds: [inactive] }));
      expect(deactivated.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    } finally {
      await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
        await tx.execute(sql`update users set is_active = true where id = ${inactive}`);
        await tx.execute(sql`update matters set deleted_at = null where id = ${matter.id}`);
      });
    }
  });

  it('creates one court update for a POST sent twice with the same Idempotency-Key', async () => {
    const before = await snapshot();
    const headers = { 'idempotency-key': 'court-update-double-0001' };
    const first = await create(fixture.courtUpdate(), fixture.tokens.admin, headers);
    const second = await create(fixture.courtUpdate(), fixture.tokens.admin, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await snapshot()).updates).toBe(Number(before.updates) + 1);
  });
});

describe('a court update after it is recorded', () => {
  it('is read, changed (appearances replaced, the change in the trail) and soft-deleted', async () => {
    const id = await fixture.addCourtUpdate({ suitNumber: 'LD/999/2024' });
    const view = await fixture.call('GET', `${base}/get-court-update/${id}`, fixture.tokens.feeEarner);
    expect(view.statusCode).toBe(200);
    expect(view.json().data.suitNumber).toBe('LD/999/2024');
    const updated = await fixture.call(
      'PUT',
      `${base}/update-court-update/${id}`,
      fixture.tokens.admin,
      fixture.courtUpdate({
        suitNumber: 'LD/999/2024',
        courtId: fixture.courts.lagos,
        appearanceUserIds: [fixture.firm.users.billing.id],
        nextAdjournedDate: '2025-07-01',
        nextAdjournedTime: '10:00',
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      courtName: 'High Court of Lagos State',
      nextAdjournedDate: '2025-07-01',
      nextAdjournedTime: '10:00',
      appearances: [{ userId: fixture.firm.users.billing.id, name: 'Grace Eze' }],
    });
    expect((await fixture.call('DELETE', `${base}/delete-court-update/${id}`, fixture.tokens.admin)).statusCode).toBe(200);
    expect((await fixture.call('GET', `${base}/get-court-update/${id}`, fixture.tokens.admin)).statusCode).toBe(404);
    expect((await fixture.call('DELETE', `${base}/delete-court-update/${id}`, fixture.tokens.admin)).statusCode).toBe(404);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ deleted: boolean; appearances: number; actions: string[]; change: Record<string, unknown> }>(
        tx.execute(sql`select deleted_at is not null as deleted,
          (select count(*)::int from court_update_appearances where court_update_id = ${id}) as appearances,
          (select array_agg(action order by action) from audit_events where entity_id = ${id}) as actions,
          (select details from audit_events where entity_id = ${id} and action = 'courtUpdate.updated') as change
          from court_updates where id = ${id}`),
      ),
    );
    expect(row).toMatchObject({
      deleted: true,
      appearances: 1,
      actions: ['courtUpdate.created', 'courtUpdate.deleted', 'courtUpdate.updated'],
    });
    expect(row!.change).toMatchObject({
      before: { courtId: fixture.courts.federal, nextAdjournedDate: '2025-06-10', nextAdjournedTime: '09:30' },
      after: { courtId: fixture.courts.lagos, nextAdjournedDate: '2025-07-01', nextAdjournedTime: '10:00' },
    });
  });

  it('refuses a bad change with 400 and leaves it as it was', async () => {
    const id = await fixture.addCourtUpdate();
    const before = await snapshot();
    const refused = await fixture.call(
      'PUT',
      `${base}/update-court-update/${id}`,
      fixture.tokens.admin,
      fixture.courtUpdate({ hearingDate: '2025-07-01', nextAdjournedDate: '2025-06-30' }),
    );
    expect(refused.statusCode).toBe(400);
    const theirUser = await fixture.call(
      'PUT',
      `${base}/update-court-update/${id}`,
      fixture.tokens.admin,
      fixture.courtUpdate({ appearanceUserIds: [fixture.otherFirm.users.admin.id] }),
    );
    expect(theirUser.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a fee earner who appeared and has since left, but takes no newly added one who has left', async () => {
    const billing = fixture.firm.users.billing.id;
    const id = await fixture.addCourtUpdate({ appearanceUserIds: [billing] });
    await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      tx.execute(sql`update users set is_active = false where id = ${billing}`),
    );
    try {
      const put = (appearanceUserIds: string[], target = id) =>
        fixture.call('PUT', `${base}/update-court-update/${target}`, fixture.tokens.admin, fixture.courtUpdate({ appearanceUserIds }));
      const kept = await put([billing, fixture.firm.users.admin.id]);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.appearances).toHaveLength(2);
      const other = await fixture.addCourtUpdate({ appearanceUserIds: [] });
      expect((await put([billing], other)).statusCode).toBe(400);
    } finally {
      await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        tx.execute(sql`update users set is_active = true where id = ${billing}`),
      );
    }
  });

  it('answers "not found" to another firm for every call on it', async () => {
    const id = await fixture.addCourtUpdate({ suitNumber: 'NOT/THEIRS/1' });
    const token = fixture.tokens.otherAdmin;
    const theirBody = fixture.courtUpdate({
      matterId: fixture.otherReferences.openMatter.id,
      courtId: fixture.otherCourt,
      appearanceUserIds: [],
    });
    for (const response of [
      await fixture.call('GET', `${base}/get-court-update/${id}`, token),
      await fixture.call('PUT', `${base}/update-court-update/${id}`, token, theirBody),
      await fixture.call('DELETE', `${base}/delete-court-update/${id}`, token),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('NOT/THEIRS/1');
    }
    expect((await fixture.call('GET', `${base}/get-court-update/${id}`, fixture.tokens.admin)).json().data.suitNumber).toBe('NOT/THEIRS/1');
  });
});
