import type { ExpenseCategoryInput } from '@matterhorn/shared';
import { apiMutate, apiRequest } from '../../../lib/api-client.ts';

/** The list itself is a shared lookup (lib/lookups/expense-categories.ts); these calls change it. */
const BASE = '/admin/expense-flat-fees-info';

export async function createExpenseCategory(body: ExpenseCategoryInput): Promise<void> {
  await apiMutate<unknown>(`${BASE}/create-expense-category`, body, { auth: 'firm' });
}

export async function updateExpenseCategory(id: string, body: ExpenseCategoryInput): Promise<void> {
  await apiMutate<unknown>(`${BASE}/update-expense-category/${encodeURIComponent(id)}`, body, { method: 'PUT', auth: 'firm' });
}

export async function deleteExpenseCategory(id: string): Promise<void> {
  await apiRequest(`${BASE}/delete-expense-category/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'firm', toastSuccess: true });
}
