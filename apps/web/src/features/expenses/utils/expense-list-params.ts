import {
  DEFAULT_PAGE_SIZE,
  EXPENSE_APPROVAL_LABELS,
  EXPENSE_APPROVAL_STATUSES,
  EXPENSE_BILLING_STATUSES,
  EXPENSE_PAYMENT_STATUSES,
  EXPENSE_SORT_COLUMNS,
  isValidIsoDate,
  type ExpenseApprovalStatus,
  type ExpenseListQuery,
} from '@matterhorn/shared';
import { z } from 'zod';
import { offeredPageSize } from '../../../lib/list-paging.ts';

export type ExpenseSortColumn = (typeof EXPENSE_SORT_COLUMNS)[number];
export type SortType = 'asc' | 'desc';
export type ExpenseSort = { column: ExpenseSortColumn; type: SortType };

/** The server's own order when no SortBy is sent: newest date first. */
export const DEFAULT_SORT: ExpenseSort = { column: 'expenseDate', type: 'desc' };

/** SPEC.md §2: the list's two tabs, `?activeTab=client` and `?activeTab=firm`. */
export type ExpenseTab = 'client' | 'firm';
export const EXPENSE_TAB_PARAM = 'activeTab';

/** The URL's query names for the list's state, so reload, bookmarks and shared links keep it. */
export const LIST_PARAMS = {
  search: 'search',
  status: 'status',
  paymentStatus: 'paymentStatus',
  billingStatus: 'billingStatus',
  addedBy: 'addedBy',
  client: 'clientId',
  matter: 'matterId',
  from: 'from',
  to: 'to',
  includeRequests: 'includeRequests',
  page: 'page',
  size: 'size',
  sortColumn: 'sortColumn',
  sortType: 'sortType',
} as const;
export type ListParamChanges = Partial<Record<keyof typeof LIST_PARAMS, string>>;

export const STATUS_FILTERS = [
  { value: '', label: 'All' },
  ...EXPENSE_APPROVAL_STATUSES.map((status) => ({ value: status, label: EXPENSE_APPROVAL_LABELS[status] })),
];
export const PAYMENT_FILTERS = [
  { value: '', label: 'All' },
  ...EXPENSE_PAYMENT_STATUSES.map((status) => ({ value: status, label: status })),
];
export const BILLING_FILTERS = [
  { value: '', label: 'All' },
  ...EXPENSE_BILLING_STATUSES.map((status) => ({ value: status, label: status })),
];

const uuidOrUndefined = (value: string | null) => (value && z.uuid().safeParse(value).success ? value : undefined);
const isoOrUndefined = (value: string | null) => (value && isValidIsoDate(value) ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function tabFrom(params: URLSearchParams): ExpenseTab {
  return params.get(EXPENSE_TAB_PARAM) === 'client' ? 'client' : 'firm';
}

export function sortFrom(params: URLSearchParams): ExpenseSort {
  const column = params.get(LIST_PARAMS.sortColumn);
  if (!EXPENSE_SORT_COLUMNS.includes(column as ExpenseSortColumn)) return DEFAULT_SORT;
  return { column: column as ExpenseSortColumn, type: params.get(LIST_PARAMS.sortType) === 'asc' ? 'asc' : 'desc' };
}

/** The next sort after a click on a column's header: the same column flips, another starts ascending. */
export function nextSort(current: ExpenseSort, column: ExpenseSortColumn): ExpenseSort {
  if (current.column !== column) return { column, type: 'asc' };
  return { column, type: current.type === 'asc' ? 'desc' : 'asc' };
}

/** Pending and Rejected expenses are requests: asking for them includes the requests. */
export function includesRequests(params: URLSearchParams): boolean {
  const status = params.get(LIST_PARAMS.status) as ExpenseApprovalStatus | null;
  return params.get(LIST_PARAMS.includeRequests) === 'true' || status === 'Pending' || status === 'Rejected';
}

/**
 * The list call's query from the page's URL (the global search appends `search`). IsFirmExpense
 * follows the tab (SPEC.md §7: true unless the tab is 'client'); client and matter filter the client tab only.
 */
export function expenseListQueryFrom(params: URLSearchParams): ExpenseListQuery {
  const tab = tabFrom(params);
  const size = positive(params.get(LIST_PARAMS.size), DEFAULT_PAGE_SIZE);
  const hasSort = params.has(LIST_PARAMS.sortColumn);
  const sort = sortFrom(params);
  const isClientTab = tab === 'client';
  return {
    IsFirmExpense: !isClientTab,
    GeneralSearchText: params.get(LIST_PARAMS.search)?.trim() || undefined,
    Status: oneOf(EXPENSE_APPROVAL_STATUSES, params.get(LIST_PARAMS.status)),
    paymentStatus: oneOf(EXPENSE_PAYMENT_STATUSES, params.get(LIST_PARAMS.paymentStatus)),
    BillingStatus: isClientTab ? oneOf(EXPENSE_BILLING_STATUSES, params.get(LIST_PARAMS.billingStatus)) : undefined,
    ExpenseAddedUserId: uuidOrUndefined(params.get(LIST_PARAMS.addedBy)),
    ClientId: isClientTab ? uuidOrUndefined(params.get(LIST_PARAMS.client)) : undefined,
    MatterId: isClientTab ? uuidOrUndefined(params.get(LIST_PARAMS.matter)) : undefined,
    FromExpenseFlatFeesDateCreated: isoOrUndefined(params.get(LIST_PARAMS.from)),
    ToExpenseFlatFeesDateCreated: isoOrUndefined(params.get(LIST_PARAMS.to)),
    IsIncludeExpenseRequest: includesRequests(params) ? true : undefined,
    IncludeTotals: true,
    page: positive(params.get(LIST_PARAMS.page), 1),
    size: offeredPageSize(size, DEFAULT_PAGE_SIZE),
    SortBy: hasSort ? `${sort.column} ${sort.type}` : undefined,
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

/** The other tab keeps the search, the shared filters and the page size; client and matter stay behind. */
export function withTab(params: URLSearchParams, tab: ExpenseTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(EXPENSE_TAB_PARAM, tab);
  for (const name of [LIST_PARAMS.page, LIST_PARAMS.client, LIST_PARAMS.matter, LIST_PARAMS.billingStatus]) next.delete(name);
  return next;
}
