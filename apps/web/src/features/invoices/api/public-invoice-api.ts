import { publicInvoiceSchema, type PublicInvoice } from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/** The invoice on a public link; null when the link is unknown or revoked (the page says so). */
export async function getPublicInvoice(slug: string): Promise<PublicInvoice | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>(`/public/invoice/${encodeURIComponent(slug)}`, { auth: 'none', silent: true });
    return publicInvoiceSchema.parse(envelope.data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const usePublicInvoice = (slug: string) =>
  useQuery({ queryKey: ['public-invoice', slug], queryFn: () => getPublicInvoice(slug), staleTime: 60_000 });
