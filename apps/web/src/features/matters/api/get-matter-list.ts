import { type ContractData, type MatterListQuery, matterListRoute } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { listContract } from '../../../lib/api/call-contract.ts';

export type MatterPage = ContractData<typeof matterListRoute>;

/** The list's query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function matterListParams(query: MatterListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getMatterList(query: MatterListQuery): Promise<MatterPage | null> {
  return listContract(matterListRoute, { query: matterListParams(query) }, 'firm');
}

export const matterListQuery = (query: MatterListQuery) =>
  queryOptions({
    queryKey: ['matters', 'list', query],
    queryFn: () => getMatterList(query),
    placeholderData: keepPreviousData,
  });

export function useMatterList(query: MatterListQuery) {
  return useQuery(matterListQuery(query));
}
