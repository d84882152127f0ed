import type { Database } from '../db/database.ts';
import { createReportPresetService } from '../modules/reports/report-presets.service.ts';
import { setFeeEarnerCostRate } from '../modules/team/team.api.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

/** What an hour of each demo fee earner costs the firm (naira): matter profitability has costs to weigh. */
const COST_RATES = { admin: '30000.00', feeEarner: '18000.00', billing: '12000.00' } as const;
/** Before any demo time: every demo entry is costed. */
const COST_RATES_FROM = '2020-01-01';

/**
 * The report centre on the demo firm (issue 37): cost rates, so matter profitability shows margins,
 * and the billing clerk's saved presets — last month's collections, sent to the partner every month.
 */
export async function seedDemoReports(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    for (const [who, costRate] of Object.entries(COST_RATES)) {
      const feeEarnerId = firm.users[who as keyof typeof COST_RATES].id;
      await setFeeEarnerCostRate(tx, firm.firmId, feeEarnerId, { costRate, from: COST_RATES_FROM, setByUserId: firm.users.admin.id });
    }
  });
  const principal = seedPrincipalOf(firm, 'billing', ['Reports']);
  const presets = createReportPresetService(database, { outbox: droppingOutbox, appUrl: '' });
  const collections = await presets.save(principal, {
    report: 'collections',
    name: 'Last month’s collections',
    query: { Period: 'last-month' },
  });
  await presets.schedule(principal, collections.id, { schedule: 'monthly', recipientUserIds: [firm.users.admin.id] });
  await presets.save(principal, { report: 'work-in-progress', name: 'Unbilled work over 60 days', query: {} });
}
