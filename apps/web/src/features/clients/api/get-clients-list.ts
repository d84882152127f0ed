import { clientPageSchema, type ClientListQuery } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiList, type QueryParams } from '../../../lib/api-client.ts';

export const CLIENTS_LIST_PATH = '/admin/client-info/get-clients-list';

export type ClientPage = z.infer<typeof clientPageSchema>;
export type ClientListParams = Omit<ClientListQuery, 'IsDownlodCsv' | 'AdminUserId' | 'BusinessId'>;

/** SPEC.md §8: list calls resolve to null silently on failure. */
export async function getClientsList(params: ClientListParams): Promise<ClientPage | null> {
  const data = await apiList<unknown>(CLIENTS_LIST_PATH, params as QueryParams, 'firm');
  if (data === null) return null;
  const parsed = clientPageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
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
