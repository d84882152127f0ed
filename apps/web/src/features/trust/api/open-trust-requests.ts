import { queryOptions } from '@tanstack/react-query';
import { trustRequestListRoute, type TrustRequestListItem } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

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
        return (await callContract(trustRequestListRoute, { query }, { auth: 'firm', silent: true })).data.data;
      };
      return [...(await read('Sent')), ...(await read('PartlyPaid'))];
    },
    enabled: trustAccountId !== '' && clientId !== '',
    staleTime: 0,
  });
