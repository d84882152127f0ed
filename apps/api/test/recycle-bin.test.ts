import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from './support/document-fixture.ts';
import { PROGRESS_NOTE_BASE, setUpProgressNoteFixture, type ProgressNoteFixture } from './support/progress-note-fixture.ts';
import { createFileStore } from '../src/platform/files/files.ts';
import { rowsOf } from './support/test-app.ts';
import { TIME_ENTRY_BASE } from './support/time-entry-fixtures.ts';

/** The recycle bin (issue 39): delete → bin → restore with children, delete for good, money refused, the purge job. */
let fixture: ProgressNoteFixture;
const BIN = '/api/admin/recycle-bin';
const files = () => createFileStore(fixture.context.config.files);

beforeAll(async () => {
  fixture = await setUpProgressNoteFixture();
});
afterAll(() => fixture.context.close());

type Entry = { id: string; kind: string; name: string; belongsTo: string | null; deletedBy: string | null; daysLeft: number };
const binOf = async (query = '', token = fixture.tokens.admin) => {
  const answer = await fixture.call('GET', `${BIN}/get-items?size=100${query}`, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { data: Entry[]; totalCount: number };
};
const inFirm = <T>(query: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<T>(tx.execute(query)));
const isLive = async (table: string, id: string) =>
  (await inFirm<{ live: boolean }>(sql`select deleted_at is null as live from ${sql.raw(table)} where id = ${id}`))[0]?.live;
const exists = async (table: string, id: string) =>
  (await inFirm<{ count: number }>(sql`select count(*)::int as count from ${sql.raw(table)} where id = ${id}`))[0]!.count > 0;

/** A matter of its own (so the tests do not share one), with a time entry and a progress note with a file. */
async function matterWithWork(name: string) {
  const clientId = fixture.references.openMatter.clientId;
  const [matter] = await inFirm<{ id: string }>(
    sql`insert into matters (firm_id, client_id, matter_name, billing_type) values (${fixture.firm.firmId}, ${clientId}, ${name}, 'Hourly') returning id`,
  );
  const entry = await fixture.call('POST', TIME_ENTRY_BASE, fixture.tokens.admin, {
    clientId,
    matterId: matter!.id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.admin.id,
    description: `Work on ${name}`,
    timeEntryDate: '2025-03-14',
    duration: '1.5',
    userRate: '80000.00',
    exchangeRate: '1',
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const note = await fixture.create({ matterId: matter!.id, noteDate: '2025-05-06', title: `Note on ${name}`, body: '<p>Called.</p>' });
  expect(note.statusCode, note.body).toBe(201);
  const attachment = await fixture.upload(note.json().data.id, 'photo.png', PNG);
  expect(attachment.statusCode, attachment.body).toBe(201);
  return { matterId: matter!.id, clientId, entryId: entry.json().data.id as string, noteId: note.json().data.id as string };
}

describe('the recycle bin', () => {
  it('takes a deleted time entry and lists it with who deleted it and the days left; restore puts it back', async () => {
    const work = await matterWithWork('Lease renewal');
    expect((await fixture.call('DELETE', `${TIME_ENTRY_BASE}/${work.entryId}`, fixture.tokens.admin)).statusCode).toBe(200);
    const { data } = await binOf('&Kind=timeEntry');
    const item = data.find((entry) => entry.id === work.entryId)!;
    expect(item).toMatchObject({ kind: 'timeEntry', name: 'Work on Lease renewal (14/03/2025)', belongsTo: 'Lease renewal', daysLeft: 30 });
    expect(item.deletedBy).toBeTruthy();
    expect((await binOf('&Search=lease renewal')).data.map((entry) => entry.id)).toContain(work.entryId);
    expect((await binOf('&Kind=matter')).data.map((entry) => entry.id)).not.toContain(work.entryId);

    const restored = await fixture.call('POST', `${BIN}/restore/${work.entryId}`, fixture.tokens.admin);
    expect([restored.statusCode, restored.json().data]).toEqual([200, { kind: 'timeEntry', id: work.entryId }]);
    expect(await isLive('time_entries', work.entryId)).toBe(true);
    expect((await fixture.call('POST', `${BIN}/restore/${work.entryId}`, fixture.tokens.admin)).statusCode).toBe(404);
  });

  it('sends a matter’s time and notes to the bin with it and brings back exactly those, not what was deleted before', async () => {
    const work = await matterWithWork('Boundary dispute');
    // Deleted on its own first: it stays in the bin when the matter comes back.
    expect(
      (await fixture.call('DELETE', `${PROGRESS_NOTE_BASE}/delete-progress-note/${work.noteId}`, fixture.tokens.admin)).statusCode,
    ).toBe(200);
    const deleted = await fixture.call('DELETE', `/api/admin/matter-master/delete-matter/${work.matterId}`, fixture.tokens.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await isLive('time_entries', work.entryId)).toBe(false);
    // The time entry went with the matter: it is not listed on its own, and hidden from the time list.
    const listed = (await binOf()).data.map((entry) => entry.id);
    expect(listed).toEqual(expect.arrayContaining([work.matterId, work.noteId]));
    expect(listed).not.toContain(work.entryId);
    const times = await fixture.call('GET', `${TIME_ENTRY_BASE}?page=1&size=100`, fixture.tokens.admin);
    expect(JSON.stringify(times.json().data)).not.toContain(work.entryId);
    // A child cannot come back into a deleted matter.
    const early = await fixture.call('POST', `${BIN}/restore/${work.noteId}`, fixture.tokens.admin);
    expect([early.statusCode, early.json().message]).toEqual([409, 'Restore its matter first']);

    expect((await fixture.call('POST', `${BIN}/restore/${work.matterId}`, fixture.tokens.admin)).statusCode).toBe(200);
    expect(await isLive('matters', work.matterId)).toBe(true);
    expect(await isLive('time_entries', work.entryId)).toBe(true);
    expect(await isLive('progress_notes', work.noteId)).toBe(false);
    expect((await fixture.call('POST', `${BIN}/restore/${work.noteId}`, fixture.tokens.admin)).statusCode).toBe(200);
  });

  it('deletes for good only when the name is typed, with the children and the stored files, and audits it', async () => {
    const work = await matterWithWork('Probate of J. Okafor');
    const [file] = await inFirm<{ key: string }>(
      sql`select storage_key as key from progress_note_attachments where progress_note_id = ${work.noteId}`,
    );
    expect(await files().read(file!.key)).not.toBeNull();
    const admin = fixture.firm.users.admin.id;
    const [fee] = await inFirm<{ id: string }>(
      sql`insert into flat_fees (firm_id, client_id, matter_id, user_id, flat_fee_date, description, amount, added_by_user_id)
          values (${fixture.firm.firmId}, ${work.clientId}, ${work.matterId}, ${admin}, current_date, 'Filing fee', 50000, ${admin}) returning id`,
    );
    const deleted = await fixture.call('DELETE', `/api/admin/matter-master/delete-matter/${work.matterId}`, fixture.tokens.admin);
    expect(deleted.statusCode).toBe(200);
    expect(await isLive('flat_fees', fee!.id)).toBe(false);

    const billing = await fixture.memberWith(['recycleBin']);
    expect(
      (await fixture.call('DELETE', `${BIN}/purge/${work.matterId}`, billing, { confirmName: 'Probate of J. Okafor' })).statusCode,
    ).toBe(403);
    const mistyped = await fixture.call('DELETE', `${BIN}/purge/${work.matterId}`, fixture.tokens.admin, { confirmName: 'Probate' });
    expect([mistyped.statusCode, mistyped.json().message]).toEqual([400, 'Type the name exactly to delete it permanently']);
    expect(await exists('matters', work.matterId)).toBe(true);

    const purged = await fixture.call('DELETE', `${BIN}/purge/${work.matterId}`, fixture.tokens.admin, {
      confirmName: 'Probate of J. Okafor',
    });
    expect(purged.statusCode, purged.body).toBe(200);
    for (const [table, id] of [
      ['matters', work.matterId],
      ['time_entries', work.entryId],
      ['progress_notes', work.noteId],
      ['flat_fees', fee!.id],
    ] as const)
      expect(await exists(table, id), table).toBe(false);
    await fixture.context.app.afterResponse.settled();
    expect(await files().read(file!.key)).toBeNull();
    const [event] = await inFirm<{ action: string }>(
      sql`select action from audit_events where entity_id = ${work.matterId} order by id desc limit 1`,
    );
    expect(event!.action).toBe('recycleBin.purged');
  });

  it('refuses to delete a client or matter with money history (archive or close it), and never purges a live record', async () => {
    const work = await matterWithWork('Debt recovery');
    const [invoice] = await inFirm<{ id: string }>(
      sql`insert into invoices (firm_id, client_id, issue_date, due_date, number_value, invoice_number, status, created_by_user_id)
          values (${fixture.firm.firmId}, ${work.clientId}, current_date, current_date, 999001, 'INV-999001', 'Approved', ${fixture.firm.users.admin.id})
          returning id`,
    );
    await inFirm(
      sql`insert into invoice_matters (firm_id, invoice_id, matter_id) values (${fixture.firm.firmId}, ${invoice!.id}, ${work.matterId})`,
    );
    const matter = await fixture.call('DELETE', `/api/admin/matter-master/delete-matter/${work.matterId}`, fixture.tokens.admin);
    expect([matter.statusCode, matter.json().message]).toEqual([
      409,
      'This matter has invoices, trust money or journals: close it instead (it keeps its history)',
    ]);
    const client = await fixture.call('DELETE', `/api/admin/client-info/delete-client/${work.clientId}`, fixture.tokens.admin);
    expect([client.statusCode, client.json().message]).toEqual([
      409,
      'This client has invoices, payments or trust money: archive it instead (it keeps its history and leaves the pickers)',
    ]);
    expect(await isLive('matters', work.matterId)).toBe(true);
    expect(await isLive('clients', work.clientId)).toBe(true);
    expect(await isLive('time_entries', work.entryId)).toBe(true);
    // A live record is not in the bin: it cannot be purged, whatever is typed.
    expect((await fixture.call('DELETE', `${BIN}/purge/${work.entryId}`, fixture.tokens.admin, { confirmName: 'x' })).statusCode).toBe(404);
    expect(
      (await fixture.call('DELETE', `${BIN}/purge/${work.matterId}`, fixture.tokens.admin, { confirmName: 'Debt recovery' })).statusCode,
    ).toBe(404);
  });

  it('hides another firm’s bin, and the purge job deletes only what stayed past the retention', async () => {
    const work = await matterWithWork('Tenancy');
    expect(
      (await fixture.call('DELETE', `${PROGRESS_NOTE_BASE}/delete-progress-note/${work.noteId}`, fixture.tokens.admin)).statusCode,
    ).toBe(200);
    expect((await binOf('', fixture.tokens.otherAdmin)).data.map((entry) => entry.id)).not.toContain(work.noteId);
    expect((await fixture.call('POST', `${BIN}/restore/${work.noteId}`, fixture.tokens.otherAdmin)).statusCode).toBe(404);

    expect((await fixture.call('DELETE', `${TIME_ENTRY_BASE}/${work.entryId}`, fixture.tokens.admin)).statusCode).toBe(200);
    await fixture.context.database.db.execute(
      sql`update progress_notes set deleted_at = now() - interval '31 days' where id = ${work.noteId}`,
    );
    await fixture.context.app.recycleBin.purgeExpired();
    expect(await exists('progress_notes', work.noteId)).toBe(false);
    expect(await exists('time_entries', work.entryId)).toBe(true);
  });
});
