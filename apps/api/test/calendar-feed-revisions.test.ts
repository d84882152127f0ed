import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { insertCourt, plusDays, setFirmTimeZone, todayIn } from './support/court-update-factory.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, signInToPortal, type TestContext } from './support/test-app.ts';

/**
 * A court date changed or cancelled through the court updates API reaches the subscribed calendars
 * as a new revision of the same event (same UID, higher SEQUENCE), and a cancelled one as
 * STATUS:CANCELLED on its old date, in the firm's feed and the client's portal feed, both read back
 * with ical.js.
 */

const base = '/api/admin/progress-update';
const TIME_ZONE = 'Africa/Lagos';
let context: TestContext;
let firm: SeededFirm;
let admin: string;
let today: string;
let matterId: string;
let courtId: string;
const feeds: { firm: string; portal: string } = { firm: '', portal: '' };

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  await setFirmTimeZone(context.database, firm.firmId, TIME_ZONE);
  today = todayIn(TIME_ZONE);
  admin = await signIn(context.app, firm.users.admin.email);
  const [matter] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ id: string }>(
      tx.execute(sql`select id from matters where client_id = ${firm.portalClient.clientId} and deleted_at is null order by id limit 1`),
    ),
  );
  matterId = matter!.id;
  courtId = await insertCourt(context.database, firm.firmId, { name: 'Federal High Court', division: 'Lagos' });
  const firmFeed = await call('POST', `${base}/calendar-feed`, admin, { scope: 'firm' });
  expect(firmFeed.statusCode, firmFeed.body).toBe(201);
  feeds.firm = new URL(firmFeed.json().data.url as string).pathname;
  const portal = bearer((await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token);
  const portalFeed = await context.app.inject({ method: 'POST', url: '/api/client-portal/calendar-feed', headers: portal });
  expect(portalFeed.statusCode, portalFeed.body).toBe(201);
  feeds.portal = new URL(portalFeed.json().data.url as string).pathname;
});
afterAll(() => context.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

type Next = { nextAdjournedDate: string | null; nextAdjournedTime: string | null; nextAdjournedPurpose: string | null };
const input = (next: Next, outcome = 'Adjourned for hearing') => ({
  matterId,
  courtId,
  suitNumber: 'FHC/L/CS/77/2026',
  hearingDate: today,
  outcome,
  isSharedWithClient: true,
  ...next,
});

async function createCourtUpdate(next: Next): Promise<string> {
  const response = await call('POST', `${base}/create-court-update`, admin, input(next));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function updateCourtUpdate(id: string, next: Next, outcome?: string) {
  const response = await call('PUT', `${base}/update-court-update/${id}`, admin, input(next, outcome));
  expect(response.statusCode, response.body).toBe(200);
}

type FeedEvent = { sequence: number; status: string | null; start: string; summary: string };

/** The events of a feed with this court update's UID, as ical.js reads them. */
async function eventsFor(feed: 'firm' | 'portal', courtUpdateId: string): Promise<FeedEvent[]> {
  const response = await context.app.inject({ method: 'GET', url: feeds[feed] });
  expect(response.statusCode).toBe(200);
  const uid = `${courtUpdateId}@${feed === 'firm' ? 'matterhorn' : 'matterhorn-portal'}`;
  return new ICAL.Component(ICAL.parse(response.body))
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component))
    .filter((event) => event.uid === uid)
    .map((event) => ({
      sequence: event.sequence,
      status: event.component.getFirstPropertyValue('status') as string | null,
      start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
      summary: event.summary,
    }));
}

/** The one event each feed holds for the court update. */
async function eventOf(courtUpdateId: string) {
  const [firmEvents, portalEvents] = [await eventsFor('firm', courtUpdateId), await eventsFor('portal', courtUpdateId)];
  expect(firmEvents).toHaveLength(1);
  expect(portalEvents).toHaveLength(1);
  const { summary: _firmSummary, ...firmEvent } = firmEvents[0]!;
  const { summary: _portalSummary, ...portalEvent } = portalEvents[0]!;
  expect(portalEvent).toEqual(firmEvent);
  return firmEvents[0]!;
}

const upcomingIds = async () =>
  (
    (await call('GET', `${base}/get-upcoming-hearings?Scope=firm&FromDate=${today}&ToDate=${plusDays(today, 30)}`, admin)).json().data
      .hearings as { courtUpdateId: string }[]
  ).map((hearing) => hearing.courtUpdateId);

describe('calendar feeds follow a court date through its changes', () => {
  it('raises SEQUENCE on every edit of the same event, and sends a date an edit takes away as cancelled on its old date', async () => {
    const id = await createCourtUpdate({
      nextAdjournedDate: plusDays(today, 7),
      nextAdjournedTime: '10:00',
      nextAdjournedPurpose: 'Mention',
    });
    // 10:00 in Lagos (UTC+1) is 09:00 UTC.
    expect(await eventOf(id)).toMatchObject({ sequence: 0, status: null, start: `${plusDays(today, 7)}T09:00:00.000Z` });

    await updateCourtUpdate(id, { nextAdjournedDate: plusDays(today, 8), nextAdjournedTime: '11:30', nextAdjournedPurpose: 'Mention' });
    expect(await eventOf(id)).toMatchObject({ sequence: 1, status: null, start: `${plusDays(today, 8)}T10:30:00.000Z` });

    await updateCourtUpdate(
      id,
      { nextAdjournedDate: plusDays(today, 8), nextAdjournedTime: '11:30', nextAdjournedPurpose: 'Mention' },
      'Adjourned; the judge asked for written addresses',
    );
    expect((await eventOf(id)).sequence).toBe(2);

    // The next hearing is taken away: the event stays, cancelled, where the calendars hold it.
    await updateCourtUpdate(id, { nextAdjournedDate: null, nextAdjournedTime: null, nextAdjournedPurpose: null });
    const cancelled = await eventOf(id);
    expect(cancelled).toMatchObject({ sequence: 3, status: 'CANCELLED', start: `${plusDays(today, 8)}T10:30:00.000Z` });
    expect(cancelled.summary).toMatch(/^Hearing \(cancelled\): /);
    expect(await upcomingIds()).not.toContain(id);

    // An edit while it is cancelled keeps the cancelled date; a new next hearing brings the event back.
    await updateCourtUpdate(id, { nextAdjournedDate: null, nextAdjournedTime: null, nextAdjournedPurpose: null }, 'Struck out');
    expect(await eventOf(id)).toMatchObject({ sequence: 4, status: 'CANCELLED', start: `${plusDays(today, 8)}T10:30:00.000Z` });
    await updateCourtUpdate(id, { nextAdjournedDate: plusDays(today, 12), nextAdjournedTime: null, nextAdjournedPurpose: 'Relisted' });
    expect(await eventOf(id)).toEqual({
      sequence: 5,
      status: null,
      start: plusDays(today, 12),
      summary: expect.stringMatching(/^Hearing: /),
    });
    expect(await upcomingIds()).toContain(id);
  });

  it('sends a deleted court update’s hearing as cancelled, one revision on', async () => {
    const id = await createCourtUpdate({ nextAdjournedDate: plusDays(today, 9), nextAdjournedTime: null, nextAdjournedPurpose: 'Trial' });
    expect(await eventOf(id)).toMatchObject({ sequence: 0, status: null, start: plusDays(today, 9) });
    const deleted = await call('DELETE', `${base}/delete-court-update/${id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await eventOf(id)).toMatchObject({ sequence: 1, status: 'CANCELLED', start: plusDays(today, 9) });
    expect(await upcomingIds()).not.toContain(id);
  });

  it('refuses, in the database, a cancelled date beside a live next hearing', async () => {
    const id = await createCourtUpdate({ nextAdjournedDate: plusDays(today, 3), nextAdjournedTime: null, nextAdjournedPurpose: null });
    await expect(
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`update court_updates set cancelled_next_date = ${plusDays(today, 2)}::date where id = ${id}`),
      ),
    ).rejects.toThrow();
  });
});
