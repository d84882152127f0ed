import { DEFAULT_PAGE_SIZE, isValidIsoDate, PROGRESS_NOTE_SORT_COLUMNS, type ProgressNoteListQuery } from '@matterhorn/shared';
import { z } from 'zod';
import { offeredPageSize } from '../../../lib/list-paging.ts';

export type ProgressNoteSortColumn = (typeof PROGRESS_NOTE_SORT_COLUMNS)[number];
export type ProgressNoteSort = { column: ProgressNoteSortColumn; type: 'asc' | 'desc' };

/** The server's own order when none is chosen: newest note first. */
export const DEFAULT_SORT: ProgressNoteSort = { column: 'noteDate', type: 'desc' };

/** The URL's query names for the list's state (the global search appends `search`). */
export const LIST_PARAMS = {
  search: 'search',
  client: 'clientId',
  matter: 'matterId',
  author: 'authorId',
  from: 'from',
  to: 'to',
  shared: 'shared',
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

export function sortFrom(params: URLSearchParams): ProgressNoteSort {
  const column = params.get(LIST_PARAMS.sortColumn);
  if (!PROGRESS_NOTE_SORT_COLUMNS.includes(column as ProgressNoteSortColumn)) return DEFAULT_SORT;
  return { column: column as ProgressNoteSortColumn, type: params.get(LIST_PARAMS.sortType) === 'asc' ? 'asc' : 'desc' };
}

/** The next sort after a click on a column's header: the same column flips, another starts ascending. */
export function nextSort(current: ProgressNoteSort, column: ProgressNoteSortColumn): ProgressNoteSort {
  if (current.column !== column) return { column, type: 'asc' };
  return { column, type: current.type === 'asc' ? 'desc' : 'asc' };
}

/** The list call's query from the page's URL; a fixed matter (a matter's tab) wins over the URL's. */
export function progressNoteListQueryFrom(params: URLSearchParams, fixedMatterId?: string): ProgressNoteListQuery {
  const sort = sortFrom(params);
  const shared = params.get(LIST_PARAMS.shared);
  return {
    GeneralSearchText: params.get(LIST_PARAMS.search)?.trim() || undefined,
    ClientId: fixedMatterId ? undefined : uuidOrUndefined(params.get(LIST_PARAMS.client)),
    MatterId: fixedMatterId ?? uuidOrUndefined(params.get(LIST_PARAMS.matter)),
    AuthorUserId: uuidOrUndefined(params.get(LIST_PARAMS.author)),
    FromDate: isoOrUndefined(params.get(LIST_PARAMS.from)),
    ToDate: isoOrUndefined(params.get(LIST_PARAMS.to)),
    IsSharedWithClient: shared === 'true' || shared === 'false' ? shared : undefined,
    page: positive(params.get(LIST_PARAMS.page), 1),
    size: offeredPageSize(positive(params.get(LIST_PARAMS.size), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
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
