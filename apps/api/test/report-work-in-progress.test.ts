import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { markBilled, setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/reports/work-in-progress: unbilled time, expenses and flat fees by matter and fee
 * earner, aged by activity date. A fresh firm with hand-placed items: the expected table is worked
 * out below from the items' own numbers.
 */
let fixture: TimeEntryFixture;
const itemsBase = '/api/admin/expense-flat-fees-info';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const get = (url: string) => fixture.call('GET', url, fixture.tokens.admin);

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  await fixture.context.database.db.execute(sql`update firms set time_zone = 'UTC' where id = ${fixture.firm.firmId}`);
  const [category] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from expense_categories order by name limit 1`)),
  );
  const matter = fixture.references.openMatter;
  const { admin, feeEarner } = fixture.firm.users;
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fixture.call('POST', path, fixture.tokens.admin, { clientId: matter.clientId, matterId: matter.id, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const time = (userId: string, days: number, duration: string, userRate: string, isBillable = 4) =>
    post(TIME_ENTRY_BASE, {
      activityId: fixture.references.activityIds[0],
      isBillable,
      timeEntryUserId: userId,
      description: `Work ${days} days ago`,
      timeEntryDate: daysAgo(days),
      duration,
      userRate,
      exchangeRate: '1',
    });
  await time(admin.id, 10, '1.5', '80000.00'); // 120,000.00 in 0–30
  await time(feeEarner.id, 45, '2', '50000.00'); // 100,000.00 in 31–60
  await time(admin.id, 5, '1', '80000.00', 2); // not billable: not work in progress
  await markBilled(fixture.context.database, await time(admin.id, 3, '4', '80000.00'), 'status'); // billed: not either
  await post(`${itemsBase}/create-expense`, {
    isFirmExpense: false,
    expenseDate: daysAgo(100),
    description: 'Filing fee',
    categoryId: category!.id,
    quantity: '3',
    unitCost: '33.33',
    isBillable: 4,
  }); // 99.99 in 90+, for the admin who added it
  await post(`${itemsBase}/create-flat-fee`, {
    userId: feeEarner.id,
    flatFeeDate: daysAgo(75),
    description: 'Incorporation package',
    amount: '250000.50',
  }); // 250,000.50 in 61–90
});
afterAll(() => fixture.context.close());

describe('the work-in-progress report', () => {
  it('sums each matter and fee earner’s unbilled items by age, with totals that tie out', async () => {
    const report = await reportOf(get, 'work-in-progress');
    expect(report.level).toBe('summary');
    const keys = ['feeEarner', 'days0To30', 'days31To60', 'days61To90', 'days90Plus', 'total'];
    const adminName = report.rows.find((row) => row.drill?.FeeEarnerId === fixture.firm.users.admin.id)!.cells.feeEarner;
    const feeEarnerName = report.rows.find((row) => row.drill?.FeeEarnerId === fixture.firm.users.feeEarner.id)!.cells.feeEarner;
    expect(rowsAs(report.rows, keys)).toEqual(
      [
        { feeEarner: adminName, days0To30: '120000.00', days31To60: '0.00', days61To90: '0.00', days90Plus: '99.99', total: '120099.99' },
        {
          feeEarner: feeEarnerName,
          days0To30: '0.00',
          days31To60: '100000.00',
          days61To90: '250000.50',
          days90Plus: '0.00',
          total: '350000.50',
        },
      ].sort((left, right) => String(left.feeEarner).localeCompare(String(right.feeEarner))),
    );
    expect(rowsAs(report.totals, keys.slice(1))).toEqual([
      { days0To30: '120000.00', days31To60: '100000.00', days61To90: '250000.50', days90Plus: '99.99', total: '470100.49' },
    ]);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.checks.every((check) => check.pass)).toBe(true);
    expect(report.formula).toContain('unbilled');
    expect(report.dateBasis).toContain('Activity date');

    // By matter and fee earner (each fee earner's work here is on one matter), and narrowed to the client (read from the
    // entries, not the day totals): the same figures.
    const byMatter = await reportOf(get, 'work-in-progress', { GroupBy: 'matter' });
    expect(rowsAs(byMatter.rows, keys)).toEqual(rowsAs(report.rows, keys));
    expect(byMatter.rows.every((row) => Boolean(row.drill?.MatterId && row.cells.matter))).toBe(true);
    const client = await reportOf(get, 'work-in-progress', { ClientId: fixture.references.openMatter.clientId });
    expect(rowsAs(client.rows, keys)).toEqual(rowsAs(report.rows, keys));
    const figures = (answer: typeof report) => rowsAs(answer.totals, keys.slice(1));
    expect([figures(byMatter), figures(client)]).toEqual([figures(report), figures(report)]);
  });

  it('drills down from a figure to the entries behind it', async () => {
    const report = await reportOf(get, 'work-in-progress');
    const adminRow = report.rows.find((row) => row.drill?.FeeEarnerId === fixture.firm.users.admin.id)!;
    const bucket = report.columns.find((column) => column.key === 'days90Plus')!;
    const entries = await reportOf(get, 'work-in-progress', { ...adminRow.drill, ...bucket.drill, Level: 'entries' });
    expect(entries.level).toBe('entries');
    expect(rowsAs(entries.rows, ['kind', 'description', 'amount'])).toEqual([
      { kind: 'Expense', description: 'Filing fee', amount: '99.99' },
    ]);
    expect(entries.page).toEqual({ page: 1, size: 100, totalCount: 1 });

    const everything = await reportOf(get, 'work-in-progress', { Level: 'entries', Size: '2' });
    expect(everything.page).toEqual({ page: 1, size: 2, totalCount: 4 });
    expect(everything.totals[0]!.cells.amount).toBe('470100.49');
  });

  it('filters by activity dates and fee earner', async () => {
    const report = await reportOf(get, 'work-in-progress', { From: daysAgo(60), FeeEarnerId: fixture.firm.users.feeEarner.id });
    expect(report.totals[0]!.cells.total).toBe('100000.00');
    expect(report.criteria.some((line) => line.startsWith('Fee earner:'))).toBe(true);
  });

  it('answers CSV and PDF of exactly what is on screen', async () => {
    const report = await reportOf(get, 'work-in-progress');
    await expectCsvEqualsScreen(get, 'work-in-progress', {}, report);
    await expectPdfOfReport(get, 'work-in-progress', {}, report);
    const entries = await reportOf(get, 'work-in-progress', { Level: 'entries', Size: '500' });
    await expectCsvEqualsScreen(get, 'work-in-progress', { Level: 'entries', Size: '2' }, entries);
  });

  it('refuses another firm’s records and bad filters, and people without Reports', async () => {
    const otherMatter = fixture.otherReferences.openMatter.id;
    expect((await get(`/api/admin/reports/work-in-progress?MatterId=${otherMatter}`)).statusCode).toBe(404);
    const badRange = await get(`/api/admin/reports/work-in-progress?From=2026-02-01&To=2026-01-01`);
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().message).toBe('From must be on or before To');
    const feeEarner = await fixture.call('GET', '/api/admin/reports/work-in-progress', fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });
});
