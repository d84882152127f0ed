import { IS_BILLABLE, TIME_ENTRY_SORT_COLUMNS, type TimeEntryListQuery } from '@matterhorn/shared';
import {
  isoDateOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ColumnSort,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

export type TimeEntrySortColumn = (typeof TIME_ENTRY_SORT_COLUMNS)[number];
export type TimeEntrySort = ColumnSort<TimeEntrySortColumn>;

/** The server's own order when no SortBy is sent: newest date first. */
export const DEFAULT_SORT: TimeEntrySort = { column: 'timeEntryDate', type: 'desc' };

/** The list's filters and their names in the URL (the global search appends `search`). */
export const TIME_ENTRY_LIST = {
  filters: {
    search: 'search',
    billable: 'billable',
    client: 'clientId',
    matter: 'matterId',
    feeEarner: 'feeEarner',
    from: 'from',
    to: 'to',
  },
  sortColumns: TIME_ENTRY_SORT_COLUMNS,
  defaultSort: DEFAULT_SORT,
} as const satisfies ListDefinition<string, TimeEntrySortColumn>;

export type TimeEntryFilter = keyof typeof TIME_ENTRY_LIST.filters;
export type TimeEntryListState = ListState<TimeEntryFilter, TimeEntrySortColumn>;

/** The Billable filter's choices (SPEC.md §3 IsBillable: 4 billable, 2 not billable). */
export const BILLABLE_FILTERS = [
  { value: '', label: 'All', isBillable: undefined },
  { value: 'billable', label: 'Billable', isBillable: IS_BILLABLE.billable },
  { value: 'not-billable', label: 'Not billable', isBillable: IS_BILLABLE.notBillable },
] as const;

/**
 * The list call's query from the list's state. The fee-earner filter is only sent by users who may
 * see everyone's time; for others the server answers with their own entries anyway.
 */
export function timeEntryListQueryFrom(state: TimeEntryListState, options: { canViewAll: boolean }): TimeEntryListQuery {
  const { filters, sort } = state;
  return {
    GeneralSearchText: textOrUndefined(filters.search),
    IsBillable: BILLABLE_FILTERS.find((filter) => filter.value === filters.billable)?.isBillable,
    ClientId: uuidOrUndefined(filters.client),
    MatterId: uuidOrUndefined(filters.matter),
    TimeEntryUserId: options.canViewAll ? uuidOrUndefined(filters.feeEarner) : undefined,
    FromTimeEntryDateCreated: isoDateOrUndefined(filters.from),
    ToTimeEntryDateCreated: isoDateOrUndefined(filters.to),
    page: state.page,
    size: state.size,
    SortBy: state.isSortChosen ? `${sort.column} ${sort.type}` : undefined,
  };
}
