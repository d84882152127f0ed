import { expenseCategoryListRoute, type ExpenseCategory } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

/** The firm's expense categories (Settings → Expense categories), offered on the expense form. */
export const expenseCategoriesQuery = queryOptions({
  queryKey: lookupKeys.expenseCategories(),
  queryFn: async (): Promise<ExpenseCategory[]> => (await listContract(expenseCategoryListRoute, {}, 'firm')) ?? [],
});

/** "Court fees (E112)": a category with its UTBMS expense code when it has one. */
export function expenseCategoryLabel(category: Pick<ExpenseCategory, 'name' | 'utbmsExpenseCode'>): string {
  return category.utbmsExpenseCode ? `${category.name} (${category.utbmsExpenseCode})` : category.name;
}
