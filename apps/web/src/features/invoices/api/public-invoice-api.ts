import { publicInvoiceViewRoute, type PublicInvoice } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';

/** The invoice on a public link; null when the link is unknown or revoked (the page says so). */
export async function getPublicInvoice(slug: string): Promise<PublicInvoice | null> {
  try {
    return (await callContract(publicInvoiceViewRoute, { params: { slug } }, { auth: 'none', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const usePublicInvoice = (slug: string) =>
  useQuery({ queryKey: ['public-invoice', slug], queryFn: () => getPublicInvoice(slug), staleTime: 60_000 });
