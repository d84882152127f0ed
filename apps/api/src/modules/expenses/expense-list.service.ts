import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { IS_BILLABLE, type expenseListQuerySchema, type ExpensePage } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage } from '../../platform/lists/list-page.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { listItemOf } from './expense-views.ts';
import { expenseList, sumExpenses, type ExpenseListRequest, type ExpenseSortColumn } from './expenses.repository.ts';
import { trimDecimal } from './expenses.rules.ts';

type ParsedListQuery = z.output<typeof expenseListQuerySchema>;

const DEFAULT_SORT: { column: ExpenseSortColumn; direction: 'asc' | 'desc' } = { column: 'expenseDate', direction: 'desc' };

/** SortBy ("column" or "column desc") wins over sortColumn/sortType; neither gives newest date first. */
function sortOf(query: ParsedListQuery) {
  if (query.SortBy) {
    const [column, direction] = query.SortBy.split(/\s+/);
    return { column: column as ExpenseSortColumn, direction: direction === 'desc' ? ('desc' as const) : ('asc' as const) };
  }
  if (query.sortColumn) return { column: query.sortColumn, direction: query.sortType };
  return DEFAULT_SORT;
}

/**
 * SPEC.md §7's parameters as the list's filters. Status names one approval state; without it, the
 * list shows approved expenses only, unless IsIncludeExpenseRequest asks for the requests too
 * (pending and rejected).
 */
function requestOf(query: ParsedListQuery): ExpenseListRequest {
  return {
    filters: {
      isFirmExpense: query.IsFirmExpense,
      approvalStatus: query.Status ?? (query.IsIncludeExpenseRequest ? undefined : 'Approved'),
      paymentStatus: query.paymentStatus,
      billingStatus: query.BillingStatus,
      clientId: query.ClientId,
      matterId: query.MatterId,
      addedByUserId: query.ExpenseAddedUserId,
      fromDate: query.FromExpenseFlatFeesDateCreated,
      toDate: query.ToExpenseFlatFeesDateCreated,
    },
    searchText: query.GeneralSearchText || undefined,
    sort: sortOf(query),
  };
}

const expenseCsv: ListCsv<typeof expenseList.columns, void> = {
  header: [
    'Date',
    'Client',
    'Matter',
    'Category',
    'UTBMS code',
    'Description',
    'Quantity',
    'Currency',
    'Unit cost',
    'Amount',
    'Home amount',
    'Billable',
    'Approval',
    'Payment',
    'Billing',
    'Payee',
    'Reference',
    'Added by',
  ],
  cells: (expense, _context, dates) => [
    dates.date(expense.expenseDate),
    expense.clientName,
    expense.matterNumber ? `${expense.matterNumber} ${expense.matterName}` : expense.matterName,
    expense.categoryName,
    expense.utbmsExpenseCode,
    expense.description,
    trimDecimal(String(expense.quantity)),
    expense.currencyCode,
    expense.unitCost,
    expense.amount,
    expense.homeAmount,
    Number(expense.isBillable) === IS_BILLABLE.billable ? 'Yes' : 'No',
    expense.approvalStatus,
    expense.paymentStatus,
    expense.billingStatus,
    expense.payee,
    expense.reference,
    expense.addedByUserName,
  ],
};

/** The expense list: a page (with the filter's totals when asked) or the whole filter as CSV. */
export const createExpenseListService = ({ database }: { database: Database }) => ({
  page: (principal: FirmPrincipal, query: ParsedListQuery): Promise<ExpensePage> =>
    database.withFirm(
      principal.firmId,
      async (tx) => {
        const request = requestOf(query);
        const { rows, ...total } = await readListPage(tx, expenseList, principal.firmId, request, query);
        const page = { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
        return query.IncludeTotals ? { ...page, totals: await sumExpenses(tx, principal.firmId, request) } : page;
      },
      READ_ONLY,
    ),

  /** The whole filtered list as CSV, one snapshot, streamed. */
  csv: (principal: FirmPrincipal, query: ParsedListQuery): Promise<Readable> =>
    streamListCsv(database, principal.firmId, expenseList, requestOf(query), expenseCsv),
});
