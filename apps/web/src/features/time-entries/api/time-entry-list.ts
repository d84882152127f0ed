import {
  pageSchema,
  timeEntryListItemSchema,
  timeEntryTotalsSchema,
  type TimeEntryListQuery,
  type TimeEntryTotals,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiList, type QueryParams } from '../../../lib/api-client.ts';

export const TIME_ENTRY_LIST_PATH = '/admin/time-entry';
export const TIME_ENTRY_TOTALS_PATH = '/admin/time-entry/get-totals';

/**
 * Every time-entry query lives under ['time-entries'], so a save, delete or timer stop that
 * invalidates the root refreshes the list, its totals, a matter's time tab and the pre-fetched
 * billable entries at once.
 */
export const timeEntryKeys = {
  all: ['time-entries'] as const,
  list: (query: TimeEntryListQuery) => ['time-entries', 'list', query] as const,
  totals: (filters: TimeEntryListQuery) => ['time-entries', 'totals', filters] as const,
  unbilled: (scope: string) => ['time-entries', 'unbilled', scope] as const,
};

/** The page without its totals: they come from get-totals beside it, so paging never recounts them. */
const timeEntryRowsSchema = pageSchema(timeEntryListItemSchema);
export type TimeEntryRows = z.infer<typeof timeEntryRowsSchema>;

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
export async function getTimeEntryPage(query: TimeEntryListQuery): Promise<TimeEntryRows | null> {
  const data = await apiList<unknown>(TIME_ENTRY_LIST_PATH, timeEntryListParams(query), 'firm');
  const parsed = timeEntryRowsSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export async function getTimeEntryTotals(filters: TimeEntryListQuery): Promise<TimeEntryTotals | null> {
  const data = await apiList<unknown>(TIME_ENTRY_TOTALS_PATH, timeEntryListParams(timeEntryFiltersOf(filters)), 'firm');
  const parsed = timeEntryTotalsSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
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
