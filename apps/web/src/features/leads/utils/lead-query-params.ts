import { LEAD_SOURCES, LEAD_STATUSES } from '@matterhorn/shared';
import {
  isoDateOrUndefined,
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';
import type { LeadBoardQuery, LeadListQuery } from '../api/leads-api.ts';

type LeadSortColumn = 'createdAt';

/** The leads page's filters in its URL (?view=list for the list; the board otherwise). */
export const LEAD_QUERY = {
  filters: {
    view: 'view',
    status: 'status',
    assignee: 'assigneeUserId',
    practiceArea: 'practiceAreaId',
    source: 'source',
    search: 'search',
    from: 'from',
    to: 'to',
  },
  sortColumns: ['createdAt'],
  defaultSort: { column: 'createdAt', type: 'desc' },
} as const satisfies ListDefinition<string, LeadSortColumn>;

export type LeadFilter = keyof typeof LEAD_QUERY.filters;
export type LeadFilterValues = Record<LeadFilter, string>;

/** What board and list share: everything but the status (the board's columns are the statuses) and paging. */
function sharedFilters(filters: LeadFilterValues) {
  const query = {
    assigneeUserId: uuidOrUndefined(filters.assignee),
    practiceAreaId: uuidOrUndefined(filters.practiceArea),
    source: oneOfOrUndefined(LEAD_SOURCES, filters.source),
    search: textOrUndefined(filters.search),
    from: isoDateOrUndefined(filters.from),
    to: isoDateOrUndefined(filters.to),
  };
  // Absent rather than undefined: the query is also the cache key.
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as typeof query;
}

export function leadListQueryFrom({
  filters,
  page,
  size,
}: Pick<ListState<LeadFilter, LeadSortColumn>, 'filters' | 'page' | 'size'>): LeadListQuery {
  const status = oneOfOrUndefined(LEAD_STATUSES, filters.status);
  return { ...sharedFilters(filters), ...(status ? { status } : {}), page, size };
}

/** The board shows this many leads a column; the list holds the rest. */
export const BOARD_LEADS_PER_STATUS = 20;

export function leadBoardQueryFrom(filters: LeadFilterValues): LeadBoardQuery {
  return { ...sharedFilters(filters), perStatus: BOARD_LEADS_PER_STATUS };
}
