import { FLAT_FEE_SORT_COLUMNS, FLAT_FEE_STATUSES, type FlatFeeListQuery } from '@matterhorn/shared';
import {
  isoDateOrUndefined,
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ColumnSort,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

export { nextSort } from '../../../components/list-kit/list-params.ts';

export type FlatFeeSortColumn = (typeof FLAT_FEE_SORT_COLUMNS)[number];
export type FlatFeeSort = ColumnSort<FlatFeeSortColumn>;

/** The server's own order when none is chosen: newest date first. */
export const DEFAULT_SORT: FlatFeeSort = { column: 'flatFeeDate', type: 'desc' };

/** The list's filters and their names in the URL (the global search appends `search`). */
export const FLAT_FEE_LIST = {
  filters: { search: 'search', status: 'status', client: 'clientId', matter: 'matterId', addedBy: 'addedBy', from: 'from', to: 'to' },
  sortColumns: FLAT_FEE_SORT_COLUMNS,
  defaultSort: DEFAULT_SORT,
} as const satisfies ListDefinition<string, FlatFeeSortColumn>;

export type FlatFeeFilter = keyof typeof FLAT_FEE_LIST.filters;
export type ListParamChanges = Partial<Record<FlatFeeFilter, string>>;

/** The list call's query (SPEC.md §7's names) from the list's state, with the whole filter's totals. */
export function flatFeeListQueryFrom({ filters, page, size, sort }: ListState<FlatFeeFilter, FlatFeeSortColumn>): FlatFeeListQuery {
  return {
    GeneralSearchText: textOrUndefined(filters.search),
    status: oneOfOrUndefined(FLAT_FEE_STATUSES, filters.status),
    ClientId: uuidOrUndefined(filters.client),
    MatterId: uuidOrUndefined(filters.matter),
    ExpenseAddedUserId: uuidOrUndefined(filters.addedBy),
    FromExpenseFlatFeesDateCreated: isoDateOrUndefined(filters.from),
    ToExpenseFlatFeesDateCreated: isoDateOrUndefined(filters.to),
    page,
    size,
    sortColumn: sort.column,
    sortType: sort.type,
    IncludeTotals: true,
  };
}
