import {
  DEFAULT_PAGE_SIZE,
  FLAT_FEE_SORT_COLUMNS,
  FLAT_FEE_STATUSES,
  isValidIsoDate,
  type FlatFeeListQuery,
  type FlatFeeStatus,
} from '@matterhorn/shared';
import { z } from 'zod';
import { offeredPageSize } from '../../../lib/list-paging.ts';

export type FlatFeeSortColumn = (typeof FLAT_FEE_SORT_COLUMNS)[number];
export type SortType = 'asc' | 'desc';
export type FlatFeeSort = { column: FlatFeeSortColumn; type: SortType };

/** The server's own order when none is chosen: newest date first. */
export const DEFAULT_SORT: FlatFeeSort = { column: 'flatFeeDate', type: 'desc' };

/** The URL's query names for the list's state (the global search appends `search`). */
export const LIST_PARAMS = {
  search: 'search',
  status: 'status',
  client: 'clientId',
  matter: 'matterId',
  addedBy: 'addedBy',
  from: 'from',
  to: 'to',
  page: 'page',
  size: 'size',
  sortColumn: 'sortColumn',
  sortType: 'sortType',
} as const;
export type ListParamChanges = Partial<Record<keyof typeof LIST_PARAMS, string>>;

const uuidOrUndefined = (value: string | null) => (value && z.uuid().safeParse(value).success ? value : undefined);
const isoOrUndefined = (value: string | null) => (value && isValidIsoDate(value) ? value : undefined);
const statusOrUndefined = (value: string | null) =>
  FLAT_FEE_STATUSES.includes(value as FlatFeeStatus) ? (value as FlatFeeStatus) : undefined;

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function sortFrom(params: URLSearchParams): FlatFeeSort {
  const column = params.get(LIST_PARAMS.sortColumn);
  if (!FLAT_FEE_SORT_COLUMNS.includes(column as FlatFeeSortColumn)) return DEFAULT_SORT;
  return { column: column as FlatFeeSortColumn, type: params.get(LIST_PARAMS.sortType) === 'asc' ? 'asc' : 'desc' };
}

/** The next sort after a click on a column's header: the same column flips, another starts ascending. */
export function nextSort(current: FlatFeeSort, column: FlatFeeSortColumn): FlatFeeSort {
  if (current.column !== column) return { column, type: 'asc' };
  return { column, type: current.type === 'asc' ? 'desc' : 'asc' };
}

/** The list call's query (SPEC.md §7's names) from the page's URL, with the whole filter's totals. */
export function flatFeeListQueryFrom(params: URLSearchParams): FlatFeeListQuery {
  const size = positive(params.get(LIST_PARAMS.size), DEFAULT_PAGE_SIZE);
  const sort = sortFrom(params);
  return {
    GeneralSearchText: params.get(LIST_PARAMS.search)?.trim() || undefined,
    status: statusOrUndefined(params.get(LIST_PARAMS.status)),
    ClientId: uuidOrUndefined(params.get(LIST_PARAMS.client)),
    MatterId: uuidOrUndefined(params.get(LIST_PARAMS.matter)),
    ExpenseAddedUserId: uuidOrUndefined(params.get(LIST_PARAMS.addedBy)),
    FromExpenseFlatFeesDateCreated: isoOrUndefined(params.get(LIST_PARAMS.from)),
    ToExpenseFlatFeesDateCreated: isoOrUndefined(params.get(LIST_PARAMS.to)),
    page: positive(params.get(LIST_PARAMS.page), 1),
    size: offeredPageSize(size, DEFAULT_PAGE_SIZE),
    sortColumn: sort.column,
    sortType: sort.type,
    IncludeTotals: true,
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
