import type { Database } from '../db/database.ts';
import { createBudgetService } from '../modules/accounting/budgets.service.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

/** The demo firm's monthly budget per account number (naira): fees and recoveries in, its running costs out. */
const MONTHLY: Record<string, string> = {
  '4000': '6000000.00',
  '4100': '250000.00',
  '4200': '20000.00',
  '5010': '500000.00',
  '5020': '2400000.00',
  '5030': '150000.00',
  '5040': '65000.00',
  '5050': '40000.00',
  '5300': '15000.00',
};

/** Fee income grows through the year (a practice building up); costs stay level. */
const feeIncomeIn = (monthIndex: number) => `${6_000_000 + monthIndex * 250_000}.00`;

/**
 * A firm budget for the current fiscal year (issue 36), saved through the budgets module's own
 * rules, so profit and loss against budget shows variances on the demo books from the first visit.
 */
export async function seedDemoBudget(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm, 'billing', ['budget', 'budget.create', 'budget.edit']);
  const budgets = createBudgetService(database);
  const grid = await budgets.view(principal, {});
  const byNumber = new Map(grid.accounts.map((account) => [account.number, account.accountId]));
  await budgets.save(principal, {
    fiscalYear: grid.fiscalYear,
    lines: Object.entries(MONTHLY).map(([number, amount]) => ({
      accountId: byNumber.get(number)!,
      amounts: Array.from({ length: 12 }, (_, index) => (number === '4000' ? feeIncomeIn(index) : amount)),
    })),
  });
}
