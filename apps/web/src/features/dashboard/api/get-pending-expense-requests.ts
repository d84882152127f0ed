import type { PendingExpenseRequests } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import type { DashboardScope } from './get-dashboard-summary.ts';

/** Under ['expenses'], so a decision anywhere (which refreshes every expense query) refreshes the card. */
export const pendingExpenseRequestsKey = (scope: DashboardScope) => ['expenses', 'dashboard-pending', scope] as const;

/** The answer's shape, checked by hand: the dashboard is every user's first page, so it carries no extra schema. */
function isPendingExpenseRequests(data: unknown): data is PendingExpenseRequests {
  if (typeof data !== 'object' || data === null) return false;
  const { count, requests } = data as Record<string, unknown>;
  return (
    typeof count === 'number' &&
    Array.isArray(requests) &&
    requests.every((request: unknown) => {
      const { id, description, homeAmount, expenseDate } = (request ?? {}) as Record<string, unknown>;
      return typeof id === 'string' && typeof description === 'string' && typeof homeAmount === 'string' && typeof expenseDate === 'string';
    })
  );
}

/** The requests waiting for this approver's decision (never their own); null when the call failed. */
export async function getPendingExpenseRequests(scope: DashboardScope): Promise<PendingExpenseRequests | null> {
  const data = await apiList<unknown>('/admin/dashboard/get-pending-expense-requests', scope, 'firm');
  return isPendingExpenseRequests(data) ? data : null;
}

export function usePendingExpenseRequests(scope: DashboardScope, isEnabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: pendingExpenseRequestsKey(scope), queryFn: () => getPendingExpenseRequests(scope), enabled: isEnabled }),
  );
}
