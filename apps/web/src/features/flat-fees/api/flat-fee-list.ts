import { flatFeeListRoute, type FlatFeeListQuery, type FlatFeePage } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { listContract } from '../../../lib/api/call-contract.ts';

/**
 * Every flat-fee query lives under ['flat-fees'], so a save or delete that invalidates the root
 * refreshes the list with its totals, a matter's Expenses tab and the pre-fetched unbilled fees.
 */
export const flatFeeKeys = {
  all: ['flat-fees'] as const,
  list: (query: FlatFeeListQuery) => ['flat-fees', 'list', query] as const,
  detail: (id: string) => ['flat-fees', 'detail', id] as const,
  /** The shell's pre-fetch (hooks/use-prefetch-unbilled-flat-fees.ts spells it out to stay small). */
  unbilled: (scope: string) => ['flat-fees', 'unbilled', scope] as const,
};

/** The query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function flatFeeListParams(query: FlatFeeListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** The filter alone: what the CSV depends on (no paging). */
export function flatFeeFiltersOf(query: FlatFeeListQuery): FlatFeeListQuery {
  const { page: _page, size: _size, IncludeTotals: _totals, ...filters } = query;
  return filters;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getFlatFeePage(query: FlatFeeListQuery): Promise<FlatFeePage | null> {
  return listContract(flatFeeListRoute, { query: flatFeeListParams(query) }, 'firm');
}

export const flatFeeListQuery = (query: FlatFeeListQuery) =>
  queryOptions({
    queryKey: flatFeeKeys.list(query),
    queryFn: () => getFlatFeePage(query),
    placeholderData: keepPreviousData,
  });

export function useFlatFeePage(query: FlatFeeListQuery) {
  return useQuery(flatFeeListQuery(query));
}
