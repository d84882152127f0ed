import { COURT_UPDATE_SORT_COLUMNS, type CourtUpdateListQuery } from '@matterhorn/shared';
import {
  isoDateOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ColumnSort,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

export type CourtUpdateSortColumn = (typeof COURT_UPDATE_SORT_COLUMNS)[number];
export type CourtUpdateSort = ColumnSort<CourtUpdateSortColumn>;

/** The server's own order when none is chosen: the latest hearing first. */
export const DEFAULT_SORT: CourtUpdateSort = { column: 'hearingDate', type: 'desc' };

/** The list's filters and their names in the URL (the global search appends `search`). */
export const COURT_UPDATE_LIST = {
  filters: {
    search: 'search',
    client: 'clientId',
    matter: 'matterId',
    court: 'courtId',
    hearingFrom: 'hearingFrom',
    hearingTo: 'hearingTo',
    nextFrom: 'nextFrom',
    nextTo: 'nextTo',
  },
  sortColumns: COURT_UPDATE_SORT_COLUMNS,
  defaultSort: DEFAULT_SORT,
} as const satisfies ListDefinition<string, CourtUpdateSortColumn>;

export type CourtUpdateFilter = keyof typeof COURT_UPDATE_LIST.filters;
export type ListParamChanges = Partial<Record<CourtUpdateFilter, string>>;

/** The list call's query (the names) from the list's state. */
export function courtUpdateListQueryFrom({
  filters,
  page,
  size,
  sort,
}: ListState<CourtUpdateFilter, CourtUpdateSortColumn>): CourtUpdateListQuery {
  return {
    GeneralSearchText: textOrUndefined(filters.search),
    ClientId: uuidOrUndefined(filters.client),
    MatterId: uuidOrUndefined(filters.matter),
    CourtId: uuidOrUndefined(filters.court),
    FromHearingDate: isoDateOrUndefined(filters.hearingFrom),
    ToHearingDate: isoDateOrUndefined(filters.hearingTo),
    FromNextAdjournedDate: isoDateOrUndefined(filters.nextFrom),
    ToNextAdjournedDate: isoDateOrUndefined(filters.nextTo),
    page,
    size,
    sortColumn: sort.column,
    sortType: sort.type,
  };
}
