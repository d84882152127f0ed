import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmKpis } from '@matterhorn/shared';
import { invoiceMaker } from './support/report-invoices.ts';
import { reportOf } from './support/report-checks.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * GET /api/admin/dashboard/get-firm-kpis: this month's and the year's figures, each the total of the
 * report of the same name. A fresh firm with hand-made work, one invoice and one payment this month.
 */
let fixture: TimeEntryFixture;
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 8)}01`;
const asAdmin = (url: string) => fixture.call('GET', url, fixture.tokens.admin);

async function kpis(token = fixture.tokens.admin): Promise<FirmKpis> {
  const response = await fixture.call('GET', '/api/admin/dashboard/get-firm-kpis', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  await fixture.context.database.db.execute(sql`update firms set time_zone = 'UTC' where id = ${fixture.firm.firmId}`);
  const matter = fixture.references.openMatter;
  const { admin, feeEarner } = fixture.firm.users;
  const invoices = invoiceMaker(fixture);
  // Billed this month: 2 h × 50,000 of the fee earner's and a 30,000 flat fee of the admin's; 60,000 of it paid.
  const invoice = await invoices.invoice({
    items: [
      { kind: 'time', matter, feeEarnerId: feeEarner.id, hours: '2', rate: '50000.00' },
      { kind: 'flatFee', matter, feeEarnerId: admin.id, amount: '30000.00' },
    ],
    issueDate: monthStart,
  });
  expect(invoice.totals.total).toBe('130000.00');
  await invoices.pay(invoice.id, '60000.00', today);
  // Unbilled: 1.5 h × 80,000 of the admin's today.
  const entry = await fixture.call('POST', TIME_ENTRY_BASE, fixture.tokens.admin, {
    clientId: matter.clientId,
    matterId: matter.id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: admin.id,
    description: 'Drafted the reply',
    timeEntryDate: today,
    duration: '1.5',
    userRate: '80000.00',
    exchangeRate: '1',
  });
  expect(entry.statusCode, entry.body).toBe(201);
});
afterAll(() => fixture.context.close());

describe('the dashboard’s figures', () => {
  it('are the reports’ own totals for the firm', async () => {
    const figures = await kpis();
    expect(figures.scope).toBe('firm');
    expect(figures.billableHours.month).toBe('3.50');
    expect(figures.workInProgress).toBe('120000.00');
    expect(figures.billed).toEqual([{ currencyCode: 'NGN', month: '130000.00', yearToDate: '130000.00' }]);
    expect(figures.collected).toEqual([{ currencyCode: 'NGN', month: '60000.00', yearToDate: '60000.00' }]);
    expect(figures.receivables).toEqual([{ currencyCode: 'NGN', amount: '70000.00' }]);
    expect(figures.receivablesByAge?.[0]).toMatchObject({ currencyCode: 'NGN' });

    const thisMonth = { From: monthStart, To: today };
    const hours = await reportOf(asAdmin, 'billable-hours', thisMonth);
    expect(figures.billableHours.month).toBe(hours.totals[0]!.cells.billableHours);
    const wip = await reportOf(asAdmin, 'work-in-progress');
    expect(figures.workInProgress).toBe(wip.totals[0]!.cells.total);
    const utilisation = await reportOf(asAdmin, 'utilisation', thisMonth);
    expect(figures.utilisation.month).toBe(utilisation.totals.at(-1)!.cells.utilisation);
    const aged = await reportOf(asAdmin, 'aged-receivables');
    expect(figures.receivables![0]!.amount).toBe(aged.totals[0]!.cells.total);
    expect(figures.receivablesByAge![0]!.days1To30).toBe(aged.totals[0]!.cells.days1To30);
    const collections = await reportOf(asAdmin, 'collections', thisMonth);
    expect(figures.collected![0]!.month).toBe(collections.totals[0]!.cells.collected);
    const register = await reportOf(asAdmin, 'invoice-register', { ...thisMonth, Status: 'Issued' });
    expect(figures.billed![0]!.month).toBe(register.totals[0]!.cells.total);
    const year = await reportOf(asAdmin, 'billable-hours', { From: `${today.slice(0, 4)}-01-01`, To: today });
    expect(figures.billableHours.yearToDate).toBe(year.totals[0]!.cells.billableHours);

    // The charts agree with the cards for this month.
    const naira = figures.billedVsCollected!.find((currency) => currency.currencyCode === 'NGN')!;
    expect(naira.months.at(-1)).toBe(today.slice(0, 7));
    expect([naira.billed.at(-1), naira.collected.at(-1)]).toEqual(['130000.00', '60000.00']);
    const weekHours = figures.hoursByWeek.feeEarners.flatMap((earner) => earner.hours.map(Number));
    expect(weekHours.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(0);
  });

  it('are a fee earner’s own without viewSummary, and hold no firm-wide money', async () => {
    const figures = await kpis(fixture.tokens.feeEarner);
    expect(figures.scope).toBe('own');
    expect(figures.billableHours.month).toBe('2.00');
    expect(figures.workInProgress).toBe('0.00');
    expect([figures.billed, figures.receivables, figures.trustHeld, figures.billedVsCollected]).toEqual([null, null, null, null]);
    expect(figures.hoursByWeek.feeEarners.map((earner) => earner.id)).toEqual([fixture.firm.users.feeEarner.id]);
  });
});
