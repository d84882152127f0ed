import { MATTER_RATES, MATTER_SORT_COLUMNS, MATTER_STATUSES, type MatterListQuery } from '@matterhorn/shared';
import {
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

export type MatterSortColumn = (typeof MATTER_SORT_COLUMNS)[number];

/** The list's filters and their names in the URL (the global search appends `search`). */
export const MATTER_LIST = {
  filters: { search: 'search', client: 'clientId', status: 'status', billingType: 'billingType', feeEarner: 'feeEarner' },
  sortColumns: MATTER_SORT_COLUMNS,
  defaultSort: { column: 'createdAt', type: 'desc' },
} as const satisfies ListDefinition<string, MatterSortColumn>;

export type MatterListState = ListState<keyof typeof MATTER_LIST.filters, MatterSortColumn>;

/** The list call's query from the list's state. */
export function matterListQueryFrom({ filters, page, size, sort }: MatterListState): MatterListQuery {
  return {
    GeneralSearchText: textOrUndefined(filters.search),
    ClientId: uuidOrUndefined(filters.client),
    Status: oneOfOrUndefined(MATTER_STATUSES, filters.status),
    MatterRate: oneOfOrUndefined(MATTER_RATES, filters.billingType),
    AssignedUserId: uuidOrUndefined(filters.feeEarner),
    page,
    size,
    sortColumn: sort.column,
    sortType: sort.type,
  };
}
