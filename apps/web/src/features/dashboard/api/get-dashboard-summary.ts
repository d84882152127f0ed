import { dashboardSummaryRoute, type DashboardSummary } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export type DashboardScope = { AdminUserId: string | undefined; BusinessId: string | undefined };

export async function getDashboardSummary(scope: DashboardScope): Promise<DashboardSummary> {
  return (await callContract(dashboardSummaryRoute, { query: scope }, { auth: 'firm' })).data;
}

export const dashboardSummaryQuery = (scope: DashboardScope) =>
  queryOptions({
    queryKey: ['dashboard-summary', scope.AdminUserId, scope.BusinessId],
    queryFn: () => getDashboardSummary(scope),
    enabled: !!scope.AdminUserId,
  });

export function useDashboardSummary(scope: DashboardScope) {
  return useQuery(dashboardSummaryQuery(scope));
}
