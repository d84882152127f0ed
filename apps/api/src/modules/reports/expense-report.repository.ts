import { sql, type SQL } from 'drizzle-orm';
import type { ExpenseReportStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { billedOnInvoiceNumberOf } from '../../platform/invoice-locks/invoice-lock.ts';
import { billingStatusOf } from '../expenses/expenses.api.ts';

export type ExpenseReportFilters = {
  from?: string | undefined;
  to?: string | undefined;
  clientId?: string | undefined;
  matterId?: string | undefined;
  addedByUserId?: string | undefined;
  status?: ExpenseReportStatus | undefined;
};

/** Which column a status filter reads: approval, payment, or the expenses module's own billing status. */
function statusCondition(status: ExpenseReportStatus): SQL {
  switch (status) {
    case 'Pending':
    case 'Approved':
    case 'Rejected':
      return sql`expenses.approval_status = ${status}`;
    case 'Paid':
    case 'Unpaid':
      return sql`expenses.payment_status = ${status}`;
    default:
      return sql`${billingStatusOf} = ${status}`;
  }
}

/** The live expenses a report's filters select (the table is named, not aliased: the expenses module's rules name it). */
function whereOf(firmId: string, filters: ExpenseReportFilters): SQL {
  return sql.join(
    [
      sql`expenses.firm_id = ${firmId}`,
      sql`expenses.deleted_at is null`,
      filters.from ? sql`expenses.expense_date >= ${filters.from}` : undefined,
      filters.to ? sql`expenses.expense_date <= ${filters.to}` : undefined,
      filters.clientId ? sql`expenses.client_id = ${filters.clientId}` : undefined,
      filters.matterId ? sql`expenses.matter_id = ${filters.matterId}` : undefined,
      filters.addedByUserId ? sql`expenses.added_by_user_id = ${filters.addedByUserId}` : undefined,
      filters.status ? statusCondition(filters.status) : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` and `,
  );
}

const currencyOf = sql`(select c.iso_code from currencies c where c.id = coalesce(expenses.foreign_currency_id, expenses.home_currency_id))`;

export type ExpenseReportRow = {
  id: string;
  expenseDate: string;
  isFirmExpense: boolean;
  clientName: string | null;
  matterName: string | null;
  categoryName: string;
  description: string;
  payee: string | null;
  currencyCode: string | null;
  amount: string;
  homeAmount: string;
  isBillable: boolean;
  approvalStatus: string;
  paymentStatus: string;
  billingStatus: string;
  invoiceNumber: string | null;
  addedByName: string;
};

/** Every expense the filters select, by date then as entered, with its names, currency and statuses. */
export function findReportExpenses(tx: Tx, firmId: string, filters: ExpenseReportFilters) {
  return rowsOf<ExpenseReportRow>(
    tx.execute(sql`
      select expenses.id, to_char(expenses.expense_date, 'YYYY-MM-DD') as "expenseDate", expenses.is_firm_expense as "isFirmExpense",
        client.display_name as "clientName", coalesce(matter.matter_number || ' ', '') || matter.matter_name as "matterName",
        category.name as "categoryName", expenses.description, expenses.payee, ${currencyOf} as "currencyCode",
        expenses.amount::text as amount, expenses.home_amount::text as "homeAmount", expenses.is_billable = 4 as "isBillable",
        expenses.approval_status as "approvalStatus", expenses.payment_status as "paymentStatus", ${billingStatusOf} as "billingStatus",
        ${billedOnInvoiceNumberOf('expenses')} as "invoiceNumber", added_by.name as "addedByName"
      from expenses
        left join clients client on client.firm_id = expenses.firm_id and client.id = expenses.client_id
        left join matters matter on matter.firm_id = expenses.firm_id and matter.id = expenses.matter_id
        join expense_categories category on category.firm_id = expenses.firm_id and category.id = expenses.category_id
        join users added_by on added_by.firm_id = expenses.firm_id and added_by.id = expenses.added_by_user_id
      where ${whereOf(firmId, filters)}
      order by expenses.expense_date, expenses.created_at, expenses.id`),
  );
}

/**
 * The tie-outs' other side, per currency: Σ amounts and home amounts of the expenses the filters
 * select, summed straight off the table; and, of those paid, what their payment entries debited to
 * firm expenses and client costs advanced in the ledger.
 */
export function sumReportExpenses(tx: Tx, firmId: string, filters: ExpenseReportFilters) {
  return rowsOf<{ currencyCode: string | null; count: number; amount: string; homeAmount: string; paidPosted: string }>(
    tx.execute(sql`
      select ${currencyOf} as "currencyCode", count(*)::int as count, sum(expenses.amount)::numeric(16, 2)::text as amount,
        sum(expenses.home_amount)::numeric(16, 2)::text as "homeAmount",
        coalesce(sum((select sum(line.debit - line.credit) from journal_lines line
            join ledger_accounts account on account.firm_id = line.firm_id and account.id = line.account_id
          where line.firm_id = expenses.firm_id and line.entry_id = expenses.payment_entry_id
            and account.code in ('firm-expenses', 'client-costs-advanced'))) filter (where expenses.payment_status = 'Paid'), 0)::numeric(16, 2)::text
          as "paidPosted"
      from expenses where ${whereOf(firmId, filters)}
      group by 1 order by 1`),
  );
}
