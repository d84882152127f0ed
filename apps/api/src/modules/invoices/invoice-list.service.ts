import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { INVOICE_STATUS_LABELS, type InvoiceListItem, type invoiceListQuerySchema, type InvoicePage } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage, type ListRow } from '../../platform/lists/list-page.ts';
import { invoiceList, sumInvoices, type InvoiceListRequest } from './invoice-list.repository.ts';

type ListQuery = z.output<typeof invoiceListQuerySchema>;
type InvoiceRow = ListRow<typeof invoiceList.columns>;

/** The query's tab, filters, search and sort as the list's request; newest issue date first by default. */
function requestOf(query: ListQuery): InvoiceListRequest {
  return {
    filters: {
      status: query.Status && query.Status !== 'All' ? query.Status : undefined,
      clientId: query.ClientId,
      matterId: query.MatterId,
      from: query.From,
      to: query.To,
      isOverdue: query.IsOverdue,
    },
    searchText: query.GeneralSearchText || undefined,
    sort: { column: query.sortColumn ?? 'issueDate', direction: query.sortType },
  };
}

const listItemOf = (row: InvoiceRow): InvoiceListItem => ({
  ...row,
  statusLabel: INVOICE_STATUS_LABELS[row.status],
  isOverdue: Boolean(row.isOverdue),
  isDisputed: Boolean(row.isDisputed),
  hasMissedInstalment: Boolean(row.hasMissedInstalment),
  matterNames: row.matterNames ?? [],
  createdAt: new Date(row.createdAt).toISOString(),
});

const invoiceCsv: ListCsv<typeof invoiceList.columns, void> = {
  header: [
    'Invoice number',
    'Status',
    'Client',
    'Matters',
    'Issue date',
    'Due date',
    'Overdue',
    'Currency',
    'Total',
    'Paid',
    'Balance due',
    'Delivered',
  ],
  cells: (invoice, _context, dates) => [
    invoice.invoiceNumber,
    INVOICE_STATUS_LABELS[invoice.status],
    invoice.clientName,
    (invoice.matterNames ?? []).join('; '),
    dates.date(invoice.issueDate),
    dates.date(invoice.dueDate),
    invoice.isOverdue ? 'Yes' : 'No',
    invoice.currencyCode,
    invoice.total,
    invoice.paidAmount,
    invoice.balanceDue,
    dates.date(invoice.deliveredDate),
  ],
};

export function createInvoiceListService(database: Database) {
  return {
    /** A page and its capped count in one statement; the whole filter's amounts with IncludeTotals. */
    page: (principal: FirmPrincipal, query: ListQuery): Promise<InvoicePage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const request = requestOf(query);
          const { rows, ...total } = await readListPage(tx, invoiceList, principal.firmId, request, query);
          const page = { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
          return query.IncludeTotals ? { ...page, totals: await sumInvoices(tx, principal.firmId, request) } : page;
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: ListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, invoiceList, requestOf(query), invoiceCsv),
  };
}
