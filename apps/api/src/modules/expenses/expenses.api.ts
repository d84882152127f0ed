import type { Tx } from '../../db/database.ts';
import { expenses } from '../../db/schema/index.ts';
import type { UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { listItemOf } from './expense-views.ts';
import { createInvoiceLock } from '../../platform/invoice-locks/invoice-lock.ts';
import {
  billingStatusOf,
  findUnbilledExpenseRows,
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
export { canApproveExpenses } from './expenses.rules.ts';
export { postExpensePayment } from './expense-payments.ts';
export { findExpense, findExpenseCurrencyCode } from './expenses.repository.ts';

export const EXPENSE_BILLING_MESSAGES = {
  notFree: 'Some of these expenses are already billed, not billable, not approved or no longer exist',
} as const;

export type ExpenseBilling = ReturnType<typeof createExpenseBilling>;

/** An invoice takes only approved, billable client expenses not yet on an invoice: anything else refuses the lock. */
export const createExpenseBilling = () =>
  createInvoiceLock({ table: expenses, isBilled: isNotFreeToBill, notFree: EXPENSE_BILLING_MESSAGES.notFree });

/** A client's approved, billable expenses not on an invoice (or those an invoice has locked), oldest first, as the expense list shows them. */
export const findUnbilledExpenses = async (tx: Tx, firmId: string, filter: UnbilledItemFilter) =>
  (await findUnbilledExpenseRows(tx, firmId, filter)).map(listItemOf);
/** Client expenses from a bulk import, by the form's rules (the bulk-import module). */
export { importExpense, type ImportedExpense } from './expense-import.ts';
/** Pre-bill review's move of an unbilled expense to another matter of the same client. */
export { moveUnbilledExpense } from './expense-review.repository.ts';
