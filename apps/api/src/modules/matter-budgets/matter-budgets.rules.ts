import {
  addMoney,
  MATTER_BUDGET_MEASURES,
  MATTER_BUDGET_THRESHOLDS,
  toScaled,
  type MatterBudgetMeasure,
  type MatterBudgetMeasureView,
} from '@matterhorn/shared';

/** Every figure compared at 4 decimals (hours have 4, money 2), in bigint: no float touches a limit. */
const SCALE = 4;
const scaled = (text: string) => toScaled(text, SCALE);

export type BudgetLimits = Record<MatterBudgetMeasure, string | null>;
export type BudgetUsed = Record<MatterBudgetMeasure, string>;

/** What a budget row limits, by measure. */
export const limitsOf = (row: {
  totalAmount: string | null;
  hoursLimit: string | null;
  feesLimit: string | null;
  expensesLimit: string | null;
}) => ({ total: row.totalAmount, hours: row.hoursLimit, fees: row.feesLimit, expenses: row.expensesLimit }) satisfies BudgetLimits;

export const usedOf = (usage: { hours: string; fees: string; expenses: string }): BudgetUsed => ({
  ...usage,
  total: addMoney(usage.fees, usage.expenses),
});

/** used ÷ limit as a percentage rounded down to one decimal: the card never shows 80% before the 80% email. */
export function percentUsed(used: string, limit: string): number {
  return Number((scaled(used) * 1000n) / scaled(limit)) / 10;
}

/** The thresholds (80, 100) used has reached: used ≥ threshold% of the limit, compared exactly. */
export function thresholdsReached(used: string, limit: string): number[] {
  return MATTER_BUDGET_THRESHOLDS.filter((threshold) => scaled(used) * 100n >= scaled(limit) * BigInt(threshold));
}

/** One line per limit set, in the order total, hours, fees, expenses. */
export function measuresOf(limits: BudgetLimits, used: BudgetUsed): MatterBudgetMeasureView[] {
  return MATTER_BUDGET_MEASURES.flatMap((measure) => {
    const limit = limits[measure];
    if (limit === null) return [];
    return [
      {
        measure,
        limit,
        used: used[measure],
        percentUsed: percentUsed(used[measure], limit),
        thresholdsReached: thresholdsReached(used[measure], limit),
      },
    ];
  });
}

/** The limits a save changed (set, removed or moved), whose thresholds are told of afresh. */
export const changedMeasures = (before: BudgetLimits | null, after: BudgetLimits | null): MatterBudgetMeasure[] =>
  MATTER_BUDGET_MEASURES.filter((measure) => {
    const from = before?.[measure] ?? null;
    const to = after?.[measure] ?? null;
    return from === null || to === null ? from !== to : scaled(from) !== scaled(to);
  });

/** What time adds to a matter: its billed hours, and its amount when billable. */
export type TimeContribution = { hours: string; fees: string };

/**
 * The first limit time would take past 100%: a measure time moves (hours, fees, the total) whose
 * use after the change is above its limit and went up with it. Time that lowers or keeps the use
 * passes, even on a matter already over its budget.
 */
export function timePastBudget(limits: BudgetLimits, usedAfter: BudgetUsed, added: TimeContribution): MatterBudgetMeasure | null {
  const increase: Partial<Record<MatterBudgetMeasure, string>> = { hours: added.hours, fees: added.fees, total: added.fees };
  for (const measure of ['hours', 'fees', 'total'] as const) {
    const limit = limits[measure];
    if (limit === null || scaled(increase[measure]!) <= 0n) continue;
    if (scaled(usedAfter[measure]) > scaled(limit)) return measure;
  }
  return null;
}
