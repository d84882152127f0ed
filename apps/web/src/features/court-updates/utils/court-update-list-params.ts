import { COURT_UPDATE_SORT_COLUMNS, DEFAULT_PAGE_SIZE, isValidIsoDate, type CourtUpdateListQuery } from '@matterhorn/shared';
import { z } from 'zod';
import { offeredPageSize } from '../../../lib/list-paging.ts';

export type CourtUpdateSortColumn = (typeof COURT_UPDATE_SORT_COLUMNS)[number];
export type CourtUpdateSort = { column: CourtUpdateSortColumn; type: 'asc' | 'desc' };

/** The server's own order when none is chosen: the latest hearing first. */
export const DEFAULT_SORT: CourtUpdateSort = { column: 'hearingDate', type: 'desc' };

/** The URL's query names for the list's state (the global search appends `search`). */
export const LIST_PARAMS = {
  search: 'search',
  client: 'clientId',
  matter: 'matterId',
  court: 'courtId',
  hearingFrom: 'hearingFrom',
  hearingTo: 'hearingTo',
  nextFrom: 'nextFrom',
  nextTo: 'nextTo',
  page: 'page',
  size: 'size',
  sortColumn: 'sortColumn',
  sortType: 'sortType',
} as const;
export type ListParamChanges = Partial<Record<keyof typeof LIST_PARAMS, string>>;

const uuidOrUndefined = (value: string | null) => (value && z.uuid().safeParse(value).success ? value : undefined);
const isoOrUndefined = (value: string | null) => (value && isValidIsoDate(value) ? value : undefined);

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function sortFrom(params: URLSearchParams): CourtUpdateSort {
  const column = params.get(LIST_PARAMS.sortColumn);
  if (!COURT_UPDATE_SORT_COLUMNS.includes(column as CourtUpdateSortColumn)) return DEFAULT_SORT;
  return { column: column as CourtUpdateSortColumn, type: params.get(LIST_PARAMS.sortType) === 'asc' ? 'asc' : 'desc' };
}

/** The next sort after a click on a column's header: the same column flips, another starts ascending. */
export function nextSort(current: CourtUpdateSort, column: CourtUpdateSortColumn): CourtUpdateSort {
  if (current.column !== column) return { column, type: 'asc' };
  return { column, type: current.type === 'asc' ? 'desc' : 'asc' };
}

/** The list call's query (the names) from the page's URL. */
export function courtUpdateListQueryFrom(params: URLSearchParams): CourtUpdateListQuery {
  const size = positive(params.get(LIST_PARAMS.size), DEFAULT_PAGE_SIZE);
  const sort = sortFrom(params);
  return {
    GeneralSearchText: params.get(LIST_PARAMS.search)?.trim() || undefined,
    ClientId: uuidOrUndefined(params.get(LIST_PARAMS.client)),
    MatterId: uuidOrUndefined(params.get(LIST_PARAMS.matter)),
    CourtId: uuidOrUndefined(params.get(LIST_PARAMS.court)),
    FromHearingDate: isoOrUndefined(params.get(LIST_PARAMS.hearingFrom)),
    ToHearingDate: isoOrUndefined(params.get(LIST_PARAMS.hearingTo)),
    FromNextAdjournedDate: isoOrUndefined(params.get(LIST_PARAMS.nextFrom)),
    ToNextAdjournedDate: isoOrUndefined(params.get(LIST_PARAMS.nextTo)),
    page: positive(params.get(LIST_PARAMS.page), 1),
    size: offeredPageSize(size, DEFAULT_PAGE_SIZE),
    sortColumn: sort.column,
    sortType: sort.type,
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
