import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOf, rowsAs } from './support/report-checks.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * A report's CSV of the entries behind a figure holds every entry, written page by page as each is
 * read (the route reads 1,000 a time): 2,101 entries make two full pages and one of 101.
 */
const ENTRIES = 2_101;
let fixture: TimeEntryFixture;
const get = (url: string) => fixture.call('GET', url, fixture.tokens.admin);

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const matter = fixture.references.openMatter;
  const { feeEarner } = fixture.firm.users;
  // Made in one statement: the API would take minutes to record 2,101 entries one by one.
  await fixture.context.database.db.execute(sql`
    insert into time_entries (firm_id, client_id, matter_id, activity_type_id, user_id, is_billable, description, time_entry_date,
      duration, user_rate, foreign_user_rate, total_amount, foreign_total_amount, home_total_amount)
    select ${fixture.firm.firmId}, ${matter.clientId}, ${matter.id}, ${fixture.references.activityIds[0]}, ${feeEarner.id}, 4,
      'Entry ' || n, date '2026-01-01' + (n % 300), 0.5, 100, 100, 50, 50, 50
    from generate_series(1, ${ENTRIES}) as n`);
}, 60_000);
afterAll(() => fixture.context.close());

describe('a report’s CSV of many entries', () => {
  it('holds every entry in the screen’s order, then the totals over them all', async () => {
    const query = { Level: 'entries', FeeEarnerId: fixture.firm.users.feeEarner.id };
    const response = await get(`/api/admin/reports/billable-hours?${new URLSearchParams({ ...query, format: 'csv' })}`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.split('\r\n');
    const entryLines = lines.filter((line) => /^\d\d\/\d\d\/\d{4},/.test(line));
    expect(entryLines).toHaveLength(ENTRIES);
    const entryOf = (line: string) => /Entry \d+/.exec(line)?.[0];
    expect(new Set(entryLines.map(entryOf)).size).toBe(ENTRIES);

    // The first and the last entry of the screen's pages begin and end the file; the totals follow them.
    const first = await reportOf(get, 'billable-hours', { ...query, Size: '1' });
    const last = await reportOf(get, 'billable-hours', { ...query, Size: '1', Page: String(ENTRIES) });
    const descriptionOf = (answer: typeof first) => rowsAs(answer.rows, ['description'])[0]!.description;
    expect([entryOf(entryLines[0]!), entryOf(entryLines.at(-1)!)]).toEqual([descriptionOf(first), descriptionOf(last)]);
    expect(first.totals[0]!.cells.hours).toBe('1050.50');
    expect(lines[lines.indexOf(entryLines.at(-1)!) + 1]).toContain('1050.50');
  });
});
