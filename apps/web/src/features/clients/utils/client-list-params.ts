import { CLIENT_SORT_COLUMNS, CLIENT_STATUSES, CLIENT_TYPES } from '@matterhorn/shared';
import { oneOfOrUndefined, textOrUndefined, type ListDefinition, type ListState } from '../../../components/list-kit/list-params.ts';
import type { ClientListParams } from '../api/get-clients-list.ts';

export type ClientSortColumn = (typeof CLIENT_SORT_COLUMNS)[number];

/** The list's filters and their names in the URL (the global search appends `search`). */
export const CLIENT_LIST = {
  filters: { search: 'search', type: 'type', status: 'status' },
  sortColumns: CLIENT_SORT_COLUMNS,
  defaultSort: { column: 'createdAt', type: 'desc' },
} as const satisfies ListDefinition<string, ClientSortColumn>;

export type ClientListState = ListState<keyof typeof CLIENT_LIST.filters, ClientSortColumn>;

/** The API's query (SPEC.md names: GeneralSearchText, ClientType, Status, sortColumn, sortType). */
export function listParamsOf({ filters, page, size, sort }: ClientListState): ClientListParams {
  return {
    sortColumn: sort.column,
    sortType: sort.type,
    GeneralSearchText: textOrUndefined(filters.search),
    ClientType: oneOfOrUndefined(CLIENT_TYPES, filters.type),
    Status: oneOfOrUndefined(CLIENT_STATUSES, filters.status),
    page,
    size,
  };
}
