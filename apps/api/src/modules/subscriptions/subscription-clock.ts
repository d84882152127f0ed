import type { FastifyBaseLogger } from 'fastify';
import { addDays, type PlanCatalogue } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { transition } from './subscription-states.ts';
import { FREE_PERIOD_DAYS } from './plans.repository.ts';
import { stateOf, type SubscriptionsService } from './subscriptions.service.ts';
import { findFreePlanUsage, lockSubscriptionState, saveSubscriptionState } from './subscriptions.repository.ts';

export const SUBSCRIPTION_CLOCK_JOB = 'subscription-clock';
const BYTES_PER_MB = 1024 * 1024;

/**
 * A new day for every firm's subscription, by the firm's own calendar (the state machine's
 * dayBegan): a trial that ended moves to the free plan when the firm fits it (its active users,
 * open matters and documents' storage), else read-only; a cancelled paid period that ended, and a renewal unpaid for 7
 * days, make the firm read-only. Answers how many firms moved.
 */
export async function advanceSubscriptions({
  database,
  catalogue,
  logger,
}: {
  database: Database;
  catalogue: PlanCatalogue;
  logger?: Pick<FastifyBaseLogger, 'info'>;
}): Promise<number> {
  const free = catalogue.plans.find((plan) => plan.kind === 'free')!;
  const fits = (limit: number | null, used: number) => limit === null || used <= limit;
  let moved = 0;
  for (const { firmId } of await database.withIdentityLookup((tx) => listFirmIds(tx))) {
    moved += await database.withFirm(firmId, async (tx) => {
      const row = await lockSubscriptionState(tx, firmId);
      if (!row || !['trialing', 'active', 'past_due'].includes(row.status)) return 0;
      // Only a trial's end asks whether the firm fits the free plan (the other moves ignore it).
      const usage = row.status === 'trialing' ? await findFreePlanUsage(tx, firmId) : null;
      const on = await findFirmToday(tx, firmId);
      const outcome = transition(stateOf(row), {
        type: 'dayBegan',
        on,
        fitsFree:
          usage !== null &&
          fits(free.limits.users, usage.users) &&
          fits(free.limits.activeMatters, usage.openMatters) &&
          fits(free.limits.storageMb, Math.ceil(usage.storageBytes / BYTES_PER_MB)),
      });
      if ('refused' in outcome || outcome.state.status === row.status) return 0;
      const state = outcome.state;
      await saveSubscriptionState(tx, firmId, row.id, {
        ...state,
        currencyCode: row.currencyCode,
        periodAmount: '0.00',
        // The free plan's period from today, for as long as its catalogue row says (it has no end in practice).
        ...(state.status === 'free' ? { periodStart: on, periodEnd: addDays(on, FREE_PERIOD_DAYS - 1) } : {}),
      });
      logger?.info({ firmId, from: row.status, to: state.status }, 'subscription moved');
      return 1;
    });
  }
  return moved;
}

/** Each hour: the day's moves first (a renewal unpaid 7 days turns read-only), then the renewals due are charged. */
export const subscriptionClockJobs = (
  dependencies: Parameters<typeof advanceSubscriptions>[0] & { renewals: Pick<SubscriptionsService, 'chargeRenewals'> },
): PeriodicJob[] => [
  {
    name: SUBSCRIPTION_CLOCK_JOB,
    everyMinutes: 60,
    run: async () => {
      await advanceSubscriptions(dependencies);
      for (const { firmId, outcome } of await dependencies.renewals.chargeRenewals())
        dependencies.logger?.info({ firmId, outcome }, 'subscription renewal tried');
    },
  },
];
