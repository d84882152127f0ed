import {
  formatMoney,
  MATTER_BUDGET_MEASURE_LABELS,
  roundMoney,
  type MatterBudgetMeasure,
  type MatterBudgetMeasureView,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { claimAlerts, findBudget, findBudgetMatter, findBudgetUsage } from './matter-budgets.repository.ts';
import { limitsOf, measuresOf, usedOf } from './matter-budgets.rules.ts';

/** A measure's figure in words: hours as hours, money with its currency. */
export function figureOf(measure: MatterBudgetMeasure, value: string, currencyCode: string): string {
  if (measure === 'hours') return `${roundMoney(value)} h`;
  return `${currencyCode} ${formatMoney(value)}`;
}

const lineOf = (view: MatterBudgetMeasureView, threshold: number, currencyCode: string) =>
  `${MATTER_BUDGET_MEASURE_LABELS[view.measure][0]!.toUpperCase()}${MATTER_BUDGET_MEASURE_LABELS[view.measure].slice(1)}: ` +
  `${view.percentUsed}% used (${figureOf(view.measure, view.used, currencyCode)} of ${figureOf(view.measure, view.limit, currencyCode)})` +
  (threshold >= 100 ? ' — the budget is reached.' : ' — 80% reached.');

/**
 * Tells the matter's responsible fee earner of each threshold (80%, 100%) its limits have reached
 * and nobody was told of yet: the thresholds are claimed in the caller's transaction (a unique row
 * each), so each is emailed once, whatever saves run at the same time. One email names them all.
 */
export async function tellResponsibleFeeEarner(tx: Tx, deps: { outbox: Outbox; appUrl: string }, firmId: string, matterId: string) {
  const budget = await findBudget(tx, firmId, matterId);
  if (!budget) return;
  const views = measuresOf(limitsOf(budget), usedOf(await findBudgetUsage(tx, firmId, matterId)));
  const reached = views.flatMap((view) => view.thresholdsReached.map((threshold) => ({ measure: view.measure, threshold })));
  const claimed = await claimAlerts(tx, firmId, matterId, reached, budget.responsibleUserId);
  // An opt-out still claims the thresholds: turning alerts back on never sends old news.
  if (claimed.length === 0 || !budget.isResponsibleActive || !budget.responsibleWantsAlerts) return;
  const matter = await findBudgetMatter(tx, firmId, matterId);
  if (!matter) return;
  const currencyCode = await homeCurrencyOf(tx, firmId);
  // A jump from under 80% to past 100% is told once, as the budget reached.
  const lines = views.flatMap((view) => {
    const thresholds = claimed.filter((alert) => alert.measure === view.measure).map((alert) => alert.threshold);
    return thresholds.length === 0 ? [] : [lineOf(view, Math.max(...thresholds), currencyCode)];
  });
  const isReached = claimed.some((alert) => alert.threshold >= 100);
  const title = `${matter.matterNumber ? `${matter.matterNumber} ` : ''}${matter.matterName}`;
  await deps.outbox.queue(tx, firmId, {
    to: budget.responsibleEmail,
    sender: 'firm',
    greeting: `Dear ${budget.responsibleUserName},`,
    subject: `${isReached ? 'Budget reached' : 'Budget at 80%'}: ${title}`,
    paragraphs: [`The matter ${title} for ${matter.clientName} has used:`, lines.join('\n')],
    action: { label: 'Open the matter', url: `${deps.appUrl}/matter/${matterId}` },
    why: 'you are the fee earner responsible for this matter’s budget',
  });
}
