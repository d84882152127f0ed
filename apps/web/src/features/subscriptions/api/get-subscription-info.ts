import { subscriptionInfoSchema, type SubscriptionInfo } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/**
 * subscriptionInfoRoute's path, kept literal (the plan banner's test checks it against the
 * contract): the shell reads it on every firm page, and by contract it cost each page about 0.1 KB.
 */
export const SUBSCRIPTION_INFO_PATH = '/admin/sub-scription-master/get-subscription-info';

export type SubscriptionScope = { AdminUserId: string | undefined; BusinessId: string | undefined };

/** Null when the call fails or answers no subscription (the caller reports it). */
export async function getSubscriptionInfo(scope: SubscriptionScope): Promise<SubscriptionInfo | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(SUBSCRIPTION_INFO_PATH, {
      query: scope,
      auth: 'firm',
      silent: true,
    });
    const parsed = subscriptionInfoSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const subscriptionInfoQuery = (scope: SubscriptionScope) =>
  queryOptions({
    queryKey: ['subscription-info', scope.AdminUserId, scope.BusinessId],
    queryFn: () => getSubscriptionInfo(scope),
    enabled: !!scope.AdminUserId,
    staleTime: 5 * 60_000,
  });

export function useSubscriptionInfo(scope: SubscriptionScope) {
  return useQuery(subscriptionInfoQuery(scope));
}
