import { dashboardFirmKpisRoute, type FirmKpis } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { FIGURES_KEY } from '../../../lib/app-state/figure-keys.ts';
import type { DashboardScope } from './get-dashboard-summary.ts';

export const firmKpisQuery = (scope: DashboardScope) =>
  queryOptions({
    queryKey: [...FIGURES_KEY, 'firm-kpis', scope.AdminUserId, scope.BusinessId],
    queryFn: async (): Promise<FirmKpis> => (await callContract(dashboardFirmKpisRoute, { query: scope }, { auth: 'firm' })).data,
    enabled: !!scope.AdminUserId,
  });

/** The month's and year's figures and the charts (the firm's with viewSummary, else the user's own). */
export function useFirmKpis(scope: DashboardScope) {
  return useQuery(firmKpisQuery(scope));
}
