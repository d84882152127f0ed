import { expensePageSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

/** Under ['expenses'], so a decision anywhere (which refreshes every expense query) refreshes the card. */
export const pendingExpenseCountKey = ['expenses', 'pending-count'] as const;

async function pendingCountOf(isFirmExpense: boolean): Promise<number | null> {
  const data = await apiList<unknown>(
    '/admin/expense-flat-fees-info/get-expenses-list',
    { Status: 'Pending', IsIncludeExpenseRequest: true, IsFirmExpense: isFirmExpense, page: 1, size: 1 },
    'firm',
  );
  const parsed = expensePageSchema.safeParse(data);
  return parsed.success ? parsed.data.totalCount : null;
}

/** The expense requests waiting for approval, client and firm (SPEC.md §7: the list answers one kind per call). */
export async function getPendingExpenseCount(): Promise<number | null> {
  const [client, firm] = await Promise.all([pendingCountOf(false), pendingCountOf(true)]);
  return client === null || firm === null ? null : client + firm;
}

export function usePendingExpenseCount(isEnabled: boolean) {
  return useQuery(queryOptions({ queryKey: pendingExpenseCountKey, queryFn: getPendingExpenseCount, enabled: isEnabled }));
}
