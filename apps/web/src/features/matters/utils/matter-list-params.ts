import { DEFAULT_PAGE_SIZE, MATTER_RATES, MATTER_SORT_COLUMNS, MATTER_STATUSES, type MatterListQuery } from '@matterhorn/shared';
import { offeredPageSize } from '../../../lib/list-paging.ts';

/** The URL's query names for the list's state, so a list can be bookmarked and shared. */
export const LIST_PARAMS = {
  search: 'search',
  client: 'clientId',
  status: 'status',
  billingType: 'billingType',
  feeEarner: 'feeEarner',
  page: 'page',
  size: 'size',
  sortColumn: 'sortColumn',
  sortType: 'sortType',
} as const;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The list call's query from the page's URL (the global search appends `search`). */
export function matterListQueryFrom(params: URLSearchParams): MatterListQuery {
  const size = positive(params.get(LIST_PARAMS.size), DEFAULT_PAGE_SIZE);
  return {
    GeneralSearchText: params.get(LIST_PARAMS.search)?.trim() || undefined,
    ClientId: params.get(LIST_PARAMS.client) || undefined,
    Status: oneOf(params.get(LIST_PARAMS.status), MATTER_STATUSES),
    MatterRate: oneOf(params.get(LIST_PARAMS.billingType), MATTER_RATES),
    AssignedUserId: params.get(LIST_PARAMS.feeEarner) || undefined,
    page: positive(params.get(LIST_PARAMS.page), 1),
    size: offeredPageSize(size, DEFAULT_PAGE_SIZE),
    sortColumn: oneOf(params.get(LIST_PARAMS.sortColumn), MATTER_SORT_COLUMNS) ?? 'createdAt',
    sortType: params.get(LIST_PARAMS.sortType) === 'asc' ? 'asc' : 'desc',
  };
}

/** The URL after changing some list state; a change of anything but the page goes back to page 1. */
export function withListParams(params: URLSearchParams, changes: Partial<Record<keyof typeof LIST_PARAMS, string>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const name = LIST_PARAMS[key as keyof typeof LIST_PARAMS];
    if (value === '' || value === undefined) next.delete(name);
    else next.set(name, value);
  }
  if (!('page' in changes)) next.delete(LIST_PARAMS.page);
  return next;
}
