import { courtUpdateListRoute, type CourtUpdateListQuery, type CourtUpdatePage } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listContract } from '../../../lib/api/call-contract.ts';

/**
 * Every court-update query lives under ['court-updates'], so a save or delete that invalidates the
 * root refreshes the list, a matter's tab, the view page and the firm's courts together.
 */
export const courtUpdateKeys = {
  all: ['court-updates'] as const,
  list: (query: CourtUpdateListQuery) => ['court-updates', 'list', query] as const,
  detail: (id: string) => ['court-updates', 'detail', id] as const,
  courts: () => ['court-updates', 'courts'] as const,
};

/** The query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function courtUpdateListParams(query: CourtUpdateListQuery): CourtUpdateListQuery {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value;
  }
  return params as CourtUpdateListQuery;
}

/** The filter alone: what the CSV depends on (no paging). */
export function courtUpdateFiltersOf(query: CourtUpdateListQuery): CourtUpdateListQuery {
  const { page: _page, size: _size, ...filters } = query;
  return filters;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getCourtUpdatePage(query: CourtUpdateListQuery): Promise<CourtUpdatePage | null> {
  return listContract(courtUpdateListRoute, { query: courtUpdateListParams(query) }, 'firm');
}

export const courtUpdateListQuery = (query: CourtUpdateListQuery) =>
  queryOptions({
    queryKey: courtUpdateKeys.list(query),
    queryFn: () => getCourtUpdatePage(query),
    placeholderData: keepPreviousData,
  });

export function useCourtUpdatePage(query: CourtUpdateListQuery) {
  return useQuery(courtUpdateListQuery(query));
}
