import type { PlanCatalogue } from '@matterhorn/shared';
import type { Database } from '../db/database.ts';
import * as authApi from '../modules/auth/auth.api.ts';
import { advanceSubscriptions } from '../modules/subscriptions/subscriptions.api.ts';
import { seedFirm } from './demo-seed.ts';

export const ENDED_DEMO_FIRM = { slug: 'ended-demo', firmName: 'Okafor Legal (Demo, plan ended)', emailDomain: 'ended.demo.law' } as const;

/**
 * A second demo firm whose trial ended a fortnight ago with more members than the free plan takes
 * (issue 38): the subscription clock has made it read-only, so a newcomer sees a firm that reads,
 * searches and exports its records but saves nothing until it chooses a plan. Seeded unless it
 * exists; true when it was created now.
 */
export async function seedEndedDemoFirmOnce(database: Database, password: string, catalogue: PlanCatalogue): Promise<boolean> {
  const existing = await database.withIdentityLookup((tx) => authApi.findFirmBySlug(tx, ENDED_DEMO_FIRM.slug));
  if (existing) return false;
  await seedFirm(database, { ...ENDED_DEMO_FIRM, password, trialStartedDaysAgo: catalogue.trial.days + 14 });
  // The day the trial ended, as the hourly clock would see it.
  await advanceSubscriptions({ database, catalogue });
  return true;
}
