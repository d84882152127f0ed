import { divideRounded, fromCents, toCents } from '@matterhorn/shared';
import type { Database } from '../db/database.ts';
import { createMatterBudgetService, findBudgetUsage } from '../modules/matter-budgets/matter-budgets.api.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * The lease dispute's budget (issue 36): a fees limit its recorded time has used about 85% of, to the
 * nearest ₦5,000, and ten hours, so the matter page shows one bar near its limit and one far from it.
 */
export async function seedDemoMatterBudgets(database: Database, firm: SeededFirm): Promise<void> {
  const matterId = firm.matterIds[0]!;
  const used = await database.withFirm(firm.firmId, (tx) => findBudgetUsage(tx, firm.firmId, matterId));
  if (toCents(used.fees) === 0n) return;
  const step = toCents('5000');
  const feesLimit = fromCents(divideRounded(toCents(used.fees) * 100n, 85n * step) * step);
  const admin = firm.users.admin.id;
  const principal = {
    kind: 'firm' as const,
    sessionId: '',
    firmId: firm.firmId,
    userId: admin,
    adminUserId: admin,
    permissions: [],
    isVerified: true,
  };
  await createMatterBudgetService({ database, outbox: droppingOutbox, appUrl: '' }).save(principal, matterId, {
    totalAmount: null,
    hoursLimit: '10',
    feesLimit,
    expensesLimit: null,
    responsibleUserId: admin,
  });
}
