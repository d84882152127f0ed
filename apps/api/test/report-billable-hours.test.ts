import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABLE_HOURS_MESSAGE, COST_RATE_MESSAGE, WORKING_DAYS_MESSAGE } from '@matterhorn/shared';
import { rowsOf } from './support/test-app.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { setUpTimeReportFixture, updateFirmSettings, updateMemberSettings, type TimeReportFixture } from './support/time-report-fixture.ts';

/**
 * GET /api/admin/reports/billable-hours and …/utilisation, and the settings utilisation reads (a
 * team member's available hours per day and cost rate, the firm's hours per day and working days).
 * The fixture's time is described in support/time-report-fixture.ts; each expected table below is
 * worked out from it.
 */
let setup: TimeReportFixture;
const get = (url: string) => setup.fixture.call('GET', url, setup.fixture.tokens.admin);
const byName = <T extends { feeEarner: unknown }>(rows: T[]) =>
  rows.sort((left, right) => String(left.feeEarner).localeCompare(String(right.feeEarner)));

beforeAll(async () => {
  setup = await setUpTimeReportFixture();
  const { admin } = setup.fixture.firm.users;
  // The admin is available 6 h a day; everyone else the firm's 7.5; Monday to Friday.
  expect((await updateMemberSettings(setup.fixture, admin.id, { availableHoursPerDay: '6' })).statusCode).toBe(200);
  const firm = await updateFirmSettings(setup.fixture, { availableHoursPerDay: '7.5', workingDays: [5, 1, 2, 3, 4, 4] });
  expect(firm.statusCode, firm.body).toBe(200);
  expect(firm.json().data).toMatchObject({ availableHoursPerDay: '7.50', workingDays: [1, 2, 3, 4, 5] });
});
afterAll(() => setup.fixture.context.close());

describe('the billable-hours report', () => {
  const figureKeys = ['billableHours', 'billableValue', 'nonBillableHours', 'billedHours', 'billedValue', 'unbilledHours', 'unbilledValue'];

  it('sums each fee earner’s time on each matter: billable, non-billable, billed and unbilled, with totals that tie out', async () => {
    const report = await reportOf(get, 'billable-hours', { GroupBy: 'matter' });
    const { names, matterA, matterB } = setup;
    const rows = report.rows.map((row) => ({ matterId: row.drill!.MatterId, ...rowsAs([row], ['feeEarner', ...figureKeys])[0]! }));
    const expected = [
      // E1 + E3 billed (2 h + 1 h at 100,000), E6 not billable.
      {
        matterId: matterA.id,
        feeEarner: names.admin,
        billableHours: '3.00',
        billableValue: '300000.00',
        nonBillableHours: '0.50',
        billedHours: '3.00',
        billedValue: '300000.00',
        unbilledHours: '0.00',
        unbilledValue: '0.00',
      },
      // E2 billed (3 h at 50,000; the write-down is the invoice's, not the entry's), E4 credited and released: unbilled.
      {
        matterId: matterA.id,
        feeEarner: names.feeEarner,
        billableHours: '5.00',
        billableValue: '250000.00',
        nonBillableHours: '0.00',
        billedHours: '3.00',
        billedValue: '150000.00',
        unbilledHours: '2.00',
        unbilledValue: '100000.00',
      },
      // E5, unbilled.
      {
        matterId: matterB.id,
        feeEarner: names.feeEarner,
        billableHours: '1.50',
        billableValue: '75000.00',
        nonBillableHours: '0.00',
        billedHours: '0.00',
        billedValue: '0.00',
        unbilledHours: '1.50',
        unbilledValue: '75000.00',
      },
    ];
    const key = (row: Record<string, unknown>) => `${String(row.matterId)}/${String(row.feeEarner)}`;
    expect(rows.sort((left, right) => key(left).localeCompare(key(right)))).toEqual(
      expected.sort((left, right) => key(left).localeCompare(key(right))),
    );
    expect(rowsAs(report.totals, figureKeys)).toEqual([
      {
        billableHours: '9.50',
        billableValue: '625000.00',
        nonBillableHours: '0.50',
        billedHours: '6.00',
        billedValue: '450000.00',
        unbilledHours: '3.50',
        unbilledValue: '175000.00',
      },
    ]);
    expect(report.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
      ['10.00', '10.00', true],
      ['625000.00', '625000.00', true],
      ['9.50', '9.50', true],
    ]);
    expect(report.dateBasis).toContain('Activity date');
  });

  it('sums each fee earner’s time by default, from the day totals or, narrowed to a client, from the entries, alike', async () => {
    const { names } = setup;
    const report = await reportOf(get, 'billable-hours');
    expect(report.columns.map((column) => column.key)).toEqual(['feeEarner', ...figureKeys]);
    expect(rowsAs(report.rows, ['feeEarner', ...figureKeys])).toEqual(
      byName([
        // Matter A's rows above.
        {
          feeEarner: names.admin,
          billableHours: '3.00',
          billableValue: '300000.00',
          nonBillableHours: '0.50',
          billedHours: '3.00',
          billedValue: '300000.00',
          unbilledHours: '0.00',
          unbilledValue: '0.00',
        },
        // Matter A's and matter B's rows above.
        {
          feeEarner: names.feeEarner,
          billableHours: '6.50',
          billableValue: '325000.00',
          nonBillableHours: '0.00',
          billedHours: '3.00',
          billedValue: '150000.00',
          unbilledHours: '3.50',
          unbilledValue: '175000.00',
        },
      ]),
    );
    expect(report.rows.map((row) => Object.keys(row.drill!))).toEqual([['FeeEarnerId'], ['FeeEarnerId']]);
    expect(report.checks.every((check) => check.pass)).toBe(true);
    const narrowed = await reportOf(get, 'billable-hours', { ClientId: setup.matterA.clientId });
    const client = await reportOf(get, 'billable-hours', { ClientId: setup.matterA.clientId, GroupBy: 'matter' });
    expect(rowsAs(narrowed.totals, figureKeys)).toEqual(rowsAs(client.totals, figureKeys));
    expect(narrowed.rows.length).toBeGreaterThan(0);
  });

  it('drills down from a figure to the time entries behind it, and filters by activity date', async () => {
    const report = await reportOf(get, 'billable-hours', { GroupBy: 'matter' });
    const row = report.rows.find(
      (candidate) => candidate.drill?.MatterId === setup.matterA.id && candidate.cells.feeEarner === setup.names.feeEarner,
    )!;
    const unbilled = report.columns.find((column) => column.key === 'unbilledHours')!;
    const entries = await reportOf(get, 'billable-hours', { ...row.drill, ...unbilled.drill, Level: 'entries' });
    expect(rowsAs(entries.rows, ['date', 'billable', 'billed', 'hours', 'value'])).toEqual([
      { date: '2026-10-06', billable: 'Billable', billed: 'Unbilled', hours: '2.00', value: '100000.00' },
    ]);
    expect(entries.totals[0]!.cells).toMatchObject({ hours: '2.00', value: '100000.00' });

    const october = await reportOf(get, 'billable-hours', { From: '2026-10-01' });
    expect(october.totals[0]!.cells).toMatchObject({ billableHours: '4.50', nonBillableHours: '0.50', billedHours: '1.00' });
    expect(october.criteria[0]).toMatch(/^Activity dates: 01\/10\/2026 – /);
  });

  it('fails its tie-out when an entry is neither billable nor non-billable', async () => {
    const { database } = setup.fixture.context;
    await database.db.execute(sql`update time_entries set is_billable = 3 where id = ${setup.entries.e6}`);
    try {
      const report = await reportOf(get, 'billable-hours');
      expect(report.checks.map((check) => check.pass)).toEqual([false, true, true]);
      expect(report.checks[0]).toMatchObject({ expected: '9.50', actual: '10.00' });
    } finally {
      await database.db.execute(sql`update time_entries set is_billable = 2 where id = ${setup.entries.e6}`);
    }
  });

  it('shows the summary a page of rows at a time, with totals and checks over every row; its CSV holds every row', async () => {
    const whole = await reportOf(get, 'billable-hours', { GroupBy: 'matter' });
    expect(whole.page).toEqual({ page: 1, size: 100, totalCount: 3 });
    const second = await reportOf(get, 'billable-hours', { GroupBy: 'matter', Page: '2', Size: '1' });
    expect(second.page).toEqual({ page: 2, size: 1, totalCount: 3 });
    expect(second.rows).toEqual([whole.rows[1]]);
    expect([second.totals, second.checks]).toEqual([whole.totals, whole.checks]);
    await expectCsvEqualsScreen(get, 'billable-hours', { GroupBy: 'matter', Page: '2', Size: '1' }, whole);
  });

  it('answers CSV of exactly what is on screen, and refuses another firm’s matter, a bad Kind and people without Reports', async () => {
    await expectCsvEqualsScreen(get, 'billable-hours', {}, await reportOf(get, 'billable-hours'));
    await expectCsvEqualsScreen(get, 'billable-hours', { Level: 'entries' }, await reportOf(get, 'billable-hours', { Level: 'entries' }));
    expect((await get(`/api/admin/reports/billable-hours?MatterId=${setup.fixture.otherReferences.openMatter.id}`)).statusCode).toBe(404);
    const badKind = await get('/api/admin/reports/billable-hours?Level=entries&Kind=paid');
    expect([badKind.statusCode, badKind.json().message]).toEqual([400, 'Kind must be billable, nonBillable, billed or unbilled']);
    const badGrouping = await get('/api/admin/reports/billable-hours?GroupBy=client');
    expect([badGrouping.statusCode, badGrouping.json().message]).toEqual([400, 'GroupBy must be feeEarner or matter']);
    const feeEarner = await setup.fixture.call('GET', '/api/admin/reports/billable-hours', setup.fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });
});

describe('the utilisation report', () => {
  const range = { From: '2026-09-15', To: '2026-10-31' };
  const keys = ['month', 'feeEarner', 'workingDays', 'availableHours', 'billableHours', 'utilisation'];

  it('divides each fee earner’s billable hours by their available hours, month by month, with the firm’s months and whole range', async () => {
    const report = await reportOf(get, 'utilisation', range);
    const { admin, feeEarner } = setup.names;
    // 15–30 September 2026: 12 working days (Mon–Fri); October 2026: 22. The admin has 6 h a day, the fee earner the firm's 7.5.
    const september = byName([
      { month: 'September 2026', feeEarner: admin, workingDays: 12, availableHours: '72.00', billableHours: '2.00', utilisation: '2.8' },
      { month: 'September 2026', feeEarner, workingDays: 12, availableHours: '90.00', billableHours: '3.00', utilisation: '3.3' },
    ]);
    // The admin's 0.5 h of 21 October is not billable: 1 ÷ 132 = 0.76%.
    const october = byName([
      { month: 'October 2026', feeEarner: admin, workingDays: 22, availableHours: '132.00', billableHours: '1.00', utilisation: '0.8' },
      { month: 'October 2026', feeEarner, workingDays: 22, availableHours: '165.00', billableHours: '3.50', utilisation: '2.1' },
    ]);
    expect(rowsAs(report.rows, keys)).toEqual([...september, ...october]);
    expect(rowsAs(report.totals, keys)).toEqual([
      { month: 'September 2026', feeEarner: 'Firm', workingDays: 12, availableHours: '162.00', billableHours: '5.00', utilisation: '3.1' },
      { month: 'October 2026', feeEarner: 'Firm', workingDays: 22, availableHours: '297.00', billableHours: '4.50', utilisation: '1.5' },
      { month: 'Whole range', feeEarner: 'Firm', workingDays: 34, availableHours: '459.00', billableHours: '9.50', utilisation: '2.1' },
    ]);
    expect(report.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
      ['9.50', '9.50', true],
      ['459.00', '459.00', true],
    ]);
  });

  it('drills from a fee earner’s month to its billable time, and reads the year to date without dates', async () => {
    const report = await reportOf(get, 'utilisation', range);
    const row = report.rows.find((candidate) => candidate.cells.feeEarner === setup.names.admin)!;
    expect(row.drill).toEqual({ FeeEarnerId: setup.fixture.firm.users.admin.id, From: '2026-09-15', To: '2026-09-30' });
    const entries = await reportOf(get, 'utilisation', { ...row.drill, Level: 'entries' });
    expect(rowsAs(entries.rows, ['date', 'hours'])).toEqual([{ date: '2026-09-16', hours: '2.00' }]);

    const yearToDate = await reportOf(get, 'utilisation');
    expect(yearToDate.criteria[0]).toMatch(/^Activity dates: 01\/01\/2026 – \d\d\/\d\d\/2026$/);
    expect(yearToDate.totals.at(-1)!.cells.billableHours).toBe('9.50');
  });

  it('answers CSV and PDF of exactly what is on screen, and follows the firm’s working days', async () => {
    const report = await reportOf(get, 'utilisation', range);
    await expectCsvEqualsScreen(get, 'utilisation', range, report);
    await expectPdfOfReport(get, 'utilisation', range, report);

    expect((await updateFirmSettings(setup.fixture, { workingDays: [1, 2, 3, 4, 5, 6] })).statusCode).toBe(200);
    const withSaturdays = await reportOf(get, 'utilisation', range);
    // Saturdays 19 and 26 September: 14 working days; the admin 14 × 6, the fee earner 14 × 7.5.
    expect(rowsAs(withSaturdays.totals.slice(0, 1), keys)).toEqual([
      { month: 'September 2026', feeEarner: 'Firm', workingDays: 14, availableHours: '189.00', billableHours: '5.00', utilisation: '2.6' },
    ]);
    expect((await updateFirmSettings(setup.fixture, { workingDays: [1, 2, 3, 4, 5] })).statusCode).toBe(200);
  });

  it('refuses a range the wrong way round and another firm’s fee earner', async () => {
    const backwards = await get('/api/admin/reports/utilisation?From=2026-11-01&To=2026-10-01');
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'From must be on or before To']);
    const future = await get('/api/admin/reports/utilisation?From=2099-01-01');
    expect(future.statusCode).toBe(400);
    expect((await get(`/api/admin/reports/utilisation?FeeEarnerId=${setup.fixture.otherFirm.users.admin.id}`)).statusCode).toBe(404);
  });
});

describe('the settings the time reports read', () => {
  it('keeps a team member’s cost rate and available hours: left out unchanged, blank cleared, bad values refused, audited', async () => {
    const { fixture } = setup;
    const userId = fixture.firm.users.billing.id;
    const set = await updateMemberSettings(fixture, userId, { costRate: '12500.5', availableHoursPerDay: '7.25' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ costRate: '12500.50', availableHoursPerDay: '7.25' });
    expect((await updateMemberSettings(fixture, userId, {})).json().data).toMatchObject({
      costRate: '12500.50',
      availableHoursPerDay: '7.25',
    });
    expect((await updateMemberSettings(fixture, userId, { costRate: '', availableHoursPerDay: null })).json().data).toMatchObject({
      costRate: null,
      availableHoursPerDay: null,
    });
    const badRate = await updateMemberSettings(fixture, userId, { costRate: '12.345' });
    expect([badRate.statusCode, badRate.json().message]).toEqual([400, COST_RATE_MESSAGE]);
    for (const hours of ['0', '24.5', 'eight']) {
      const bad = await updateMemberSettings(fixture, userId, { availableHoursPerDay: hours });
      expect([bad.statusCode, bad.json().message]).toEqual([400, AVAILABLE_HOURS_MESSAGE]);
    }
    const audits = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ details: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
        tx.execute(sql`select details from audit_events where action = 'teamMember.updated' and entity_id = ${userId} order by id`),
      ),
    );
    expect(audits[0]!.details.after).toMatchObject({ costRate: '12500.5', availableHoursPerDay: '7.25' });
    expect(audits[2]!.details.before).toMatchObject({ costRate: '12500.50', availableHoursPerDay: '7.25' });
  });

  it('keeps the firm’s hours per day and working days, refusing none or an impossible day', async () => {
    const none = await updateFirmSettings(setup.fixture, { workingDays: [] });
    expect([none.statusCode, none.json().message]).toEqual([400, WORKING_DAYS_MESSAGE]);
    const eighth = await updateFirmSettings(setup.fixture, { workingDays: [1, 8] });
    expect([eighth.statusCode, eighth.json().message]).toEqual([400, WORKING_DAYS_MESSAGE]);
    const hours = await updateFirmSettings(setup.fixture, { availableHoursPerDay: '0' });
    expect([hours.statusCode, hours.json().message]).toEqual([400, AVAILABLE_HOURS_MESSAGE]);
    const profile = (await get('/api/admin/business/get-firm-profile')).json().data;
    expect(profile).toMatchObject({ availableHoursPerDay: '7.50', workingDays: [1, 2, 3, 4, 5] });
  });
});
