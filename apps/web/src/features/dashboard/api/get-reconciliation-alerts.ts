import type { ReconciliationAlert } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';

/** Under ['trust-reconciliation'], so an import, match or sign-off anywhere refreshes the card. */
export const reconciliationAlertsKey = ['trust-reconciliation', 'dashboard-alerts'] as const;

/** The answer's shape, checked by hand: the dashboard is every user's first page, so it carries no extra schema. */
function isAlerts(data: unknown): data is ReconciliationAlert[] {
  return (
    Array.isArray(data) &&
    data.every((alert: unknown) => {
      const { trustAccountId, trustAccountName, ledgerBalance, clientLedgersTotal } = (alert ?? {}) as Record<string, unknown>;
      return (
        typeof trustAccountId === 'string' &&
        typeof trustAccountName === 'string' &&
        typeof ledgerBalance === 'string' &&
        typeof clientLedgersTotal === 'string'
      );
    })
  );
}

/** Trust accounts whose three balances disagree today; null when the call failed. */
export async function getReconciliationAlerts(): Promise<ReconciliationAlert[] | null> {
  const data = await apiList<unknown>('/admin/trust-account/get-reconciliation-alerts', undefined, 'firm');
  return isAlerts(data) ? data : null;
}

export function useReconciliationAlerts(isEnabled: boolean) {
  return useQuery(queryOptions({ queryKey: reconciliationAlertsKey, queryFn: getReconciliationAlerts, enabled: isEnabled }));
}
