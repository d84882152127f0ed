import {
  EXPENSE_APPROVAL_LABELS,
  EXPENSE_APPROVAL_STATUSES,
  EXPENSE_BILLING_STATUSES,
  EXPENSE_PAYMENT_STATUSES,
  EXPENSE_SORT_COLUMNS,
  type ExpenseListQuery,
} from '@matterhorn/shared';
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

export type ExpenseSortColumn = (typeof EXPENSE_SORT_COLUMNS)[number];
export type ExpenseSort = ColumnSort<ExpenseSortColumn>;

/** The server's own order when no SortBy is sent: newest date first. */
export const DEFAULT_SORT: ExpenseSort = { column: 'expenseDate', type: 'desc' };

/** SPEC.md §2: the list's two tabs, `?activeTab=client` and `?activeTab=firm`. */
export type ExpenseTab = 'client' | 'firm';
export const EXPENSE_TAB_PARAM = 'activeTab';

/** The list's filters and their names in the URL (the global search appends `search`). */
export const EXPENSE_LIST = {
  filters: {
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
  },
  sortColumns: EXPENSE_SORT_COLUMNS,
  defaultSort: DEFAULT_SORT,
} as const satisfies ListDefinition<string, ExpenseSortColumn>;

export type ExpenseFilter = keyof typeof EXPENSE_LIST.filters;
export type ListParamChanges = Partial<Record<ExpenseFilter, string>>;
export type ExpenseListState = ListState<ExpenseFilter, ExpenseSortColumn>;

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

export function tabFrom(params: URLSearchParams): ExpenseTab {
  return params.get(EXPENSE_TAB_PARAM) === 'client' ? 'client' : 'firm';
}

/** Pending and Rejected expenses are requests: asking for them includes the requests. */
export function includesRequests(filters: ExpenseListState['filters']): boolean {
  return filters.includeRequests === 'true' || filters.status === 'Pending' || filters.status === 'Rejected';
}

/**
 * The list call's query from the list's state. IsFirmExpense follows the tab (SPEC.md §7: true
 * unless the tab is 'client'); client and matter filter the client tab only.
 */
export function expenseListQueryFrom({ filters, page, size, sort, isSortChosen }: ExpenseListState, tab: ExpenseTab): ExpenseListQuery {
  const isClientTab = tab === 'client';
  return {
    IsFirmExpense: !isClientTab,
    GeneralSearchText: textOrUndefined(filters.search),
    Status: oneOfOrUndefined(EXPENSE_APPROVAL_STATUSES, filters.status),
    paymentStatus: oneOfOrUndefined(EXPENSE_PAYMENT_STATUSES, filters.paymentStatus),
    BillingStatus: isClientTab ? oneOfOrUndefined(EXPENSE_BILLING_STATUSES, filters.billingStatus) : undefined,
    ExpenseAddedUserId: uuidOrUndefined(filters.addedBy),
    ClientId: isClientTab ? uuidOrUndefined(filters.client) : undefined,
    MatterId: isClientTab ? uuidOrUndefined(filters.matter) : undefined,
    FromExpenseFlatFeesDateCreated: isoDateOrUndefined(filters.from),
    ToExpenseFlatFeesDateCreated: isoDateOrUndefined(filters.to),
    IsIncludeExpenseRequest: includesRequests(filters) ? true : undefined,
    IncludeTotals: true,
    page,
    size,
    SortBy: isSortChosen ? `${sort.column} ${sort.type}` : undefined,
  };
}

/** The other tab keeps the search, the shared filters and the page size; client and matter stay behind. */
export function withTab(params: URLSearchParams, tab: ExpenseTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(EXPENSE_TAB_PARAM, tab);
  const { page, client, matter, billingStatus } = { page: 'page', ...EXPENSE_LIST.filters };
  for (const name of [page, client, matter, billingStatus]) next.delete(name);
  return next;
}
