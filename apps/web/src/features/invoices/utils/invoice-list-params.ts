import { INVOICE_SORT_COLUMNS, INVOICE_STATUSES, type InvoiceListQuery } from '@matterhorn/shared';
import {
  isoDateOrUndefined,
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

export type InvoiceSortColumn = (typeof INVOICE_SORT_COLUMNS)[number];

/** The list's filters and their names in the URL; `status` is the status tab (none: All). */
export const INVOICE_LIST = {
  filters: { status: 'status', search: 'search', client: 'clientId', matter: 'matterId', from: 'from', to: 'to' },
  sortColumns: INVOICE_SORT_COLUMNS,
  defaultSort: { column: 'issueDate', type: 'desc' },
} as const satisfies ListDefinition<string, InvoiceSortColumn>;

export type InvoiceListState = ListState<keyof typeof INVOICE_LIST.filters, InvoiceSortColumn>;

/** Overdue is a tab of its own, not a status: issued, balance due and past its due date. */
export const OVERDUE_TAB = 'Overdue';

/** The list call's query; a client's or matter's Invoices tab fixes its own. */
export function invoiceListQueryFrom(
  { filters, page, size, sort }: InvoiceListState,
  fixed: { clientId?: string | undefined; matterId?: string | undefined } = {},
) {
  return {
    page,
    size,
    sortColumn: sort.column,
    sortType: sort.type,
    GeneralSearchText: textOrUndefined(filters.search),
    Status: oneOfOrUndefined(INVOICE_STATUSES, filters.status),
    IsOverdue: filters.status === OVERDUE_TAB ? true : undefined,
    ClientId: fixed.clientId ?? uuidOrUndefined(filters.client),
    MatterId: fixed.matterId ?? uuidOrUndefined(filters.matter),
    From: isoDateOrUndefined(filters.from),
    To: isoDateOrUndefined(filters.to),
    IncludeTotals: true,
  } satisfies InvoiceListQuery;
}
