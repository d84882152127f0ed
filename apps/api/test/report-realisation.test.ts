import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { expectCsvEqualsScreen, expectPdfOfReport, reportOf, rowsAs } from './support/report-checks.ts';
import { setUpTimeReportFixture, updateMemberSettings, type TimeReportFixture } from './support/time-report-fixture.ts';

/**
 * GET /api/admin/reports/realisation and …/matter-profitability. The fixture's time, invoices,
 * payments, credit note and write-off are described in support/time-report-fixture.ts; each
 * expected table below is worked out from them:
 *
 * Invoice A: subtotal 300,000 (E1 200,000; E2 written down to 100,000), 10% discount, VAT 7.5%:
 *   total 290,250, paid 145,125. E1 net 200,000 − 20,000 = 180,000, collected 180,000 × 145,125 ÷ 290,250
 *   = 90,000; E2 net 90,000, collected 45,000.
 * Invoice B: E3 100,000 + E4 100,000; 60,000 paid; E4 credited (100,000); 40,000 written off: standing
 *   total 100,000. E3 billed 100,000 − 40,000 = 60,000, collected 60,000; E4 nothing.
 * Invoice C: F1 250,000, paid in full.
 */
let setup: TimeReportFixture;
const get = (url: string) => setup.fixture.call('GET', url, setup.fixture.tokens.admin);
const figureKeys = ['hours', 'standard', 'billed', 'collected', 'billingRealisation', 'collectionRealisation', 'overallRealisation'];
const byGroup = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.sort((left, right) => String(left.group).localeCompare(String(right.group)));

beforeAll(async () => {
  setup = await setUpTimeReportFixture();
  const set = await updateMemberSettings(setup.fixture, setup.fixture.firm.users.admin.id, {
    costRate: '40000',
    costRateFrom: '2026-01-01',
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => setup.fixture.context.close());

describe('the realisation report', () => {
  it('divides billed by standard value, collected by billed and collected by standard value, per fee earner', async () => {
    const report = await reportOf(get, 'realisation');
    const { admin, feeEarner } = setup.names;
    expect(rowsAs(report.rows, ['group', ...figureKeys])).toEqual(
      byGroup([
        // E1 and E3 (E6 is not billable): billed 180,000 + 60,000, collected 90,000 + 60,000.
        {
          group: admin,
          hours: '3.00',
          standard: '300000.00',
          billed: '240000.00',
          collected: '150000.00',
          billingRealisation: '80.0',
          collectionRealisation: '62.5',
          overallRealisation: '50.0',
        },
        // E2 billed 90,000 and half collected; E4 credited and E5 unbilled bill nothing.
        {
          group: feeEarner,
          hours: '6.50',
          standard: '325000.00',
          billed: '90000.00',
          collected: '45000.00',
          billingRealisation: '27.7',
          collectionRealisation: '50.0',
          overallRealisation: '13.8',
        },
      ]),
    );
    expect(rowsAs(report.totals, figureKeys)).toEqual([
      {
        hours: '9.50',
        standard: '625000.00',
        billed: '330000.00',
        collected: '195000.00',
        billingRealisation: '52.8',
        collectionRealisation: '59.1',
        overallRealisation: '31.2',
      },
    ]);
    // E1, E2 and E3 are billed on live lines; E4's line was credited (and E4 released).
    expect(report.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
      ['9.50', '9.50', true],
      ['625000.00', '625000.00', true],
      ['3', '3', true],
    ]);
    expect(report.formula).toContain('Billing realisation = billed ÷ standard value');
    expect(report.formula).toContain('collection realisation = collected ÷ billed');
    expect(report.formula).toContain('overall realisation = collected ÷ standard value');
  });

  it('groups by matter or by practice area', async () => {
    const byMatter = await reportOf(get, 'realisation', { GroupBy: 'matter' });
    const matterA = byMatter.rows.find((row) => row.drill?.MatterId === setup.matterA.id)!;
    const matterB = byMatter.rows.find((row) => row.drill?.MatterId === setup.matterB.id)!;
    const a = { hours: '8.00', standard: '550000.00', billed: '330000.00', collected: '195000.00' };
    const b = { hours: '1.50', standard: '75000.00', billed: '0.00', collected: '0.00' };
    expect(rowsAs([matterA], figureKeys)).toEqual([
      { ...a, billingRealisation: '60.0', collectionRealisation: '59.1', overallRealisation: '35.5' },
    ]);
    // Nothing billed: collection realisation has nothing to divide by.
    expect(rowsAs([matterB], figureKeys)).toEqual([
      { ...b, billingRealisation: '0.0', collectionRealisation: null, overallRealisation: '0.0' },
    ]);
    expect(byMatter.columns.slice(0, 2).map((column) => column.label)).toEqual(['Client', 'Matter']);

    const areas = await setup.fixture.context.database.withFirm(setup.fixture.firm.firmId, (tx) =>
      rowsOf<{ matterId: string; id: string; name: string }>(
        tx.execute(sql`select ma.matter_id as "matterId", pa.id, pa.name from matter_practice_areas ma
          join practice_areas pa on pa.id = ma.practice_area_id where ma.matter_id in (${setup.matterA.id}, ${setup.matterB.id})`),
      ),
    );
    const areaOf = (matterId: string) => areas.find((area) => area.matterId === matterId)!;
    const byArea = await reportOf(get, 'realisation', { GroupBy: 'practiceArea' });
    expect(rowsAs(byArea.rows, ['group', 'hours', 'standard', 'billed', 'collected'])).toEqual(
      byGroup([
        { group: areaOf(setup.matterA.id).name, ...a },
        { group: areaOf(setup.matterB.id).name, ...b },
      ]),
    );
    expect(byArea.rows.map((row) => row.drill)).toContainEqual({ PracticeAreaId: areaOf(setup.matterB.id).id });
    expect(byArea.checks.every((check) => check.pass)).toBe(true);
    // Every matter here has a practice area: the drill-down of "No practice area" is empty.
    const none = await reportOf(get, 'realisation', { NoPracticeArea: 'true', Level: 'entries' });
    expect([none.rows, none.totals[0]!.cells.hours, none.criteria]).toEqual([[], '0.00', ['Activity dates: all', 'Practice area: none']]);
  });

  it('drills down from a fee earner to each entry’s standard value, billed and collected', async () => {
    const report = await reportOf(get, 'realisation');
    const row = report.rows.find((candidate) => candidate.cells.group === setup.names.feeEarner)!;
    const entries = await reportOf(get, 'realisation', { ...row.drill, Level: 'entries' });
    expect(rowsAs(entries.rows, ['date', 'invoice', 'hours', 'standard', 'billed', 'collected'])).toEqual([
      {
        date: '2026-09-17',
        invoice: setup.invoices.a.invoiceNumber,
        hours: '3.00',
        standard: '150000.00',
        billed: '90000.00',
        collected: '45000.00',
      },
      // Credited and released: on no invoice any more.
      { date: '2026-10-06', invoice: null, hours: '2.00', standard: '100000.00', billed: '0.00', collected: '0.00' },
      { date: '2026-10-20', invoice: null, hours: '1.50', standard: '75000.00', billed: '0.00', collected: '0.00' },
    ]);
    expect(entries.totals[0]!.cells).toMatchObject({ hours: '6.50', standard: '325000.00', billed: '90000.00', collected: '45000.00' });

    const october = await reportOf(get, 'realisation', { From: '2026-10-01', To: '2026-10-31' });
    expect(october.totals[0]!.cells).toMatchObject({ hours: '4.50', standard: '275000.00', billed: '60000.00', collected: '60000.00' });
  });

  it('fails its tie-outs when an invoice bills an entry twice', async () => {
    const { database } = setup.fixture.context;
    const duplicate = sql`insert into invoice_lines (firm_id, invoice_id, item_type, item_id, matter_id, line_date, fee_earner_id,
        fee_earner_name, description, hours, rate, quantity, item_amount, amount, adjustment, sort_order)
      select firm_id, invoice_id, item_type, item_id, matter_id, line_date, fee_earner_id, fee_earner_name, description, hours, rate,
        quantity, item_amount, amount, adjustment, 99
      from invoice_lines where item_id = ${setup.entries.e1}`;
    await database.db.execute(duplicate);
    try {
      // By fee earner, hours and values come from the day totals and billed from the lines: the line check finds it.
      const report = await reportOf(get, 'realisation');
      expect(report.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
        ['9.50', '9.50', true],
        ['625000.00', '625000.00', true],
        ['3', '4', false],
      ]);
      // By matter, each entry is read with its lines: the entry counts twice.
      const byMatter = await reportOf(get, 'realisation', { GroupBy: 'matter' });
      expect(byMatter.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
        ['11.50', '9.50', false],
        ['825000.00', '625000.00', false],
        ['3', '4', false],
      ]);
      // Matter profitability reads billed from the lines too.
      const profitability = await reportOf(get, 'matter-profitability');
      expect(profitability.checks.map((check) => [check.expected, check.actual, check.pass]).slice(0, 4)).toEqual([
        ['10.00', '10.00', true],
        [expect.any(String), expect.any(String), true],
        ['10000.00', '10000.00', true],
        ['3', '4', false],
      ]);
    } finally {
      await database.db.execute(sql`delete from invoice_lines where item_id = ${setup.entries.e1} and sort_order = 99`);
    }
  });

  it('answers CSV of exactly what is on screen, and refuses another firm’s matter and a bad grouping', async () => {
    await expectCsvEqualsScreen(get, 'realisation', { GroupBy: 'matter' }, await reportOf(get, 'realisation', { GroupBy: 'matter' }));
    const entries = await reportOf(get, 'realisation', { Level: 'entries' });
    await expectCsvEqualsScreen(get, 'realisation', { Level: 'entries' }, entries);
    expect((await get(`/api/admin/reports/realisation?MatterId=${setup.fixture.otherReferences.openMatter.id}`)).statusCode).toBe(404);
    const bad = await get('/api/admin/reports/realisation?GroupBy=client');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'GroupBy must be feeEarner, matter or practiceArea']);
  });
});

describe('the matter-profitability report', () => {
  const keys = ['hours', 'feesBilled', 'feesCollected', 'costOfTime', 'expenses', 'margin', 'marginPercent'];

  it('names a fee earner without a cost rate, whose time then costs nothing', async () => {
    const report = await reportOf(get, 'matter-profitability');
    const matterA = report.rows.find((row) => row.drill?.MatterId === setup.matterA.id)!;
    // The admin's 3.5 h (E1, E3 and the non-billable E6) at 40,000; the fee earner's 5 h at nothing.
    expect(matterA.cells).toMatchObject({ costOfTime: '140000.00', margin: '45000.00', marginPercent: '23.1' });
    expect(report.checks.at(-1)).toEqual({
      name: 'Fee earners with time here on a day they had no cost rate (that time costs 0)',
      expected: 'none',
      actual: setup.names.feeEarner,
      pass: false,
    });
  });

  it('sets fees collected against the cost of time and non-recoverable expenses, per matter, with totals that tie out', async () => {
    const set = await updateMemberSettings(setup.fixture, setup.fixture.firm.users.feeEarner.id, {
      costRate: '20000.00',
      costRateFrom: '2026-01-01',
    });
    expect(set.statusCode, set.body).toBe(200);
    const report = await reportOf(get, 'matter-profitability');
    const cellsOf = (matterId: string) => rowsAs([report.rows.find((row) => row.drill?.MatterId === matterId)!], keys)[0];
    expect(report.rows).toHaveLength(2);
    // Matter A: 8.5 h of time; the admin's 3.5 h × 40,000 + the fee earner's 5 h × 20,000; the 10,000 courier;
    // margin 195,000 − 240,000 − 10,000.
    expect(cellsOf(setup.matterA.id)).toEqual({
      hours: '8.50',
      feesBilled: '330000.00',
      feesCollected: '195000.00',
      costOfTime: '240000.00',
      expenses: '10000.00',
      margin: '-55000.00',
      marginPercent: '-28.2',
    });
    // Matter B: the flat fee billed and paid in full; E5's 1.5 h × 20,000.
    expect(cellsOf(setup.matterB.id)).toEqual({
      hours: '1.50',
      feesBilled: '250000.00',
      feesCollected: '250000.00',
      costOfTime: '30000.00',
      expenses: '0.00',
      margin: '220000.00',
      marginPercent: '88.0',
    });
    expect(rowsAs(report.totals, keys)).toEqual([
      {
        hours: '10.00',
        feesBilled: '580000.00',
        feesCollected: '445000.00',
        costOfTime: '270000.00',
        expenses: '10000.00',
        margin: '165000.00',
        marginPercent: '37.1',
      },
    ]);
    expect(report.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
      ['10.00', '10.00', true],
      ['270000.00', '270000.00', true],
      ['10000.00', '10000.00', true],
      ['3', '3', true],
      ['none', 'none', true],
    ]);
    expect(report.formula).toContain('Margin = fees collected − cost of time − non-recoverable expenses');
  });

  it('drills down from a matter’s cost of time and expenses to the items behind them, and filters by activity date', async () => {
    const report = await reportOf(get, 'matter-profitability');
    const row = report.rows.find((candidate) => candidate.drill?.MatterId === setup.matterA.id)!;
    const column = (key: string) => report.columns.find((candidate) => candidate.key === key)!.drill!;
    const time = await reportOf(get, 'matter-profitability', { ...row.drill, ...column('costOfTime'), Level: 'entries' });
    expect(rowsAs(time.rows, ['date', 'kind', 'hours', 'feesBilled', 'feesCollected', 'costOfTime'])).toEqual([
      { date: '2026-09-16', kind: 'Time', hours: '2.00', feesBilled: '180000.00', feesCollected: '90000.00', costOfTime: '80000.00' },
      { date: '2026-09-17', kind: 'Time', hours: '3.00', feesBilled: '90000.00', feesCollected: '45000.00', costOfTime: '60000.00' },
      { date: '2026-10-05', kind: 'Time', hours: '1.00', feesBilled: '60000.00', feesCollected: '60000.00', costOfTime: '40000.00' },
      { date: '2026-10-06', kind: 'Time', hours: '2.00', feesBilled: '0.00', feesCollected: '0.00', costOfTime: '40000.00' },
      { date: '2026-10-21', kind: 'Time', hours: '0.50', feesBilled: '0.00', feesCollected: '0.00', costOfTime: '20000.00' },
    ]);
    expect(time.totals[0]!.cells).toMatchObject({ hours: '8.50', costOfTime: '240000.00' });
    const expenses = await reportOf(get, 'matter-profitability', { ...row.drill, ...column('expenses'), Level: 'entries' });
    expect(rowsAs(expenses.rows, ['kind', 'hours', 'expenses', 'margin'])).toEqual([
      { kind: 'Non-recoverable expense', hours: null, expenses: '10000.00', margin: '-10000.00' },
    ]);

    const october = await reportOf(get, 'matter-profitability', { From: '2026-10-01' });
    // A: E3, E4, E6 and the courier; B: E5 and the flat fee.
    expect(october.totals[0]!.cells).toMatchObject({
      hours: '5.00',
      feesBilled: '310000.00',
      feesCollected: '310000.00',
      costOfTime: '130000.00',
    });
  });

  it('costs each entry at its fee earner’s rate on the day of the work, as entries are saved and when a rate is set from a past day', async () => {
    const { admin, feeEarner } = setup.fixture.firm.users;
    const costs = async (filter: Record<string, string> = {}) => {
      const time = await reportOf(get, 'matter-profitability', { ...filter, Kind: 'time', Level: 'entries' });
      return time.rows.map((row) => [row.cells.date, row.cells.costOfTime]);
    };
    const summaryChecks = async (filter: Record<string, string> = {}) =>
      (await reportOf(get, 'matter-profitability', filter)).checks.map((check) => [check.expected, check.actual, check.pass]);
    // A new rate from today leaves the cost of past work as it was, and is today's rate on the team page.
    const today = await updateMemberSettings(setup.fixture, admin.id, { costRate: '50000' });
    expect(today.json().data).toMatchObject({ costRate: '50000.00', costRateFrom: new Date().toISOString().slice(0, 10) });
    const before = await costs();
    expect(before).toContainEqual(['2026-09-16', '80000.00']);

    // The fee earner's rate rises from 6 October: E4 (06/10, 2 h) and E5 (20/10, 1.5 h) cost 30,000 an hour; E2 (17/09) keeps 20,000.
    expect((await updateMemberSettings(setup.fixture, feeEarner.id, { costRate: '30000', costRateFrom: '2026-10-06' })).statusCode).toBe(
      200,
    );
    // Time saved later on a day of the new rate is costed at it: 1 h on 25/10 at 30,000.
    const saved = await setup.fixture.call('POST', '/api/admin/time-entry', setup.fixture.tokens.admin, {
      clientId: setup.matterB.clientId,
      matterId: setup.matterB.id,
      activityId: setup.fixture.references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: feeEarner.id,
      description: 'Work of 2026-10-25',
      timeEntryDate: '2026-10-25',
      duration: '1',
      userRate: '50000.00',
      exchangeRate: '1',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await costs()).toEqual([
      ['2026-09-16', '80000.00'],
      ['2026-09-17', '60000.00'],
      ['2026-10-05', '40000.00'],
      ['2026-10-06', '60000.00'],
      ['2026-10-20', '45000.00'],
      ['2026-10-21', '20000.00'],
      ['2026-10-25', '30000.00'],
    ]);
    // 8.5 + 1.5 + 1 h; 80,000 + 60,000 + 40,000 + 60,000 + 45,000 + 20,000 + 30,000 — from the day totals, and from the entries of a matter.
    expect(await summaryChecks()).toEqual([
      ['11.00', '11.00', true],
      ['335000.00', '335000.00', true],
      ['10000.00', '10000.00', true],
      ['3', '3', true],
      ['none', 'none', true],
    ]);
    expect((await summaryChecks({ MatterId: setup.matterB.id })).slice(0, 2)).toEqual([
      ['2.50', '2.50', true],
      ['75000.00', '75000.00', true],
    ]);

    // No cost rate from 20 October: E5 and the new entry cost nothing, and the fee earner is named.
    expect((await updateMemberSettings(setup.fixture, feeEarner.id, { costRate: '', costRateFrom: '2026-10-20' })).statusCode).toBe(200);
    const report = await reportOf(get, 'matter-profitability');
    expect(report.totals[0]!.cells).toMatchObject({ hours: '11.00', costOfTime: '260000.00' });
    expect(report.checks.map((check) => [check.expected, check.actual, check.pass])).toEqual([
      ['11.00', '11.00', true],
      ['260000.00', '260000.00', true],
      ['10000.00', '10000.00', true],
      ['3', '3', true],
      ['none', setup.names.feeEarner, false],
    ]);
  });

  it('answers CSV and PDF of exactly what is on screen, and refuses another firm’s matter and people without Reports', async () => {
    const report = await reportOf(get, 'matter-profitability');
    await expectCsvEqualsScreen(get, 'matter-profitability', {}, report);
    await expectPdfOfReport(get, 'matter-profitability', {}, report);
    const otherMatter = setup.fixture.otherReferences.openMatter.id;
    expect((await get(`/api/admin/reports/matter-profitability?MatterId=${otherMatter}`)).statusCode).toBe(404);
    const feeEarner = await setup.fixture.call('GET', '/api/admin/reports/matter-profitability', setup.fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });
});
