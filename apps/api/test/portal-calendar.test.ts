import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { insertCourt, insertCourtUpdate, plusDays, setFirmTimeZone, todayIn } from './support/court-update-factory.ts';
import {
  bearer,
  createTestApp,
  rowsOf,
  seedTestFirm,
  signIn,
  signInOtherPortalClient,
  signInToPortal,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let client: Record<string, string>;
let otherClient: Record<string, string>;
const ids: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'DELETE', headers: Record<string, string>) =>
  context.app.inject({ method, url: '/api/client-portal/calendar-feed', headers });
const fetchFeed = (url: string) => context.app.inject({ method: 'GET', url: new URL(url).pathname });
const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  await setFirmTimeZone(context.database, firm.firmId, 'Africa/Lagos');
  client = bearer((await signInToPortal(context.app, firm.slug, firm.portalClient.email)).token);
  otherClient = bearer(await signInOtherPortalClient(context, firm));
  const matters = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ id: string; client_id: string }>(tx.execute(sql`select id, client_id from matters where deleted_at is null order by id`)),
  );
  const own = matters.find((matter) => matter.client_id === firm.portalClient.clientId)!.id;
  const others = matters.find((matter) => matter.client_id === firm.otherClientId)!.id;
  const courtId = await insertCourt(context.database, firm.firmId, { name: 'Federal High Court, Lagos' });
  const today = todayIn('Africa/Lagos');
  const add = (matterId: string, days: number, time: string | null, purpose: string) =>
    insertCourtUpdate(context.database, firm.firmId, {
      matterId,
      courtId,
      addedByUserId: firm.users.admin.id,
      nextAdjournedDate: plusDays(today, days),
      nextAdjournedTime: time,
      purpose,
    });
  ids.sharedTimed = await add(own, 3, '10:30', 'Hearing of the motion');
  ids.sharedAllDay = await add(own, 10, null, 'Report of settlement');
  ids.notShared = await add(own, 5, '09:00', 'Internal review');
  ids.past = await add(own, -2, null, 'Mention');
  ids.othersShared = await add(others, 4, '11:00', 'Another client’s trial');
  await context.database.withFirm(firm.firmId, (tx) =>
    tx.execute(sql`update court_updates set is_shared_with_client = true
      where id in (${ids.sharedTimed}, ${ids.sharedAllDay}, ${ids.past}, ${ids.othersShared})`),
  );
});
afterAll(() => context.close());

describe('the portal client’s calendar link', () => {
  it('makes a secret link whose feed, parsed by another library, holds only the client’s own shared upcoming hearings', async () => {
    expect((await call('GET', client)).json().data).toEqual({ isActive: false, createdAt: null });
    const made = await call('POST', client);
    expect(made.statusCode).toBe(201);
    const feed = made.json().data;
    expect(feed.url).toMatch(/\/api\/client-portal\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toMatch(/^webcal:/);
    expect((await call('GET', client)).json().data).toMatchObject({ isActive: true });

    const answer = await fetchFeed(feed.url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const events = eventsOf(answer.body);
    expect(events.map((event) => event.uid)).toEqual([`${ids.sharedTimed}@matterhorn-portal`, `${ids.sharedAllDay}@matterhorn-portal`]);
    const [timed, allDay] = events;
    // 10:30 in Lagos (UTC+1) is 09:30 UTC.
    expect(timed!.startDate.toJSDate().toISOString()).toMatch(/T09:30:00\.000Z$/);
    expect(timed!.summary).toContain('Hearing of the motion');
    expect(timed!.location).toBe('Federal High Court, Lagos');
    expect(allDay!.startDate.isDate).toBe(true);
    expect(answer.body).not.toContain('Internal review');
    expect(answer.body).not.toContain('Another client');
  });

  it('resets the link: the old URL stops at once; revoking stops the new one; another client’s link shows only their hearings', async () => {
    const first = (await call('POST', client)).json().data.url as string;
    const second = (await call('POST', client)).json().data.url as string;
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    expect((await call('DELETE', client)).json().data).toEqual({ isActive: false, createdAt: null });
    expect((await fetchFeed(second)).statusCode).toBe(404);
    expect((await fetchFeed('http://x/api/client-portal/calendar/not-a-token.ics')).statusCode).toBe(404);

    const theirs = (await call('POST', otherClient)).json().data.url as string;
    const events = eventsOf((await fetchFeed(theirs)).body);
    expect(events.map((event) => event.uid)).toEqual([`${ids.othersShared}@matterhorn-portal`]);
  });

  it('stops when the firm takes the client off the portal, and refuses a firm token', async () => {
    const url = (await call('POST', client)).json().data.url as string;
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update clients set is_portal_enabled = false where id = ${firm.portalClient.clientId}`),
    );
    expect((await fetchFeed(url)).statusCode).toBe(404);
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update clients set is_portal_enabled = true where id = ${firm.portalClient.clientId}`),
    );
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const staff = bearer(await signIn(context.app, firm.users.admin.email));
    expect((await call('POST', staff)).statusCode).toBe(401);
  });

  it('stops when the firm disables the client’s portal account', async () => {
    const url = (await call('POST', client)).json().data.url as string;
    expect((await fetchFeed(url)).statusCode).toBe(200);
    const [account] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select id from portal_accounts where email = ${firm.portalClient.email}`)),
    );
    const staff = bearer(await signIn(context.app, firm.users.admin.email));
    const disabled = await context.app.inject({
      method: 'POST',
      url: `/api/admin/client-portal/disable-portal-account/${account!.id}`,
      headers: staff,
    });
    expect(disabled.statusCode).toBe(200);
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});
