import { dashboardSummarySchema, type DashboardSummary } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export type DashboardScope = { AdminUserId: string | undefined; BusinessId: string | undefined };

export async function getDashboardSummary(scope: DashboardScope): Promise<DashboardSummary> {
  const data = await apiGet<unknown>('/admin/dashboard/get-dashboard-summary', scope, 'firm');
  return dashboardSummarySchema.parse(data);
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
