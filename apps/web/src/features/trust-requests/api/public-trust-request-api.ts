import { trustRequestPublicRoute, type PublicTrustRequest } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The request on its public link; null when the link is unknown or replaced (the page says so). Apart from the firm's calls: a public page. */
export async function getPublicTrustRequest(slug: string): Promise<PublicTrustRequest | null> {
  try {
    return (await callContract(trustRequestPublicRoute, { params: { slug } }, { auth: 'none', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const usePublicTrustRequest = (slug: string) =>
  useQuery({ queryKey: ['public-trust-request', slug], queryFn: () => getPublicTrustRequest(slug), staleTime: 60_000 });
