import { DEFAULT_PAGE_SIZE, IS_BILLABLE, isValidIsoDate, TIME_ENTRY_SORT_COLUMNS, type TimeEntryListQuery } from '@matterhorn/shared';
import { z } from 'zod';
import { offeredPageSize } from '../../../lib/list-paging.ts';

export type TimeEntrySortColumn = (typeof TIME_ENTRY_SORT_COLUMNS)[number];
export type SortType = 'asc' | 'desc';
export type TimeEntrySort = { column: TimeEntrySortColumn; type: SortType };

/** The server's own order when no SortBy is sent: newest date first. */
export const DEFAULT_SORT: TimeEntrySort = { column: 'timeEntryDate', type: 'desc' };

/** The URL's query names for the list's state, so reload, bookmarks and shared links keep it. */
export const LIST_PARAMS = {
  search: 'search',
  billable: 'billable',
  client: 'clientId',
  matter: 'matterId',
  feeEarner: 'feeEarner',
  from: 'from',
  to: 'to',
  page: 'page',
  size: 'size',
  sortColumn: 'sortColumn',
  sortType: 'sortType',
} as const;
export type ListParamChanges = Partial<Record<keyof typeof LIST_PARAMS, string>>;

/** The Billable filter's choices (SPEC.md §3 IsBillable: 4 billable, 2 not billable). */
export const BILLABLE_FILTERS = [
  { value: '', label: 'All', isBillable: undefined },
  { value: 'billable', label: 'Billable', isBillable: IS_BILLABLE.billable },
  { value: 'not-billable', label: 'Not billable', isBillable: IS_BILLABLE.notBillable },
] as const;

const uuidOrUndefined = (value: string | null) => (value && z.uuid().safeParse(value).success ? value : undefined);
const isoOrUndefined = (value: string | null) => (value && isValidIsoDate(value) ? value : undefined);

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function sortFrom(params: URLSearchParams): TimeEntrySort {
  const column = params.get(LIST_PARAMS.sortColumn);
  if (!TIME_ENTRY_SORT_COLUMNS.includes(column as TimeEntrySortColumn)) return DEFAULT_SORT;
  return { column: column as TimeEntrySortColumn, type: params.get(LIST_PARAMS.sortType) === 'asc' ? 'asc' : 'desc' };
}

/** The next sort after a click on a column's header: the same column flips, another starts ascending. */
export function nextSort(current: TimeEntrySort, column: TimeEntrySortColumn): TimeEntrySort {
  if (current.column !== column) return { column, type: 'asc' };
  return { column, type: current.type === 'asc' ? 'desc' : 'asc' };
}

/**
 * The list call's query from the page's URL (the global search appends `search`). The fee-earner
 * filter is only sent by users who may see everyone's time; for others the server answers with
 * their own entries anyway.
 */
export function timeEntryListQueryFrom(params: URLSearchParams, options: { canViewAll: boolean }): TimeEntryListQuery {
  const size = positive(params.get(LIST_PARAMS.size), DEFAULT_PAGE_SIZE);
  const billable = BILLABLE_FILTERS.find((filter) => filter.value === params.get(LIST_PARAMS.billable));
  const hasSort = params.has(LIST_PARAMS.sortColumn);
  const sort = sortFrom(params);
  return {
    GeneralSearchText: params.get(LIST_PARAMS.search)?.trim() || undefined,
    IsBillable: billable?.isBillable,
    ClientId: uuidOrUndefined(params.get(LIST_PARAMS.client)),
    MatterId: uuidOrUndefined(params.get(LIST_PARAMS.matter)),
    TimeEntryUserId: options.canViewAll ? uuidOrUndefined(params.get(LIST_PARAMS.feeEarner)) : undefined,
    FromTimeEntryDateCreated: isoOrUndefined(params.get(LIST_PARAMS.from)),
    ToTimeEntryDateCreated: isoOrUndefined(params.get(LIST_PARAMS.to)),
    page: positive(params.get(LIST_PARAMS.page), 1),
    size: offeredPageSize(size, DEFAULT_PAGE_SIZE),
    SortBy: hasSort ? `${sort.column} ${sort.type}` : undefined,
  };
}

/** The URL after changing some list state; a change of anything but the page goes back to page 1. */
export function withListParams(params: URLSearchParams, changes: ListParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const name = LIST_PARAMS[key as keyof typeof LIST_PARAMS];
    if (value === '' || value === undefined) next.delete(name);
    else next.set(name, value);
  }
  if (!('page' in changes)) next.delete(LIST_PARAMS.page);
  return next;
}
