import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_NOTE_BASE } from './support/progress-note-fixture.ts';
import { setUpDocumentFixture, type DocumentFixture } from './support/document-fixture.ts';
import { rowsOf } from './support/test-app.ts';
import { workRetentionJobs } from '../src/modules/time-suggestions/time-suggestions.api.ts';
import { createTimeSuggestionService } from '../src/modules/time-suggestions/time-suggestions.service.ts';
import type { FirmPrincipal } from '../src/plugins/route-access.ts';

/** Suggested time (issue 44): a member's own work on matters, proposed as draft time they accept or dismiss. */
const BASE = '/api/admin/time-suggestions';
let fixture: DocumentFixture;
let today: string;
let matterA: { id: string; clientId: string };
let matterB: { id: string; clientId: string };
let matterC: { id: string; clientId: string };
let matterD: { id: string; clientId: string };

type Suggestion = { matterId: string; proposedHours: string; recordedHours: string; narrative: string; activityName: string | null };

const as = (token: string) => ({
  suggestions: async (from = today, to = today): Promise<Suggestion[]> => {
    const answer = await fixture.call('GET', `${BASE}/get-suggestions?from=${from}&to=${to}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  },
  read: (documentId: string, seconds: number) => fixture.call('POST', `${BASE}/document-reading`, token, { documentId, seconds }),
  accept: (body: object) => fixture.call('POST', `${BASE}/accept`, token, { workDate: today, ...body }),
  dismiss: (matterId: string) => fixture.call('POST', `${BASE}/dismiss`, token, { workDate: today, matterId }),
});
const forMatter = (suggestions: Suggestion[], matterId: string) => suggestions.find((suggestion) => suggestion.matterId === matterId);
const entriesOn = (matterId: string) =>
  fixture.sqlRows<{ duration: string; user_rate: string; description: string }>(
    sql`select duration, user_rate, description from time_entries where matter_id = ${matterId} and deleted_at is null order by created_at`,
  );

beforeAll(async () => {
  fixture = await setUpDocumentFixture();
  const open = fixture.references.matters.filter((matter) => matter.status === 'Open');
  [matterA, matterB, matterC, matterD] = [open[0]!, open[1]!, open[2]!, open[3]!];
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ today: string }>(tx.execute(sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms`)),
  );
  today = row!.today;
}, 120_000);
afterAll(() => fixture.context.close());

describe('Suggested time', () => {
  it('proposes a fee earner’s day per matter from the documents read and the notes written, accepted once by the popup’s rules', async () => {
    const feeEarner = as(fixture.tokens.feeEarner);
    const lease = await fixture.uploadPdf(await fixture.matterFolderId(matterA.id), 'Lease v3.pdf', 'Lease');
    // Uploaded by the admin: the fee earner's day holds only their own reading of it, 10 minutes.
    for (const seconds of [300, 300]) expect((await feeEarner.read(lease.id, seconds)).statusCode).toBe(200);
    const note = await fixture.call('POST', `${PROGRESS_NOTE_BASE}/create-progress-note`, fixture.tokens.feeEarner, {
      matterId: matterB.id,
      noteDate: today,
      title: 'Adjourned to 12/01/2027',
      body: '<p>The court adjourned the matter.</p>',
      writingSeconds: 900,
    });
    expect(note.statusCode, note.body).toBe(201);

    const day = await feeEarner.suggestions();
    expect(forMatter(day, matterA.id)).toMatchObject({
      proposedHours: '0.2000',
      recordedHours: '0.0000',
      narrative: 'Reviewed Lease v3.pdf',
      activityName: expect.any(String),
    });
    expect(forMatter(day, matterB.id)).toMatchObject({
      proposedHours: '0.3000',
      narrative: "Wrote progress note 'Adjourned to 12/01/2027'",
    });
    expect(await as(fixture.tokens.admin).suggestions()).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ narrative: 'Reviewed Lease v3.pdf' })]),
    );
    expect((await fixture.call('GET', `${BASE}/get-count`, fixture.tokens.feeEarner)).json().data.count).toBe(2);

    const accepted = await feeEarner.accept({ matterId: matterA.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await entriesOn(matterA.id)).toEqual([{ duration: '0.2000', user_rate: '50000.00', description: 'Reviewed Lease v3.pdf' }]);
    const twice = await feeEarner.accept({ matterId: matterA.id });
    expect(twice.statusCode).toBe(409);
    expect(await entriesOn(matterA.id)).toHaveLength(1);

    // Edited shorter, the rest of the day's work on B does not come back.
    expect((await feeEarner.accept({ matterId: matterB.id, duration: '0.1', description: 'Noted the adjournment' })).statusCode).toBe(201);
    expect(await entriesOn(matterB.id)).toEqual([{ duration: '0.1000', user_rate: '50000.00', description: 'Noted the adjournment' }]);
    expect(await feeEarner.suggestions()).toEqual([]);
  });

  it('subtracts time already recorded on the matter that day, and brings back only work after a dismissal', async () => {
    const feeEarner = as(fixture.tokens.feeEarner);
    const brief = await fixture.uploadPdf(await fixture.matterFolderId(matterC.id), 'Brief.pdf', 'Brief');
    for (const seconds of [300, 300]) expect((await feeEarner.read(brief.id, seconds)).statusCode).toBe(200);
    const typed = await fixture.call('POST', '/api/admin/time-entry', fixture.tokens.admin, {
      clientId: matterC.clientId,
      matterId: matterC.id,
      activityId: fixture.references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: fixture.firm.users.feeEarner.id,
      timeEntryDate: today,
      duration: '0.1',
      exchangeRate: '1',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    // 10 minutes read less 6 recorded: 4 minutes, billed as 0.1 h.
    expect(forMatter(await feeEarner.suggestions(), matterC.id)).toMatchObject({ recordedHours: '0.1000', proposedHours: '0.1000' });

    expect((await feeEarner.dismiss(matterC.id)).statusCode).toBe(200);
    expect(await feeEarner.suggestions()).toEqual([]);
    await feeEarner.read(brief.id, 120);
    expect(forMatter(await feeEarner.suggestions(), matterC.id)).toMatchObject({ proposedHours: '0.1000' });
  });

  it('refuses to merge another matter’s suggestion, writing nothing, whatever is sent; accepts a whole day', async () => {
    const admin = as(fixture.tokens.admin);
    const [first, second] = [
      await fixture.uploadPdf(await fixture.matterFolderId(matterA.id), 'Deed.pdf', 'Deed'),
      await fixture.uploadPdf(await fixture.matterFolderId(matterB.id), 'Plan.pdf', 'Plan'),
    ];
    await admin.read(first.id, 300);
    await admin.read(second.id, 300);
    const before = [(await entriesOn(matterA.id)).length, (await entriesOn(matterB.id)).length];
    const waiting = await admin.suggestions();
    // Issue 64: a call on one client's matter merged into another's became a line on the wrong client's bill.
    for (const mergedMatterIds of [[matterB.id], [matterA.id, matterB.id]]) {
      const merged = await admin.accept({ matterId: matterA.id, mergedMatterIds });
      expect(merged.statusCode, merged.body).toBe(400);
      expect(merged.json()).toMatchObject({
        success: false,
        message: 'Only suggestions on the same matter can be merged: one matter’s work never goes on another’s entry',
      });
    }
    // The service says it again for a caller that skips the contract.
    const service = createTimeSuggestionService(fixture.context.database, () => Promise.reject(new Error('Nothing may be recorded')));
    const principal = { firmId: fixture.firm.firmId, userId: fixture.firm.users.admin.id } as FirmPrincipal;
    await expect(
      service.accept(principal, { workDate: today, matterId: matterA.id, mergedMatterIds: [matterB.id], description: '' }),
    ).rejects.toMatchObject({
      message: 'Only suggestions on the same matter can be merged: one matter’s work never goes on another’s entry',
    });
    expect([(await entriesOn(matterA.id)).length, (await entriesOn(matterB.id)).length]).toEqual(before);
    expect(await admin.suggestions()).toEqual(waiting);

    // Naming the entry's own matter merges nothing more in.
    const alone = await admin.accept({ matterId: matterA.id, mergedMatterIds: [matterA.id] });
    expect(alone.statusCode, alone.body).toBe(201);
    expect((await entriesOn(matterA.id)).at(-1)!.description).not.toContain('Plan.pdf');
    expect(forMatter(await admin.suggestions(), matterB.id)?.proposedHours).toBe('0.2000');

    const left = await admin.suggestions();
    const day = await fixture.call('POST', `${BASE}/accept-day`, fixture.tokens.admin, { workDate: today });
    expect(day.statusCode, day.body).toBe(201);
    expect(day.json().data.timeEntryIds).toHaveLength(left.length);
    expect(await admin.suggestions()).toEqual([]);
  });

  it('records nothing for a member who opted out or a firm that switched it off, and forgets what was recorded', async () => {
    const feeEarner = as(fixture.tokens.feeEarner);
    const memo = await fixture.uploadPdf(await fixture.matterFolderId(matterC.id), 'Memo.pdf', 'Memo');
    await feeEarner.read(memo.id, 300);
    expect(await feeEarner.suggestions()).not.toEqual([]);
    const optOut = await fixture.call('PUT', `${BASE}/update-preferences`, fixture.tokens.feeEarner, {
      suggestsTime: false,
      bareNumberUnit: 'minutes',
    });
    expect(optOut.json().data).toEqual({ suggestsTime: false, bareNumberUnit: 'minutes', firmSuggestsTime: true });
    const recorded = () => fixture.sqlRows(sql`select 1 from work_activities where user_id = ${fixture.firm.users.feeEarner.id}`);
    expect(await recorded()).toEqual([]);
    await feeEarner.read(memo.id, 300);
    expect(await recorded()).toEqual([]);
    const profile = await fixture.call('GET', '/api/users/get-user-profile', fixture.tokens.feeEarner);
    expect(profile.json().data[0]).toMatchObject({ suggestsTime: false, bareNumberUnit: 'minutes' });
    await fixture.call('PUT', `${BASE}/update-preferences`, fixture.tokens.feeEarner, { suggestsTime: true });

    const off = await fixture.call('PUT', '/api/admin/firm/settings', fixture.tokens.admin, { suggestsTime: false });
    expect(off.statusCode, off.body).toBe(200);
    await feeEarner.read(memo.id, 300);
    expect(await recorded()).toEqual([]);
    expect(await fixture.sqlRows(sql`select 1 from work_activities`)).toEqual([]);
    await fixture.call('PUT', '/api/admin/firm/settings', fixture.tokens.admin, { suggestsTime: true });
  });

  it('logs a call on a matter, lists it there, and proposes its length as the caller’s time', async () => {
    const call = (body: object, token = fixture.tokens.feeEarner) =>
      fixture.call('POST', '/api/admin/matter-calls/log-call', token, { matterId: matterD.id, callDate: today, ...body });
    const logged = await call({ withWhom: 'Mrs Adeyemi', duration: '0.3333', note: 'Agreed the terms of settlement.' });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().data).toMatchObject({ withWhom: 'Mrs Adeyemi', minutes: 20, callDate: today });
    const listed = await fixture.call('GET', `/api/admin/matter-calls/get-calls?MatterId=${matterD.id}`, fixture.tokens.admin);
    expect(listed.json().data[0]).toMatchObject({ withWhom: 'Mrs Adeyemi', minutes: 20, note: 'Agreed the terms of settlement.' });
    const mine = forMatter(await as(fixture.tokens.feeEarner).suggestions(), matterD.id);
    expect(mine).toMatchObject({ proposedHours: '0.4000', narrative: 'Call with Mrs Adeyemi' });

    expect((await call({ withWhom: ' ', duration: '0.5' })).json().message).toBe('Say who the call was with');
    expect((await call({ withWhom: 'Bank', duration: '0' })).statusCode).toBe(400);
    expect((await call({ withWhom: 'Bank', duration: '0.5', matterId: fixture.references.closedMatter.id })).statusCode).toBe(400);
    expect((await call({ withWhom: 'Bank', duration: '0.5' }, fixture.tokens.otherAdmin)).statusCode).toBe(404);
  });

  it('forgets work older than 90 days by the firm’s calendar, every hour, and keeps the 90 days', async () => {
    const userId = fixture.firm.users.feeEarner.id;
    const daysAgo = (days: number) =>
      sql`(now() at time zone (select time_zone from firms where id = ${fixture.firm.firmId}))::date - ${days}::int`;
    await fixture.sqlRows(sql`insert into work_activities (firm_id, user_id, matter_id, work_date, kind, subject, seconds)
      select ${fixture.firm.firmId}, ${userId}, ${matterD.id}, ${daysAgo(0)} - d, 'documentRead', 'Retention ' || d, 60
        from unnest(array[90, 91, 200]) d`);
    await fixture.sqlRows(sql`insert into time_suggestion_dismissals (firm_id, user_id, work_date, matter_id, settled_seconds)
      select ${fixture.firm.firmId}, ${userId}, ${daysAgo(0)} - d, ${matterD.id}, 60 from unnest(array[90, 91]) d`);
    const [job] = workRetentionJobs(fixture.context.database);
    await job!.run();
    const kept = await fixture.sqlRows<{ subject: string }>(
      sql`select subject from work_activities where subject like 'Retention %' order by subject`,
    );
    expect(kept).toEqual([{ subject: 'Retention 90' }]);
    const settled = await fixture.sqlRows<{ days: number }>(
      sql`select (${daysAgo(0)} - work_date)::int as days from time_suggestion_dismissals where user_id = ${userId} and matter_id = ${matterD.id} and settled_seconds = 60 and work_date < ${daysAgo(89)}`,
    );
    expect(settled).toEqual([{ days: 90 }]);
  });

  it('refuses bad input with the field’s message, and another firm’s document as not found', async () => {
    const feeEarner = as(fixture.tokens.feeEarner);
    const doc = await fixture.uploadPdf(await fixture.matterFolderId(matterA.id), 'Note.pdf', 'Note');
    const tooLong = await feeEarner.read(doc.id, 301);
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'Seconds must be at most 300']);
    const other = await fixture.call('POST', `${BASE}/document-reading`, fixture.tokens.otherAdmin, { documentId: doc.id, seconds: 60 });
    expect(other.statusCode).toBe(404);
    const range = await fixture.call('GET', `${BASE}/get-suggestions?from=2026-01-01&to=2026-03-01`, fixture.tokens.feeEarner);
    expect([range.statusCode, range.json().message]).toEqual([400, 'Choose at most 31 days, from the earlier date']);
    const nothing = await feeEarner.accept({ matterId: matterC.id });
    expect(nothing.statusCode).toBe(409);
  });
});
