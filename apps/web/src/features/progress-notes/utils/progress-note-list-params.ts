import { PROGRESS_NOTE_SORT_COLUMNS, type ProgressNoteListQuery } from '@matterhorn/shared';
import {
  isoDateOrUndefined,
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ColumnSort,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

export type ProgressNoteSortColumn = (typeof PROGRESS_NOTE_SORT_COLUMNS)[number];
export type ProgressNoteSort = ColumnSort<ProgressNoteSortColumn>;

/** The server's own order when none is chosen: newest note first. */
export const DEFAULT_SORT: ProgressNoteSort = { column: 'noteDate', type: 'desc' };

/** The list's filters and their names in the URL (the global search appends `search`). */
export const PROGRESS_NOTE_LIST = {
  filters: { search: 'search', client: 'clientId', matter: 'matterId', author: 'authorId', from: 'from', to: 'to', shared: 'shared' },
  sortColumns: PROGRESS_NOTE_SORT_COLUMNS,
  defaultSort: DEFAULT_SORT,
} as const satisfies ListDefinition<string, ProgressNoteSortColumn>;

export type ProgressNoteFilter = keyof typeof PROGRESS_NOTE_LIST.filters;
export type ListParamChanges = Partial<Record<ProgressNoteFilter, string>>;

/** The list call's query from the list's state; a fixed matter (a matter's tab) wins over the URL's. */
export function progressNoteListQueryFrom(
  { filters, page, size, sort }: ListState<ProgressNoteFilter, ProgressNoteSortColumn>,
  fixedMatterId?: string,
): ProgressNoteListQuery {
  return {
    GeneralSearchText: textOrUndefined(filters.search),
    ClientId: fixedMatterId ? undefined : uuidOrUndefined(filters.client),
    MatterId: fixedMatterId ?? uuidOrUndefined(filters.matter),
    AuthorUserId: uuidOrUndefined(filters.author),
    FromDate: isoDateOrUndefined(filters.from),
    ToDate: isoDateOrUndefined(filters.to),
    IsSharedWithClient: oneOfOrUndefined(['true', 'false'] as const, filters.shared),
    page,
    size,
    sortColumn: sort.column,
    sortType: sort.type,
  };
}
