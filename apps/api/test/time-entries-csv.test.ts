import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { markBilled, setUpTimeEntryFixture, TIME_ENTRY_BASE as base, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { csvLinesOf } from './support/csv-download.ts';

let fixture: TimeEntryFixture;
/** A matter with many times more entries than one export batch holds (500), all recorded in one statement. */
let bulkMatterId: string;
const BULK_ROWS = 4_500;
const HEADER = 'Date,Client,Matter,Activity,Description,Fee earner,Hours,Billable,Rate,Amount,Currency,Status,UTBMS task';

beforeAll(async () => {
  // These tests check amounts and locks on exact durations; billing-increments.test.ts covers rounding.
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const { firm, references, context } = fixture;
  const matter = references.openMatter;
  const post = (body: Record<string, unknown>) =>
    fixture.call('POST', base, fixture.tokens.admin, {
      clientId: matter.clientId,
      matterId: matter.id,
      activityId: references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: firm.users.admin.id,
      timeEntryDate: '2025-05-02',
      userRate: '80000',
      exchangeRate: '1',
      ...body,
    });
  const usd = (await rowsOf<{ id: number }>(context.database.db.execute(sql`select id from currencies where iso_code = 'USD'`)))[0]!.id;
  const first = await post({ description: 'Drafted the notice, then "served" it', duration: '1.25', utbmsTaskCode: 'L110' });
  const second = await post({ description: '=HYPERLINK("http://example.com")', duration: '0.5', timeEntryDate: '2025-05-01' });
  const third = await post({
    description: 'Meeting\nwith counsel',
    duration: '2',
    isBillable: 2,
    timeEntryUserId: firm.users.feeEarner.id,
    timeEntryDate: '2025-04-30',
  });
  const fourth = await post({
    description: 'Opinion for the US parent',
    duration: '1',
    foreignCurrencyId: usd,
    exchangeRate: '1600',
    timeEntryDate: '2025-04-29',
  });
  for (const response of [first, second, third, fourth]) expect(response.statusCode, response.body).toBe(201);
  await markBilled(context.database, second.json().data.id);

  const { firmId } = firm;
  bulkMatterId = await context.database.withFirm(firmId, async (tx) => {
    const [bulk] = await rowsOf<{ id: string }>(
      tx.execute(
        sql`insert into matters (firm_id, client_id, matter_name, billing_type) values (${firmId}, ${matter.clientId}, 'Bulk review', 'Hourly') returning id`,
      ),
    );
    // One statement: every row has the same created_at, so the export's order rests on the id tie-break.
    await tx.execute(sql`insert into time_entries (firm_id, client_id, matter_id, activity_type_id, user_id, is_billable, description,
        time_entry_date, duration, user_rate, foreign_user_rate, total_amount, foreign_total_amount, home_total_amount)
      select ${firmId}, ${matter.clientId}, ${bulk!.id}, ${references.activityIds[0]}, ${firm.users.admin.id}, 4, 'Bulk ' || n,
        date '2024-01-01' + (n % 30), (n % 7 + 1) / 4.0, 100, 100, (n % 7 + 1) * 25, (n % 7 + 1) * 25, (n % 7 + 1) * 25
      from generate_series(1, ${BULK_ROWS}) as n`);
    return bulk!.id;
  });
});
afterAll(() => fixture.context.close());

const csv = (query: Record<string, string>, token = fixture.tokens.admin) =>
  fixture.call('GET', `${base}?${new URLSearchParams({ IsDownlodCsv: 'true', ...query })}`, token);

describe('GET /api/admin/time-entry?IsDownlodCsv=true', () => {
  it('streams the filtered list as CSV: header, one line per entry in list order, quoted and formula-guarded', async () => {
    const response = await csv({ MatterId: fixture.references.openMatter.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="time-entries.csv"');
    expect(csvLinesOf(response)[0]).toBe(HEADER);
    const client = 'Kemi Adebayo';
    const matter = 'MAT-00001 Lease dispute – Victoria Island office';
    expect(csvLinesOf(response).slice(1)).toEqual([
      `02/05/2025,${client},${matter},Plan and prepare,"Drafted the notice, then ""served"" it",Ada Okafor,1.2500,Yes,80000.00,100000.00,NGN,Unbilled,L110`,
      `01/05/2025,${client},${matter},Plan and prepare,"'=HYPERLINK(""http://example.com"")",Ada Okafor,0.5000,Yes,80000.00,40000.00,NGN,Billed,`,
      `30/04/2025,${client},${matter},Plan and prepare,"Meeting\nwith counsel",Tunde Bakare,2.0000,No,0.00,0.00,NGN,Unbilled,`,
      `29/04/2025,${client},${matter},Plan and prepare,Opinion for the US parent,Ada Okafor,1.0000,Yes,50.00,50.00,USD,Unbilled,`,
    ]);
  });

  it('applies the list’s filters and a fee earner’s visibility', async () => {
    const billable = csvLinesOf(await csv({ MatterId: fixture.references.openMatter.id, IsBillable: '2' }));
    expect(billable).toHaveLength(2);
    expect(billable[1]).toContain('Tunde Bakare');
    const own = csvLinesOf(await csv({}, fixture.tokens.feeEarner));
    expect(own).toEqual([HEADER, expect.stringContaining('Meeting')]);
    const empty = await csv({ GeneralSearchText: 'nothing-matches' });
    expect(csvLinesOf(empty)).toEqual([HEADER]);
    expect((await csv({ SortBy: 'nonsense' })).statusCode).toBe(400);
  });

  it.each([
    ['the default order', {}],
    ['a sort with many ties (duration)', { SortBy: 'duration' }],
    ['a joined column (client name, all equal)', { sortColumn: 'clientName', sortType: 'desc' }],
  ])('exports every row exactly once across batches, in %s', async (_what, sort) => {
    const response = await csv({ MatterId: bulkMatterId, ...sort });
    expect(response.statusCode).toBe(200);
    const rows = csvLinesOf(response).slice(1);
    expect(rows).toHaveLength(BULK_ROWS);
    const numbers = rows.map((row) => Number(/,Bulk (\d+),/.exec(row)![1]));
    expect(new Set(numbers).size).toBe(BULK_ROWS);
    const page = (
      await fixture.call(
        'GET',
        `${base}?${new URLSearchParams({ MatterId: bulkMatterId, size: '100', page: '21', ...sort })}`,
        fixture.tokens.admin,
      )
    ).json().data.data as { description: string }[];
    expect(rows.slice(2000, 2100).map((row) => `Bulk ${/,Bulk (\d+),/.exec(row)![1]}`)).toEqual(page.map((entry) => entry.description));
  });

  it('counts the list up to 1,000 only', async () => {
    const page = (await fixture.call('GET', `${base}?MatterId=${bulkMatterId}&IncludeTotals=true`, fixture.tokens.admin)).json().data;
    expect(page).toMatchObject({ totalCount: 1000, isTotalCountCapped: true });
    expect(page.totals.totalHours).toBe('4500.7500');
  });
});
