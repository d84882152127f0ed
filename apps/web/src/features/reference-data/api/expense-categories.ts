import {
  expenseCategoryCreateRoute,
  expenseCategoryRemoveRoute,
  expenseCategoryUpdateRoute,
  type ExpenseCategoryInput,
} from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The list itself is a shared lookup (lib/lookups/expense-categories.ts); these calls change it. */
export async function createExpenseCategory(body: ExpenseCategoryInput): Promise<void> {
  await callContract(expenseCategoryCreateRoute, { body }, { auth: 'firm', toastSuccess: true });
}

export async function updateExpenseCategory(id: string, body: ExpenseCategoryInput): Promise<void> {
  await callContract(expenseCategoryUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}

export async function deleteExpenseCategory(id: string): Promise<void> {
  await callContract(expenseCategoryRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
