import { AppError } from '../../lib/errors.ts';
import type { Tx } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { fromScaled, MATTER_BUDGET_MESSAGES, toScaled } from '@matterhorn/shared';
import { findBudget, findBudgetUsage, findTimeBlockedPastBudget } from './matter-budgets.repository.ts';
import { limitsOf, timePastBudget, usedOf, type TimeContribution } from './matter-budgets.rules.ts';
import { tellResponsibleFeeEarner } from './matter-budget-alerts.ts';

/** A time entry as it counts toward a budget: its matter and what it adds (hours; fees when billable). */
export type RecordedTime = { matterId: string } & TimeContribution;

/**
 * What the time and expense modules call after they write, in their transaction (issue 36): a
 * matter's budget refuses time past 100% when the firm says so, and its responsible fee earner is
 * emailed once at 80% and once at 100% of each limit.
 */
export type MatterBudgetWatch = {
  /** After a time entry is saved: `before` is the entry as it was (null for a new one). Refuses with 400 when blocked. */
  afterTimeRecorded(tx: Tx, firmId: string, after: RecordedTime, before: RecordedTime | null): Promise<void>;
  /** After an expense is saved on a matter (its thresholds only: expenses are never refused). */
  afterExpenseRecorded(tx: Tx, firmId: string, matterId: string | null): Promise<void>;
};

/** a − b for hours (4 decimals) or money, exactly. */
const minus = (a: string, b: string) => fromScaled(toScaled(a, 4) - toScaled(b, 4), 4);

export function createMatterBudgetWatch(deps: { outbox: Outbox; appUrl: string }): MatterBudgetWatch {
  async function tell(tx: Tx, firmId: string, matterId: string) {
    await tellResponsibleFeeEarner(tx, deps, firmId, matterId);
  }
  return {
    async afterTimeRecorded(tx, firmId, after, before) {
      // Locked: two entries saved at once on one matter cannot both slip under its limit.
      const budget = await findBudget(tx, firmId, after.matterId, true);
      if (budget && (await findTimeBlockedPastBudget(tx, firmId))) {
        const earlier = before?.matterId === after.matterId ? before : null;
        const added = {
          hours: earlier ? minus(after.hours, earlier.hours) : after.hours,
          fees: earlier ? minus(after.fees, earlier.fees) : after.fees,
        };
        const used = usedOf(await findBudgetUsage(tx, firmId, after.matterId));
        const measure = timePastBudget(limitsOf(budget), used, added);
        if (measure) {
          const message = MATTER_BUDGET_MESSAGES.timePastBudget(measure);
          throw new AppError(400, message, { duration: message }, 'MATTER_BUDGET_EXCEEDED');
        }
      }
      if (budget) await tell(tx, firmId, after.matterId);
    },
    async afterExpenseRecorded(tx, firmId, matterId) {
      if (matterId) await tell(tx, firmId, matterId);
    },
  };
}

export { createMatterBudgetService } from './matter-budgets.service.ts';
export { findBudgetUsage } from './matter-budgets.repository.ts';
