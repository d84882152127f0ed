import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { IS_BILLABLE } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { expenses } from '../../db/schema/index.ts';
import type { UnbilledItemFilter } from '../time-entries/time-entries.api.ts';
import { listItemOf } from './expenses.service.ts';
import { createInvoiceLock } from '../../platform/invoice-locks/invoice-lock.ts';
import {
  billingStatusOf,
  expenseList,
  findPendingRequests,
  isBilledExpense,
  isNotFreeToBill,
  isUnbilledBillableExpense,
} from './expenses.repository.ts';

/**
 * What other modules may know and do about expenses (an invoice, the dashboard, reports): the
 * rules of what is billed and what may be, and the lock an invoice takes on its expenses.
 */
export { billingStatusOf, findPendingRequests, isBilledExpense, isUnbilledBillableExpense };
export { canApproveExpenses } from './expenses.service.ts';

export const EXPENSE_BILLING_MESSAGES = {
  notFree: 'Some of these expenses are already billed, not billable, not approved or no longer exist',
} as const;

export type ExpenseBilling = ReturnType<typeof createExpenseBilling>;

/** An invoice takes only approved, billable client expenses not yet on an invoice: anything else refuses the lock. */
export const createExpenseBilling = () =>
  createInvoiceLock({ table: expenses, isBilled: isNotFreeToBill, notFree: EXPENSE_BILLING_MESSAGES.notFree });

/** A client's approved, billable expenses not on an invoice (the invoice's unbilled items), oldest first, as the expense list shows them. */
export async function findUnbilledExpenses(tx: Tx, firmId: string, filter: UnbilledItemFilter) {
  const rows = await tx
    .select(expenseList.columns)
    .from(expenses)
    .where(
      and(
        eq(expenses.firmId, firmId),
        isNull(expenses.deletedAt),
        eq(expenses.clientId, filter.clientId),
        filter.invoiceId
          ? and(
              eq(expenses.invoiceId, filter.invoiceId),
              eq(expenses.approvalStatus, 'Approved'),
              eq(expenses.isFirmExpense, false),
              eq(expenses.isBillable, IS_BILLABLE.billable),
            )
          : isUnbilledBillableExpense,
        filter.matterIds?.length ? inArray(expenses.matterId, filter.matterIds) : undefined,
        filter.ids ? inArray(expenses.id, filter.ids) : undefined,
        filter.from ? gte(expenses.expenseDate, filter.from) : undefined,
        filter.to ? lte(expenses.expenseDate, filter.to) : undefined,
      ),
    )
    .orderBy(asc(expenses.expenseDate), asc(expenses.createdAt), asc(expenses.id));
  return rows.map(listItemOf);
}
