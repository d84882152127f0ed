import { dashboardPendingExpenseRequestsRoute, type PendingExpenseRequests } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';
import type { DashboardScope } from './get-dashboard-summary.ts';

/** Under ['expenses'], so a decision anywhere (which refreshes every expense query) refreshes the card. */
export const pendingExpenseRequestsKey = (scope: DashboardScope) => ['expenses', 'dashboard-pending', scope] as const;

/** The requests waiting for this approver's decision (never their own); null when the call failed. */
export async function getPendingExpenseRequests(scope: DashboardScope): Promise<PendingExpenseRequests | null> {
  return listContract(dashboardPendingExpenseRequestsRoute, { query: scope }, 'firm');
}

export function usePendingExpenseRequests(scope: DashboardScope, isEnabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: pendingExpenseRequestsKey(scope), queryFn: () => getPendingExpenseRequests(scope), enabled: isEnabled }),
  );
}
