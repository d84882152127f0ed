import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { markBilled, setUpTimeEntryFixture, TIME_ENTRY_BASE as base, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

let fixture: TimeEntryFixture;
/** The six entries, in the order they were recorded. */
let entries: Record<'e1' | 'e2' | 'e3' | 'e4' | 'e5' | 'e6', { id: string; [key: string]: unknown }>;
const MATTER_OF = (index: number) => fixture.references.matters[index]!;

beforeAll(async () => {
  // The totals below are exact sums of the recorded hours; billing-increments.test.ts covers rounding.
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const { admin, feeEarner } = fixture.firm.users;
  const plan: [string, number, string, string, 2 | 4, string, string][] = [
    ['e1', 0, admin.id, '2025-01-10', 4, '1.5', 'Drafted lease variation'],
    ['e2', 1, admin.id, '2025-01-12', 2, '2.25', 'Internal planning meeting'],
    ['e3', 0, feeEarner.id, '2025-01-12', 4, '0.5', "Phone call with the landlord's solicitors"],
    ['e4', 4, feeEarner.id, '2025-02-01', 4, '3', 'Prepared witness statement, 100% complete'],
    ['e5', 4, admin.id, '2025-02-15', 4, '0.1', '=HYPERLINK("http://example.com")'],
    ['e6', 1, feeEarner.id, '2025-03-01', 2, '1', 'Filing'],
  ];
  const created: Record<string, { id: string }> = {};
  for (const [key, matterIndex, userId, timeEntryDate, isBillable, duration, description] of plan) {
    const matter = MATTER_OF(matterIndex);
    const response = await fixture.call('POST', base, fixture.tokens.admin, {
      clientId: matter.clientId,
      matterId: matter.id,
      activityId: fixture.references.activityIds[2],
      isBillable,
      timeEntryUserId: userId,
      description,
      timeEntryDate,
      duration,
      userRate: userId === admin.id ? '80000' : '50000',
      exchangeRate: '1',
    });
    expect(response.statusCode, response.body).toBe(201);
    created[key] = response.json().data;
  }
  entries = created as typeof entries;
  await markBilled(fixture.context.database, entries.e1.id);
});
afterAll(() => fixture.context.close());

const list = (query: Record<string, string> = {}, token = fixture.tokens.admin) =>
  fixture.call('GET', `${base}?${new URLSearchParams(query)}`, token);
const idsOf = async (query: Record<string, string>, token = fixture.tokens.admin) => {
  const response = await list(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.data as { id: string }[]).map((row) => row.id);
};
const ids = (...keys: (keyof typeof entries)[]) => keys.map((key) => entries[key].id);

describe('GET /api/admin/time-entry', () => {
  it('answers the page newest date first, with the names, the capped count and (when asked) the totals of the filter', async () => {
    expect((await list()).json().data).not.toHaveProperty('totals');
    const response = await list({ IncludeTotals: 'true' });
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page.data.map((row: { id: string }) => row.id)).toEqual(ids('e6', 'e5', 'e4', 'e3', 'e2', 'e1'));
    expect(page).toMatchObject({ page: 1, size: 20, totalCount: 6, isTotalCountCapped: false });
    expect(page.data[0]).toEqual({
      id: entries.e6.id,
      timeEntryDate: '2025-03-01',
      clientId: MATTER_OF(1).clientId,
      clientName: 'Lagoon Shipping Ltd',
      matterId: MATTER_OF(1).id,
      matterName: 'Share purchase agreement',
      matterNumber: 'MAT-00002',
      activityId: fixture.references.activityIds[2],
      activityType: 'Draft/revise',
      description: 'Filing',
      duration: '1.0000',
      recordedDuration: '1.0000',
      isBillable: 2,
      timeEntryUserId: fixture.firm.users.feeEarner.id,
      timeEntryUserName: 'Tunde Bakare',
      userRate: '0.00',
      totalAmount: '0.00',
      homeTotalAmount: '0.00',
      currencySymbol: '₦',
      status: 3,
      isLocked: false,
      utbmsTaskCode: null,
      createdAt: entries.e6.createdAt,
    });
    expect(page.data.find((row: { id: string }) => row.id === entries.e1.id)).toMatchObject({ isLocked: true, totalAmount: '120000.00' });
    expect(page.totals).toEqual({
      totalHours: '8.3500',
      billableHours: '5.1000',
      nonBillableHours: '3.2500',
      billableAmount: '303000.00',
      unbilledAmount: '183000.00',
    });
  });

  it.each([
    ['IsBillable=2', () => ({ IsBillable: '2' }), ['e6', 'e2']],
    ['MatterId', () => ({ MatterId: MATTER_OF(0).id }), ['e3', 'e1']],
    ['ClientId', () => ({ ClientId: MATTER_OF(4).clientId }), ['e5', 'e4']],
    ['TimeEntryUserId', () => ({ TimeEntryUserId: fixture.firm.users.feeEarner.id }), ['e6', 'e4', 'e3']],
    ['fee earner and billable', () => ({ TimeEntryUserId: fixture.firm.users.feeEarner.id, IsBillable: '4' }), ['e4', 'e3']],
    [
      'an inclusive date range',
      () => ({ FromTimeEntryDateCreated: '2025-01-12', ToTimeEntryDateCreated: '2025-02-01' }),
      ['e4', 'e3', 'e2'],
    ],
    ['a matter name or description', () => ({ GeneralSearchText: 'LEASE' }), ['e3', 'e1']],
    ['a client name', () => ({ GeneralSearchText: 'kestrel' }), ['e5', 'e4']],
    ['a matter number', () => ({ GeneralSearchText: 'MAT-00002' }), ['e6', 'e2']],
    ['a literal %', () => ({ GeneralSearchText: '100%' }), ['e4']],
    ['text nowhere', () => ({ GeneralSearchText: 'zebra crossing' }), []],
    ['case-insensitive parameter names', () => ({ isbillable: '2', adminuserid: fixture.firm.users.admin.id }), ['e6', 'e2']],
  ] as const)('filters by %s', async (_what, query, expected) => {
    expect(await idsOf(query())).toEqual(ids(...expected));
  });

  it('sorts by SortBy ("column" or "column desc") or sortColumn/sortType, ties broken by id', async () => {
    expect(await idsOf({ SortBy: 'duration' })).toEqual(ids('e5', 'e3', 'e6', 'e1', 'e2', 'e4'));
    expect(await idsOf({ SortBy: 'duration desc' })).toEqual(ids('e4', 'e2', 'e1', 'e6', 'e3', 'e5'));
    expect(await idsOf({ sortColumn: 'timeEntryDate', sortType: 'asc' })).toEqual(ids('e1', 'e2', 'e3', 'e4', 'e5', 'e6'));
    expect((await idsOf({ SortBy: 'totalAmount desc' })).slice(0, 4)).toEqual(ids('e4', 'e1', 'e3', 'e5'));
    const byClient = (await list({ sortColumn: 'clientName', sortType: 'asc' }))
      .json()
      .data.data.map((row: { clientName: string }) => row.clientName);
    expect(byClient).toEqual([
      'Kemi Adebayo',
      'Kemi Adebayo',
      'Kestrel Software Ltd',
      'Kestrel Software Ltd',
      'Lagoon Shipping Ltd',
      'Lagoon Shipping Ltd',
    ]);
    const byUser = (await list({ SortBy: 'timeEntryUserName desc' }))
      .json()
      .data.data.map((row: { timeEntryUserName: string }) => row.timeEntryUserName);
    expect(byUser).toEqual(['Tunde Bakare', 'Tunde Bakare', 'Tunde Bakare', 'Ada Okafor', 'Ada Okafor', 'Ada Okafor']);
  });

  it('pages with page and size; past the end answers an empty page with the total', async () => {
    const second = (await list({ size: '2', page: '2' })).json().data;
    expect(second.data.map((row: { id: string }) => row.id)).toEqual(ids('e4', 'e3'));
    expect(second).toMatchObject({ page: 2, size: 2, totalCount: 6, isTotalCountCapped: false });
    const beyond = (await list({ size: '2', page: '9' })).json().data;
    expect(beyond).toMatchObject({ data: [], totalCount: 6 });
  });

  it.each([
    [{ SortBy: 'password_hash' }, 'SortBy is not a column of the list'],
    [{ IsBillable: '3' }, 'IsBillable must be 2 or 4'],
    [{ MatterId: 'abc' }, 'MatterId: Invalid UUID'],
    [{ FromTimeEntryDateCreated: '2025-13-01' }, 'From date must be a date (YYYY-MM-DD)'],
    [{ size: '1000' }, 'size: Too big: expected number to be <=100'],
  ])('refuses %j with 400', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("shows a fee earner only their own entries and totals; Billing sees everyone's; another firm sees none", async () => {
    const mine = (await list({ IncludeTotals: 'true' }, fixture.tokens.feeEarner)).json().data;
    expect(mine.data.map((row: { id: string }) => row.id)).toEqual(ids('e6', 'e4', 'e3'));
    expect(mine.totals.totalHours).toBe('4.5000');
    expect(await idsOf({ TimeEntryUserId: fixture.firm.users.admin.id }, fixture.tokens.feeEarner)).toEqual([]);
    expect(await idsOf({}, fixture.tokens.billing)).toHaveLength(6);
    const other = await list({}, fixture.tokens.otherAdmin);
    expect(other.json().data).toMatchObject({ data: [], totalCount: 0 });
    expect((await list({ BusinessId: fixture.firm.firmId }, fixture.tokens.otherAdmin)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/time-entry/get-totals', () => {
  it('answers the same totals as the list for the same filter', async () => {
    const query = { TimeEntryUserId: fixture.firm.users.feeEarner.id, size: '1' };
    const totals = await fixture.call('GET', `${base}/get-totals?${new URLSearchParams(query)}`, fixture.tokens.admin);
    expect(totals.statusCode).toBe(200);
    const listed = (await list({ ...query, IncludeTotals: 'true' })).json().data.totals;
    expect(totals.json()).toEqual({ success: true, message: 'Time entry totals', data: listed });
    expect(totals.json().data).toEqual({
      totalHours: '4.5000',
      billableHours: '3.5000',
      nonBillableHours: '1.0000',
      billableAmount: '175000.00',
      unbilledAmount: '175000.00',
    });
    const none = await fixture.call('GET', `${base}/get-totals?GeneralSearchText=nothing-matches`, fixture.tokens.admin);
    expect(none.json().data).toEqual({
      totalHours: '0.0000',
      billableHours: '0.0000',
      nonBillableHours: '0.0000',
      billableAmount: '0.00',
      unbilledAmount: '0.00',
    });
    expect((await fixture.call('GET', `${base}/get-totals?IsBillable=7`, fixture.tokens.admin)).statusCode).toBe(400);
  });
});

describe('a searched list of many entries', () => {
  it('counts at most 100 matches of a search and says when it stopped; without a search it counts on', async () => {
    // 150 copies of "Filing" (e6): 151 match the search, 156 entries in all.
    await fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      const [{ columns }] = (await rowsOf<{ columns: string }>(
        tx.execute(sql`select string_agg(quote_ident(column_name), ', ') as columns from information_schema.columns
          where table_schema = 'public' and table_name = 'time_entries' and column_name <> 'id' and is_generated = 'NEVER'`),
      )) as [{ columns: string }];
      await tx.execute(
        sql`insert into time_entries (${sql.raw(columns)}) select ${sql.raw(columns)} from time_entries, generate_series(1, 150) where id = ${entries.e6.id}`,
      );
    });
    expect((await list({ GeneralSearchText: 'filing' })).json().data).toMatchObject({ totalCount: 100, isTotalCountCapped: true });
    expect((await list()).json().data).toMatchObject({ totalCount: 156, isTotalCountCapped: false });
  });
});

describe('the demo firm', () => {
  it("starts with a few weeks of its fee earners' time, billable and not, priced at their matter rates", async () => {
    expect(await seedDemoFirmOnce(fixture.context.database, TEST_PASSWORD)).toBe(true);
    const token = await signIn(fixture.context.app, `admin@${DEMO_FIRM.emailDomain}`);
    // The recent weeks; the months before them are the books' history (demo-books-history.ts), all billed.
    const sixWeeksAgo = new Date(Date.now() - 42 * 86_400_000).toISOString().slice(0, 10);
    const page = (await list({ IncludeTotals: 'true', SortBy: 'timeEntryDate', FromTimeEntryDateCreated: sixWeeksAgo }, token)).json().data;
    const rows = page.data as {
      timeEntryDate: string;
      isBillable: number;
      duration: string;
      userRate: string;
      totalAmount: string;
      timeEntryUserName: string;
    }[];
    // Nine of the demo's week (demo-time-entries.ts) and eight on the drafts waiting for pre-bill review (demo-pre-bill-review.ts).
    expect(rows).toHaveLength(17);
    expect(new Set(rows.map((row) => row.timeEntryUserName))).toEqual(new Set(['Ada Okafor', 'Tunde Bakare']));
    expect(rows.filter((row) => row.isBillable === 2).length).toBe(2);
    for (const row of rows.filter((row) => row.isBillable === 4)) {
      expect(Number(row.totalAmount)).toBe(Number(row.userRate) * Number(row.duration));
    }
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 1);
    expect(rows.filter((row) => row.timeEntryDate >= monday.toISOString().slice(0, 10)).length).toBeGreaterThanOrEqual(5);
    // 14.75 of the demo's week and 17.6 on the drafts.
    expect(page.totals.totalHours).toBe('32.3500');
  });
});
