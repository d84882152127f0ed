import { queryOptions } from '@tanstack/react-query';
import { trustRequestPageSchema, type TrustRequestListItem } from '@matterhorn/shared';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { TRUST_BASE } from './trust-api.ts';

/**
 * A client's sent or partly paid trust requests on one account: a deposit may be recorded against
 * one, which settles it. Read here (features never import each other); loaded with the deposit form.
 */
export const openTrustRequestsQuery = (trustAccountId: string, clientId: string) =>
  queryOptions({
    queryKey: ['trust', 'open-requests', trustAccountId, clientId] as const,
    queryFn: async (): Promise<TrustRequestListItem[]> => {
      const read = async (status: 'Sent' | 'PartlyPaid') => {
        const query = { TrustAccountId: trustAccountId, ClientId: clientId, Status: status, page: 1, size: 100 };
        const envelope = await apiRequest<ApiEnvelope<unknown>>(`${TRUST_BASE}/get-trust-requests`, { query, auth: 'firm', silent: true });
        return trustRequestPageSchema.parse(envelope.data).data;
      };
      return [...(await read('Sent')), ...(await read('PartlyPaid'))];
    },
    enabled: trustAccountId !== '' && clientId !== '',
    staleTime: 0,
  });
