import {
  type ContractData,
  type TimeEntryListQuery,
  timeEntryListRoute,
  type TimeEntryTotals,
  timeEntryTotalsRoute,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryParams } from '../../../lib/api-client.ts';
import { listContract } from '../../../lib/api/call-contract.ts';
import { TIME_ENTRIES_ROOT_KEY } from '../../../lib/app-state/time-entry-keys.ts';

/**
 * Every time-entry query lives under ['time-entries'], so a save, delete or timer stop that
 * invalidates the root refreshes the list, its totals, a matter's time tab and the pre-fetched
 * billable entries at once.
 */
export const timeEntryKeys = {
  all: TIME_ENTRIES_ROOT_KEY,
  list: (query: TimeEntryListQuery) => ['time-entries', 'list', query] as const,
  totals: (filters: TimeEntryListQuery) => ['time-entries', 'totals', filters] as const,
  unbilled: (scope: string) => ['time-entries', 'unbilled', scope] as const,
};

/** The page; its totals come from get-totals beside it, so paging never recounts them. */
export type TimeEntryRows = ContractData<typeof timeEntryListRoute>;

/** The query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function timeEntryListParams(query: TimeEntryListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** The filter alone: what the totals and the CSV depend on (no paging, no sort). */
export function timeEntryFiltersOf(query: TimeEntryListQuery): TimeEntryListQuery {
  const { page: _page, size: _size, SortBy: _sortBy, sortColumn: _sortColumn, sortType: _sortType, ...filters } = query;
  return filters;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getTimeEntryPage(query: TimeEntryListQuery): Promise<TimeEntryRows | null> {
  return listContract(timeEntryListRoute, { query: timeEntryListParams(query) }, 'firm');
}

export function getTimeEntryTotals(filters: TimeEntryListQuery): Promise<TimeEntryTotals | null> {
  return listContract(timeEntryTotalsRoute, { query: timeEntryListParams(timeEntryFiltersOf(filters)) }, 'firm');
}

export const timeEntryListQuery = (query: TimeEntryListQuery) =>
  queryOptions({
    queryKey: timeEntryKeys.list(query),
    queryFn: () => getTimeEntryPage(query),
    placeholderData: keepPreviousData,
  });

export const timeEntryTotalsQuery = (query: TimeEntryListQuery) => {
  const filters = timeEntryFiltersOf(query);
  return queryOptions({
    queryKey: timeEntryKeys.totals(filters),
    queryFn: () => getTimeEntryTotals(filters),
    placeholderData: keepPreviousData,
  });
};

export function useTimeEntryPage(query: TimeEntryListQuery) {
  return useQuery(timeEntryListQuery(query));
}

export function useTimeEntryTotals(query: TimeEntryListQuery) {
  return useQuery(timeEntryTotalsQuery(query));
}
