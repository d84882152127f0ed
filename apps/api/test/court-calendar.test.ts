import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { insertCourt, insertCourtUpdate, plusDays, setFirmTimeZone, todayIn } from './support/court-update-factory.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

const base = '/api/admin/progress-update';
const TIME_ZONE = 'Asia/Tokyo';
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;
let tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };
let today: string;
const ids: Record<string, string> = {};
const courts: Record<string, string> = {};

beforeAll(async () => {
  context = await createTestApp(process.env.DEBUG_LOG ? { logLevel: 'error' } : {});
  firm = await seedTestFirm(context.database);
  other = await seedTestFirm(context.database);
  await setFirmTimeZone(context.database, firm.firmId, TIME_ZONE);
  today = todayIn(TIME_ZONE);
  const [first, second] = firm.matterIds as [string, string];
  // The fee earner works on the first matter only.
  await context.database.db.execute(sql`delete from matter_assignees where matter_id = ${second} and user_id = ${firm.users.feeEarner.id}`);
  courts.high = await insertCourt(context.database, firm.firmId, { name: 'Federal High Court', division: 'Lagos', address: '1 Court Rd' });
  courts.magistrate = await insertCourt(context.database, firm.firmId, { name: 'Magistrate Court' });
  const hearing = (matterId: string, courtId: string, nextAdjournedDate: string | null, more: Record<string, string | null> = {}) =>
    insertCourtUpdate(context.database, firm.firmId, { matterId, courtId, addedByUserId: firm.users.admin.id, nextAdjournedDate, ...more });
  ids.soon = await hearing(first, courts.high, plusDays(today, 1), {
    nextAdjournedTime: '09:30',
    purpose: 'Mention',
    suitNumber: 'FHC/L/CS/12/2026',
    judge: 'Justice Ade',
  });
  ids.otherMatter = await hearing(second, courts.magistrate, plusDays(today, 2), { suitNumber: 'MC/2/2026' });
  ids.later = await hearing(first, courts.high, plusDays(today, 20), { suitNumber: 'FHC/L/CS/13/2026' });
  ids.past = await hearing(first, courts.high, plusDays(today, -5), { nextAdjournedTime: '14:00' });
  ids.deleted = await hearing(first, courts.high, plusDays(today, 3));
  await context.database.db.execute(sql`update court_updates set deleted_at = now() where id = ${ids.deleted}`);
  await hearing(first, courts.high, null);
  const otherCourt = await insertCourt(context.database, other.firmId, { name: 'Other Court' });
  await insertCourtUpdate(context.database, other.firmId, {
    matterId: other.matterIds[0]!,
    courtId: otherCourt,
    addedByUserId: other.users.admin.id,
    nextAdjournedDate: plusDays(today, 1),
  });
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    billing: await signIn(context.app, firm.users.billing.email),
    otherAdmin: await signIn(context.app, other.users.admin.email),
  };
});
afterAll(() => context.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const upcoming = (token: string, query = '') => call('GET', `${base}/get-upcoming-hearings${query ? `?${query}` : ''}`, token);
const hearingIds = (response: { json(): { data: { hearings: { courtUpdateId: string }[] } } }) =>
  response.json().data.hearings.map((hearing) => hearing.courtUpdateId);

describe('GET …/get-upcoming-hearings', () => {
  it("answers the signed-in user's hearings of the next 14 days in the firm's time zone", async () => {
    const response = await upcoming(tokens.feeEarner);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ fromDate: today, toDate: plusDays(today, 13), scope: 'mine', canSeeFirm: true });
    expect(hearingIds(response)).toEqual([ids.soon]);
    expect(data.hearings[0]).toMatchObject({
      date: plusDays(today, 1),
      time: '09:30',
      purpose: 'Mention',
      suitNumber: 'FHC/L/CS/12/2026',
      judge: 'Justice Ade',
      courtName: 'Federal High Court',
      courtDivision: 'Lagos',
      courtAddress: '1 Court Rd',
      matterId: firm.matterIds[0],
    });
    expect(data.hearings[0].feeEarners.map((earner: { userId: string }) => earner.userId).sort()).toEqual(
      [firm.users.admin.id, firm.users.feeEarner.id].sort(),
    );
  });

  it("shows the firm's hearings, ordered by date, to those with courtUpdate", async () => {
    const response = await upcoming(tokens.feeEarner, 'Scope=firm');
    expect(hearingIds(response)).toEqual([ids.soon, ids.otherMatter]);
    expect(response.json().data.hearings[1].time).toBeNull();
  });

  it('refuses the firm view without courtUpdate, and says so in canSeeFirm', async () => {
    const refused = await upcoming(tokens.billing, 'Scope=firm');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    const mine = await upcoming(tokens.billing);
    expect(mine.json().data).toMatchObject({ canSeeFirm: false, hearings: [] });
  });

  it('filters by court, fee earner and dates', async () => {
    expect(hearingIds(await upcoming(tokens.admin, `Scope=firm&CourtId=${courts.magistrate}`))).toEqual([ids.otherMatter]);
    expect(hearingIds(await upcoming(tokens.admin, `Scope=firm&FeeEarnerId=${firm.users.feeEarner.id}`))).toEqual([ids.soon]);
    const wide = await upcoming(tokens.admin, `Scope=firm&FromDate=${plusDays(today, -10)}&ToDate=${plusDays(today, 30)}`);
    expect(hearingIds(wide)).toEqual([ids.past, ids.soon, ids.otherMatter, ids.later]);
  });

  it('refuses more than 62 days or an end before the start', async () => {
    const tooLong = await upcoming(tokens.admin, `FromDate=${today}&ToDate=${plusDays(today, 62)}`);
    expect(tooLong.statusCode).toBe(400);
    expect((await upcoming(tokens.admin, `FromDate=${today}&ToDate=${plusDays(today, 61)}`)).statusCode).toBe(200);
    expect((await upcoming(tokens.admin, `FromDate=${today}&ToDate=${plusDays(today, -1)}`)).statusCode).toBe(400);
  });

  it("never shows another firm's hearings", async () => {
    const response = await upcoming(tokens.otherAdmin, 'Scope=firm');
    expect(response.json().data.hearings).toHaveLength(1);
    expect(JSON.stringify(response.json())).not.toContain(firm.matterIds[0]);
  });
});

type Feed = { url: string; webcalUrl: string; isActive: boolean; scope: string };
const createFeed = async (token: string, scope: 'mine' | 'firm' = 'mine') => call('POST', `${base}/calendar-feed`, token, { scope });
const fetchFeed = (url: string) => context.app.inject({ method: 'GET', url: new URL(url).pathname });

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)) };
}

describe('calendar feed', () => {
  it('makes a secret feed URL, shown once, and the ICS behind it parses with another library', async () => {
    expect((await call('GET', `${base}/calendar-feed`, tokens.feeEarner)).json().data).toEqual({
      isActive: false,
      scope: null,
      createdAt: null,
    });
    const response = await createFeed(tokens.feeEarner);
    expect(response.statusCode).toBe(201);
    const feed = response.json().data as Feed;
    expect(feed.url).toMatch(/^http:\/\/matterhorn\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('http:', 'webcal:'));
    expect((await call('GET', `${base}/calendar-feed`, tokens.feeEarner)).json().data).toMatchObject({ isActive: true, scope: 'mine' });
    const [stored] = await rowsOf<{ token_hash: string }>(context.database.db.execute(sql`select token_hash from calendar_feeds`));
    expect(stored!.token_hash).not.toContain(feed.url.split('/').pop()!.replace('.ics', ''));

    const ics = await fetchFeed(feed.url);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['cache-control']).toContain('no-store');
    const { calendar, events } = eventsOf(ics.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Matterhorn court dates — Test Firm/);
    // The deleted update's hearing stays in the feed, cancelled, so calendars holding it take it away.
    const isCancelled = (event: ICAL.Event) => event.component.getFirstPropertyValue('status') === 'CANCELLED';
    expect(events.filter((event) => !isCancelled(event)).map((event) => event.uid)).toEqual(
      [ids.past, ids.soon, ids.later].map((id) => `${id}@matterhorn`),
    );
    expect(events.filter(isCancelled).map((event) => event.uid)).toEqual([`${ids.deleted}@matterhorn`]);
    const soon = events.find((event) => event.uid === `${ids.soon}@matterhorn`)!;
    expect(soon.summary).toBe('Hearing: ' + soon.summary.slice('Hearing: '.length));
    expect(soon.summary).toContain('(FHC/L/CS/12/2026)');
    expect(soon.location).toBe('Federal High Court, Lagos, 1 Court Rd');
    expect(soon.description).toContain('Judge: Justice Ade');
    expect(soon.startDate.isDate).toBe(false);
    // 09:30 in Tokyo (UTC+9) is 00:30 UTC the same day.
    expect(soon.startDate.toJSDate().toISOString()).toBe(`${plusDays(today, 1)}T00:30:00.000Z`);
    expect(soon.endDate.toJSDate().getTime() - soon.startDate.toJSDate().getTime()).toBe(3_600_000);
    const later = events.find((event) => event.uid === `${ids.later}@matterhorn`)!;
    expect(later.startDate.isDate).toBe(true);
    expect(later.startDate.toString()).toBe(plusDays(today, 20));
  });

  it('replaces the feed: the old URL stops working; revoking stops the new one', async () => {
    const first = (await createFeed(tokens.admin)).json().data as Feed;
    const second = (await createFeed(tokens.admin)).json().data as Feed;
    const gone = await fetchFeed(first.url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, data: null });
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
    const revoked = await call('DELETE', `${base}/calendar-feed`, tokens.admin);
    expect(revoked.json().data).toEqual({ isActive: false, scope: null, createdAt: null });
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' })).statusCode).toBe(404);
    const [audit] = await rowsOf<{ created: number; revoked: number }>(
      context.database.db.execute(sql`select count(*) filter (where action = 'calendarFeed.created')::int as created,
        count(*) filter (where action = 'calendarFeed.revoked')::int as revoked
        from audit_events where firm_id = ${firm.firmId} and actor_user_id = ${firm.users.admin.id}`),
    );
    expect(audit).toEqual({ created: 2, revoked: 2 });
  });

  it("refuses a firm feed without courtUpdate; a firm feed falls back to the user's matters when courtUpdate is lost", async () => {
    expect((await createFeed(tokens.billing, 'firm')).statusCode).toBe(403);
    const feed = (await createFeed(tokens.feeEarner, 'firm')).json().data as Feed;
    const uidsOf = async () => eventsOf((await fetchFeed(feed.url)).body).events.map((event) => event.uid);
    expect(await uidsOf()).toContain(`${ids.otherMatter}@matterhorn`);
    await context.database.db.execute(
      sql`update roles set permissions = array_remove(permissions, 'courtUpdate') where firm_id = ${firm.firmId} and name = 'Fee Earner'`,
    );
    expect(await uidsOf()).not.toContain(`${ids.otherMatter}@matterhorn`);
    await context.database.db.execute(sql`update users set is_active = false where id = ${firm.users.feeEarner.id}`);
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
  });
});

describe('calendar settings', () => {
  const count = async () =>
    (
      await rowsOf<{ rows: number }>(
        context.database.db.execute(sql`select count(*)::int as rows from court_calendar_settings where firm_id = ${firm.firmId}`),
      )
    )[0]!.rows;

  it('answers the defaults, refuses bad input writing nothing, and saves sorted unique days', async () => {
    const defaults = await call('GET', `${base}/calendar-settings`, tokens.admin);
    expect(defaults.json(), defaults.body).toMatchObject({ data: { reminderDaysBefore: [1], isDailyDigestEnabled: true } });
    for (const body of [
      { reminderDaysBefore: [0], isDailyDigestEnabled: true },
      { reminderDaysBefore: [1, 2, 3, 4, 5, 6], isDailyDigestEnabled: true },
      { reminderDaysBefore: [1] },
    ]) {
      expect((await call('PUT', `${base}/calendar-settings`, tokens.admin, body)).statusCode).toBe(400);
    }
    const unknown = await call('PUT', `${base}/calendar-settings`, tokens.admin, {
      reminderDaysBefore: [2],
      isDailyDigestEnabled: true,
      firmId: firm.firmId,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: "firmId"');
    expect(
      (await call('PUT', `${base}/calendar-settings`, tokens.billing, { reminderDaysBefore: [2], isDailyDigestEnabled: false })).statusCode,
    ).toBe(403);
    expect(await count()).toBe(0);
    const saved = await call('PUT', `${base}/calendar-settings`, tokens.admin, {
      reminderDaysBefore: [7, 1, 7],
      isDailyDigestEnabled: false,
    });
    expect(saved.json().data).toEqual({ reminderDaysBefore: [1, 7], isDailyDigestEnabled: false });
    expect((await call('GET', `${base}/calendar-settings`, tokens.admin)).json().data).toEqual({
      reminderDaysBefore: [1, 7],
      isDailyDigestEnabled: false,
    });
    const [audit] = await rowsOf<{ n: number }>(
      context.database.db.execute(sql`select count(*)::int as n from audit_events where action = 'courtCalendarSettings.updated'`),
    );
    expect(audit!.n).toBe(1);
  });
});

describe('a large firm', () => {
  it('serves a feed of 10,000 future hearings, in date order and folded, quickly', async () => {
    const large = await seedTestFirm(context.database);
    const courtId = await insertCourt(context.database, large.firmId, { name: 'Busy Court', division: 'Main', address: 'Somewhere' });
    await context.database.withFirm(large.firmId, (tx) =>
      tx.execute(sql`insert into court_updates (firm_id, client_id, matter_id, court_id, suit_number, hearing_date, outcome,
          next_adjourned_date, next_adjourned_time, next_adjourned_purpose, added_by_user_id)
        select ${large.firmId}, m.client_id, m.id, ${courtId}, 'S/' || n, current_date, 'Adjourned',
          current_date + (n % 300), case when n % 3 = 0 then null else time '09:00' + (n % 8) * interval '30 minutes' end,
          'Hearing', ${large.users.admin.id}
        from generate_series(1, 10000) as n
        join lateral (select id, client_id from matters where firm_id = ${large.firmId} order by id offset (n % 2) limit 1) m on true`),
    );
    // As autovacuum would after a bulk load: the planner's statistics know the table's size.
    await context.database.db.execute(sql`analyze court_updates`);
    const token = await signIn(context.app, large.users.admin.email);
    const feed = (await createFeed(token, 'firm')).json().data as Feed;
    // A first fetch warms the statements; then the best of three timed ones: what the feed costs, not what a
    // neighbouring test worker cost it.
    let response = await fetchFeed(feed.url);
    let elapsed = Number.POSITIVE_INFINITY;
    for (let fetch = 0; fetch < 3; fetch++) {
      const started = performance.now();
      response = await fetchFeed(feed.url);
      elapsed = Math.min(elapsed, performance.now() - started);
    }
    expect(response.statusCode).toBe(200);
    // The events' start properties, read without ICAL.Event (whose construction of 10,000 takes seconds on a busy machine).
    const startDates = new ICAL.Component(ICAL.parse(response.body))
      .getAllSubcomponents('vevent')
      .map((event) => event.getFirstPropertyValue('dtstart') as ICAL.Time);
    expect(startDates).toHaveLength(10_000);
    // Soonest first, each day's timed hearings before its all-day ones.
    const starts = startDates.map((start) => `${start.toString().slice(0, 10)} ${start.isDate ? 'z' : start.toJSDate().toISOString()}`);
    expect(starts).toEqual([...starts].sort());
    // RFC 5545: no line longer than 75 octets.
    expect(response.body.split('\r\n').filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
    console.info(`ICS feed of 10,000 hearings: ${elapsed.toFixed(0)} ms (${context.database.kind})`);
    // The target is 300 ms on a PostgreSQL server with the machine to itself; the bound leaves room for a
    // shared test machine and for the embedded database (the measured time is printed above).
    expect(elapsed).toBeLessThan(context.database.kind === 'postgres' ? 1_000 : 3_000);
  }, 60_000);
});
