import { CLIENT_SORT_COLUMNS, CLIENT_STATUSES, CLIENT_TYPES, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@matterhorn/shared';
import type { ClientListParams } from '../api/get-clients-list.ts';

export type ClientSortColumn = (typeof CLIENT_SORT_COLUMNS)[number];
export const PAGE_SIZE_CHOICES = ['10', '20', '50', '100'] as const;

/** The list's state lives in the URL (search, type, status, sort, order, page, size) so it survives reloads and links. */
export type ClientListState = {
  search: string;
  type: (typeof CLIENT_TYPES)[number] | '';
  status: (typeof CLIENT_STATUSES)[number] | '';
  sort: ClientSortColumn;
  order: 'asc' | 'desc';
  page: number;
  size: number;
};

function oneOf<T extends string>(choices: readonly T[], value: string | null, fallback: T | ''): T | '' {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

function wholeNumber(value: string | null, fallback: number, max: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 ? Math.min(parsed, max) : fallback;
}

export function clientListStateOf(params: URLSearchParams): ClientListState {
  return {
    search: params.get('search') ?? '',
    type: oneOf(CLIENT_TYPES, params.get('type'), ''),
    status: oneOf(CLIENT_STATUSES, params.get('status'), ''),
    sort: oneOf(CLIENT_SORT_COLUMNS, params.get('sort'), 'createdAt') || 'createdAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: wholeNumber(params.get('page'), 1, 100_000),
    size: wholeNumber(params.get('size'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/** Only non-default values go into the URL, keeping it short. */
export function searchParamsOf(state: ClientListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.type) params.set('type', state.type);
  if (state.status) params.set('status', state.status);
  if (state.sort !== 'createdAt' || state.order !== 'desc') {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  return params;
}

/** The API's query (SPEC.md names: GeneralSearchText, ClientType, Status, sortColumn, sortType). */
export function listParamsOf(state: ClientListState): ClientListParams {
  return {
    sortColumn: state.sort,
    sortType: state.order,
    GeneralSearchText: state.search.trim() || undefined,
    ClientType: state.type || undefined,
    Status: state.status || undefined,
    page: state.page,
    size: state.size,
  };
}
