import { billedLockMessage, EXPENSE_MESSAGES, hasPermissions, SPEC_MESSAGES } from '@matterhorn/shared';
import { conflict, forbidden } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { lockExpense } from './expenses.repository.ts';

/** An expense as a change reads it, locked. */
export type LockedExpense = NonNullable<Awaited<ReturnType<typeof lockExpense>>>;

/** An expense on an invoice cannot change; once that invoice has left draft the refusal names it. */
export const lockedExpense = (expense: LockedExpense, onDraft: string = EXPENSE_MESSAGES.locked) =>
  conflict(expense.billedOnInvoiceNumber ? billedLockMessage(expense.billedOnInvoiceNumber) : onDraft);

/**
 * Who approves: a member holding expensePermission.edit (an administrator holds every permission).
 * An approver never decides their own request; an expense an approver enters (not flagged as a
 * request) is approved at once; anything else waits as Pending.
 */
export const canApproveExpenses = (principal: FirmPrincipal) => hasPermissions(principal.permissions, ['expensePermission.edit']);

/**
 * Who may change an expense (its fields and its receipts): an approver, any expense; a member who
 * may add expenses (expensePermission.create), their own, unless it is paid. A change by someone
 * who may not approve sends it back for approval (a rejected request is resubmitted so).
 */
export function assertMayChange(principal: FirmPrincipal, expense: Pick<LockedExpense, 'addedByUserId' | 'paymentStatus'>) {
  if (canApproveExpenses(principal)) return;
  const isOwn = expense.addedByUserId === principal.userId && hasPermissions(principal.permissions, ['expensePermission.create']);
  if (!isOwn || expense.paymentStatus === 'Paid') throw forbidden(SPEC_MESSAGES.noPermission);
}

/** A decimal without its trailing zeros (2.50 → 2.5, 3.00 → 3). */
export const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
