import { type ClientListQuery, clientListRoute, type ContractData } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';

export type ClientPage = ContractData<typeof clientListRoute>;
export type ClientListParams = Omit<ClientListQuery, 'IsDownlodCsv' | 'AdminUserId' | 'BusinessId'>;

/** SPEC.md §8: list calls resolve to null silently on failure. */
export function getClientsList(params: ClientListParams): Promise<ClientPage | null> {
  return listContract(clientListRoute, { query: params }, 'firm');
}

export const clientsListQuery = (params: ClientListParams) =>
  queryOptions({
    queryKey: ['clients', 'list', params],
    queryFn: () => getClientsList(params),
    placeholderData: keepPreviousData,
  });

export function useClientsList(params: ClientListParams) {
  return useQuery(clientsListQuery(params));
}
