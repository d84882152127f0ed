import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORTS,
  type FirmKpis,
  type OutstandingWithholdingTaxCreditNotes,
  type ReportPreset,
  type WithholdingTaxSchedule,
} from '@matterhorn/shared';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { reportOf } from './support/report-checks.ts';
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm a newcomer opens: every report answers, and every tie-out a report prints passes on it. */
let context: TestContext;
let token: string;
const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  context = await createTestApp();
  expect(await seedDemoFirmOnce(context.database, TEST_PASSWORD)).toBe(true);
  token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
}, 120_000);
afterAll(() => context.close());

describe('the reports on the demo firm', () => {
  it.each(REPORTS.map((report) => [report.name]))('%s answers with every check passing', async (name) => {
    const report = await reportOf(get, name, name === 'utilisation' || name === 'realisation' ? { From: '2020-01-01' } : {});
    expect(report.rows.length, `${name} has rows on the demo data`).toBeGreaterThan(0);
    expect(report.checks.filter((check) => !check.pass)).toEqual([]);
  });

  it('a corporate client paid two invoices net of withholding tax: one credit note received, one to chase, the schedule tied to 1250', async () => {
    const schedule = (await get('/api/withholding-tax/get-schedule?FromDate=2000-01-01')).json().data as WithholdingTaxSchedule;
    expect(schedule.rows.map((row) => [row.withholdingTaxAmount, row.creditNote?.creditNoteNumber ?? null])).toEqual([
      ['250000.00', 'WHT/LIRS/2026/1187'],
      ['180000.00', null],
    ]);
    expect(schedule.tieOutsPass).toBe(true);
    const chase = (await get('/api/withholding-tax/list-outstanding-credit-notes')).json().data as OutstandingWithholdingTaxCreditNotes;
    expect(chase.totals).toEqual([{ currencyCode: 'NGN', outstanding: '180000.00' }]);
  });

  it('the dashboard’s figures and the billing clerk’s saved presets are there', async () => {
    const kpis = await get('/api/admin/dashboard/get-firm-kpis');
    expect(kpis.statusCode, kpis.body).toBe(200);
    const figures: FirmKpis = kpis.json().data;
    expect(Number(figures.workInProgress)).toBeGreaterThan(0);
    expect(figures.receivables?.length).toBeGreaterThan(0);
    // Each card equals the report it opens: what the demo firm holds in trust, what its clients owe, its work in progress.
    const trust = await reportOf(get, 'trust-listing');
    // A currency's total: its own line when it has several trust accounts, else its one account's.
    const trustTotalOf = (currency: string) =>
      (
        trust.totals.find((row) => row.cells.trustAccount === `Total ${currency}`) ??
        trust.totals.find((row) => row.cells.currency === currency)
      )?.cells.balance;
    expect(figures.trustHeld?.length).toBeGreaterThan(0);
    for (const held of figures.trustHeld!) expect(trustTotalOf(held.currencyCode), held.currencyCode).toBe(held.amount);
    expect(figures.trustHeld!.map((held) => held.currencyCode).sort()).toEqual(
      [...new Set(trust.rows.map((row) => String(row.cells.currency)))].sort(),
    );
    const aged = await reportOf(get, 'aged-receivables');
    expect(figures.receivablesByAge).toEqual(
      aged.totals.map(({ cells }) => ({
        currencyCode: cells.currency,
        current: cells.current,
        days1To30: cells.days1To30,
        days31To60: cells.days31To60,
        days61To90: cells.days61To90,
        days90Plus: cells.days90Plus,
      })),
    );
    expect(figures.workInProgress).toBe((await reportOf(get, 'work-in-progress')).totals[0]!.cells.total);
    const billing = await signIn(context.app, `billing@${DEMO_FIRM.emailDomain}`);
    const presets = await context.app.inject({ method: 'GET', url: '/api/admin/reports/get-presets', headers: bearer(billing) });
    expect((presets.json().data as ReportPreset[]).map((preset) => [preset.name, preset.schedule])).toContainEqual([
      'Last month’s collections',
      'monthly',
    ]);
  });
});
