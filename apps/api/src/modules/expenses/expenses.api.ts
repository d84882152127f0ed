import { expenses } from '../../db/schema/index.ts';
import { createInvoiceLock } from '../../platform/invoice-locks/invoice-lock.ts';
import {
  billingStatusOf,
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
