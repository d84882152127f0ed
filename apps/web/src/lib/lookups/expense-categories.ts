import { expenseCategorySchema, type ExpenseCategory } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { parseList } from '../parse-list.ts';
import { lookupKeys } from './lookup-keys.ts';

export const EXPENSE_CATEGORIES_PATH = '/admin/expense-flat-fees-info/get-expense-categories';

/** The firm's expense categories (Settings → Expense categories), offered on the expense form. */
export const expenseCategoriesQuery = queryOptions({
  queryKey: lookupKeys.expenseCategories(),
  queryFn: async (): Promise<ExpenseCategory[]> =>
    parseList(expenseCategorySchema, await apiList<unknown>(EXPENSE_CATEGORIES_PATH, undefined, 'firm')),
});

/** "Court fees (E112)": a category with its UTBMS expense code when it has one. */
export function expenseCategoryLabel(category: Pick<ExpenseCategory, 'name' | 'utbmsExpenseCode'>): string {
  return category.utbmsExpenseCode ? `${category.name} (${category.utbmsExpenseCode})` : category.name;
}
