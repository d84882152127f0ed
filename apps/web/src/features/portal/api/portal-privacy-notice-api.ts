import { privacyNoticeContracts, type PortalPrivacyNotice } from '@matterhorn/shared';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The firm's privacy notice on the portal (ADR 92): before sign-up by the portal's address, and for the signed-in client. */

export const publicPrivacyNoticeQuery = (slug: string) =>
  queryOptions({
    queryKey: ['portal', 'privacy-notice', 'public', slug] as const,
    queryFn: async () =>
      (await callContract(privacyNoticeContracts.publicNotice, { query: { Slug: slug } }, { auth: 'none', silent: true })).data,
    enabled: slug !== '',
  });

export const portalPrivacyNoticeQuery = queryOptions({
  queryKey: ['portal', 'privacy-notice'] as const,
  queryFn: async (): Promise<PortalPrivacyNotice> =>
    (await callContract(privacyNoticeContracts.portalNotice, {}, { auth: 'client', silent: true })).data,
  staleTime: 10_000,
});

/** Asked for as the portal opens, beside its overview: the notice to agree to is known by the time the page draws. */
export function prefetchPortalPrivacyNotice(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(portalPrivacyNoticeQuery);
}

export async function consentToPrivacyNotice(queryClient: QueryClient, version: number): Promise<PortalPrivacyNotice> {
  const answer = (await callContract(privacyNoticeContracts.portalConsent, { body: { version } }, { auth: 'client', toastSuccess: true }))
    .data;
  queryClient.setQueryData(portalPrivacyNoticeQuery.queryKey, answer);
  return answer;
}
