import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { PROGRESS_UPDATE_BASE as base, setUpCourtUpdateFixture, type CourtUpdateFixture } from './court-updates-fixture.ts';
import { csvLinesOf } from './support/csv-download.ts';

let fixture: CourtUpdateFixture;
type Row = { id: string; matterId: string; clientId: string; courtId: string; hearingDate: string; nextDate: string | null };
let rows: Row[];

beforeAll(async () => {
  fixture = await setUpCourtUpdateFixture();
  const [first, second] = fixture.references.matters.filter((matter) => matter.status === 'Open');
  const added = [
    {
      matterId: first!.id,
      courtId: fixture.courts.federal,
      hearingDate: '2025-01-10',
      nextAdjournedDate: '2025-02-14',
      suitNumber: 'FHC/L/CS/100/2024',
    },
    {
      matterId: first!.id,
      courtId: fixture.courts.lagos,
      hearingDate: '2025-02-14',
      nextAdjournedDate: '2025-03-20',
      judge: 'Hon. Justice Oyewole',
      suitNumber: 'ID/200/2024',
    },
    {
      matterId: second!.id,
      courtId: fixture.courts.lagos,
      hearingDate: '2025-03-03',
      nextAdjournedDate: null,
      nextAdjournedTime: null,
      nextAdjournedPurpose: null,
      outcome: 'Judgment delivered in favour of the claimant; costs of N500,000 awarded.\nConsider the appeal window.',
      suitNumber: 'ID/300/2024',
    },
    {
      matterId: second!.id,
      courtId: fixture.courts.federal,
      hearingDate: '2025-04-01',
      nextAdjournedDate: '2025-04-29',
      suitNumber: 'FHC/L/CS/400/2025',
    },
  ];
  for (const body of added) await fixture.addCourtUpdate(body);
  await fixture
    .addCourtUpdate({ suitNumber: 'DELETED/1' })
    .then((id) => fixture.call('DELETE', `${base}/delete-court-update/${id}`, fixture.tokens.admin));
  rows = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<Row>(
      tx.execute(sql`select id, matter_id as "matterId", client_id as "clientId", court_id as "courtId",
        hearing_date::text as "hearingDate", next_adjourned_date::text as "nextDate"
        from court_updates where deleted_at is null order by hearing_date desc, created_at desc, id desc`),
    ),
  );
});
afterAll(() => fixture.context.close());

const list = (query: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/get-court-updates?${query}`, token);
const ids = (response: { json(): { data: { data: { id: string }[] } } }) => response.json().data.data.map((row) => row.id);
const idsWhere = (keep: (row: Row) => boolean) => rows.filter(keep).map((row) => row.id);

describe('GET …/get-court-updates', () => {
  it('lists the firm’s live court updates, latest hearing first, counted, with names and the first line of what happened', async () => {
    const response = await list('page=1&size=100');
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(rows.map((row) => row.id));
    expect(response.json().data.totalCount).toBe(rows.length);
    const judgment = response.json().data.data.find((row: { suitNumber: string }) => row.suitNumber === 'ID/300/2024');
    expect(judgment).toMatchObject({
      outcome: 'Judgment delivered in favour of the claimant; costs of N500,000 awarded.',
      courtName: 'High Court of Lagos State',
      courtDivision: 'Ikeja Division',
      nextAdjournedDate: null,
      addedByUserName: 'Ada Okafor',
    });
    expect(judgment.matterName).not.toBe('');
    expect(ids(await list('page=1&size=100', fixture.tokens.otherAdmin))).toEqual([]);
  });

  it('keeps the list’s first line of what happened to 200 characters', async () => {
    const id = await fixture.addCourtUpdate({
      hearingDate: '2020-01-01',
      nextAdjournedDate: null,
      nextAdjournedTime: null,
      nextAdjournedPurpose: null,
      outcome: 'x'.repeat(300),
    });
    const row = (await list('ToHearingDate=2020-01-01')).json().data.data[0];
    expect(row.id).toBe(id);
    expect(row.outcome).toHaveLength(200);
    await fixture.call('DELETE', `${base}/delete-court-update/${id}`, fixture.tokens.admin);
  });

  it.each([
    [
      'FromHearingDate=2025-02-01&ToHearingDate=2025-03-31',
      (row: Row) => row.hearingDate >= '2025-02-01' && row.hearingDate <= '2025-03-31',
    ],
    [
      'FromNextAdjournedDate=2025-03-01&ToNextAdjournedDate=2025-04-30',
      (row: Row) => row.nextDate !== null && row.nextDate >= '2025-03-01' && row.nextDate <= '2025-04-30',
    ],
    ['FromNextAdjournedDate=2025-04-01', (row: Row) => row.nextDate !== null && row.nextDate >= '2025-04-01'],
  ])('filters by %s', async (query, keep) => {
    expect(ids(await list(`size=100&${query}`))).toEqual(idsWhere(keep));
  });

  it('filters by client, matter and court', async () => {
    const { matterId, clientId, courtId } = rows[0]!;
    expect(ids(await list(`size=100&MatterId=${matterId}`))).toEqual(idsWhere((row) => row.matterId === matterId));
    expect(ids(await list(`size=100&ClientId=${clientId}`))).toEqual(idsWhere((row) => row.clientId === clientId));
    expect(ids(await list(`size=100&CourtId=${courtId}`))).toEqual(idsWhere((row) => row.courtId === courtId));
    expect(ids(await list(`size=100&CourtId=${fixture.otherCourt}`))).toEqual([]);
  });

  it('searches the suit number, judge, what happened and the next hearing’s purpose, in any case', async () => {
    const suits = async (text: string) =>
      (await list(`size=100&GeneralSearchText=${encodeURIComponent(text)}`))
        .json()
        .data.data.map((row: { suitNumber: string }) => row.suitNumber);
    expect(await suits('fhc/l/cs/400')).toEqual(['FHC/L/CS/400/2025']);
    expect(await suits('OYEWOLE')).toEqual(['ID/200/2024']);
    expect(await suits('judgment delivered')).toEqual(['ID/300/2024']);
    expect(await suits('100%')).toEqual([]);
    expect(await suits('next steps that nobody wrote')).toEqual([]);
    expect(await suits('motion on notice')).toHaveLength(rows.filter((row) => row.nextDate !== null).length);
  });

  it('sorts by next adjourned date (those with none last) and by suit number, and pages', async () => {
    const byNext = (await list('size=100&sortColumn=nextAdjournedDate&sortType=asc')).json().data.data;
    const dates = byNext.map((row: { nextAdjournedDate: string | null }) => row.nextAdjournedDate);
    const withDates = rows
      .filter((row) => row.nextDate !== null)
      .map((row) => row.nextDate)
      .sort();
    expect(dates).toEqual([null, ...withDates]);
    const bySuit = (await list('size=100&sortColumn=suitNumber&sortType=asc'))
      .json()
      .data.data.map((row: { suitNumber: string }) => row.suitNumber);
    expect(bySuit).toEqual([...bySuit].sort());
    expect(ids(await list('page=2&size=1'))).toEqual([rows[1]!.id]);
    const past = await list('page=9&size=10');
    expect(past.json().data).toMatchObject({ data: [], totalCount: rows.length });
  });

  it('refuses a bad filter with 400', async () => {
    for (const query of ['MatterId=not-an-id', 'FromNextAdjournedDate=2025-13-01', 'sortColumn=judge', 'CourtId=1'])
      expect((await list(query)).statusCode, query).toBe(400);
  });

  it('downloads the filter as CSV, with the whole of what happened and who appeared', async () => {
    const response = await list('IsDownlodCsv=true&GeneralSearchText=judgment');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = csvLinesOf(response);
    expect(lines[0]).toBe(
      'Hearing date,Client,Matter,Court,Suit number,Judge,Appearance,What happened,Next adjourned date,Time,Purpose,Next steps,Shared with client,Added by',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('03/03/2025,');
    expect(lines[1]).toContain('"High Court of Lagos State, Ikeja Division",ID/300/2024,Hon. Justice A. Okon,"Ada Okafor, Tunde Bakare"');
    expect(lines[1]).toContain('awarded.\nConsider the appeal window.');
    const all = csvLinesOf(await list('IsDownlodCsv=true&sortColumn=nextAdjournedDate&sortType=desc'));
    expect(all.slice(1).filter((line) => /^\d\d\/\d\d\/2025,/.test(line))).toHaveLength(rows.length);
    expect(all.join('\n')).toContain(',29/04/2025,09:30,Hearing of motion on notice,');
  });
});

describe('the demo firm', () => {
  it('starts with its courts and hearings: four in the next 14 days, two further out, the rest past', async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const courts = (await fixture.call('GET', `${base}/courts`, token)).json().data;
    expect(courts).toHaveLength(5);
    expect(courts[0]).toMatchObject({ name: 'Court of Appeal', division: 'Lagos Division' });
    const [today] = await rowsOf<{ from: string; to: string; after: string }>(
      fixture.context.database.db.execute(
        sql`select current_date::text as from, (current_date + 14)::text as to, (current_date + 15)::text as after`,
      ),
    );
    const all = (await list('size=100', token)).json().data;
    expect(all.totalCount).toBe(9);
    const soon = (await list(`size=100&FromNextAdjournedDate=${today!.from}&ToNextAdjournedDate=${today!.to}`, token)).json().data.data;
    expect(soon).toHaveLength(4);
    for (const hearing of soon) expect(hearing.nextAdjournedTime).toMatch(/^\d\d:\d\d$/);
    expect((await list(`size=100&FromNextAdjournedDate=${today!.after}`, token)).json().data.data).toHaveLength(2);
    const view = (await fixture.call('GET', `${base}/get-court-update/${soon[0].id}`, token)).json().data;
    expect(view.appearances.length).toBeGreaterThan(0);
  });
});
