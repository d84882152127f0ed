import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { createReportPresetService } from '../modules/reports/report-presets.service.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

/** What an hour of each demo fee earner costs the firm (naira): matter profitability has costs to weigh. */
const COST_RATES = { admin: '30000.00', feeEarner: '18000.00', billing: '12000.00' } as const;

/**
 * The report centre on the demo firm (issue 37): cost rates, so matter profitability shows margins,
 * and the billing clerk's saved presets — last month's collections, sent to the partner every month.
 */
export async function seedDemoReports(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    for (const [who, rate] of Object.entries(COST_RATES))
      await tx.execute(sql`update users set cost_rate = ${rate} where id = ${firm.users[who as keyof typeof COST_RATES].id}`);
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
