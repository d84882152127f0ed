import { missedInstalmentsRoute, type MissedInstalments } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';

/** Under the payment plans' key, so setting up, replacing or cancelling a plan refreshes it. */
export const missedInstalmentsKey = ['payment-plans', 'missed'] as const;

/** The dashboard's card: apart from the plan's other calls, so the dashboard loads this one alone. */
export const missedInstalmentsQuery = () =>
  queryOptions({
    queryKey: missedInstalmentsKey,
    queryFn: (): Promise<MissedInstalments | null> => listContract(missedInstalmentsRoute, {}, 'firm'),
  });
