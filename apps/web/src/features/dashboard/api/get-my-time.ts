import { dashboardMyTimeRoute, type MyTime } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';
import type { DashboardScope } from './get-dashboard-summary.ts';

export async function getMyTime(scope: DashboardScope): Promise<MyTime> {
  return (await callContract(dashboardMyTimeRoute, { query: scope }, { auth: 'firm' })).data;
}

export const myTimeQuery = (scope: DashboardScope, isAllowed: boolean) =>
  queryOptions({
    queryKey: [...FIGURES_KEY, 'my-time', scope.AdminUserId, scope.BusinessId],
    queryFn: () => getMyTime(scope),
    enabled: isAllowed && !!scope.AdminUserId,
  });

/** The signed-in user's week and unbilled time; only fetched for users who may see time entries. */
export function useMyTime(scope: DashboardScope, isAllowed: boolean) {
  return useQuery(myTimeQuery(scope, isAllowed));
}
