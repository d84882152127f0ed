import { EXPENSE_APPROVAL_LABELS, formatMoney, isMoneyText, isoToDisplayDate, type ExpenseApprovalStatus } from '@matterhorn/shared';
import { displayDateTime } from '../../../lib/date-time.ts';

/** Money in en-US with exactly 2 decimals; text that is not an amount shows as a dash. */
export function formatAmount(amount: string, currencySymbol: string): string {
  return isMoneyText(amount) ? formatMoney(amount, currencySymbol) : '—';
}

/** ISO date to DD/MM/YYYY (SPEC.md §2). */
export function formatExpenseDate(iso: string | null): string {
  if (!iso) return '—';
  return isoToDisplayDate(iso.slice(0, 10)) || iso;
}

/** An ISO timestamp as DD/MM/YYYY HH:MM, in the reader's time zone; a dash when there is none. */
export function formatDateTime(iso: string | null): string {
  return iso ? displayDateTime(iso) : '—';
}

export const APPROVAL_COLORS: Record<ExpenseApprovalStatus, string> = { Pending: 'yellow', Approved: 'green', Rejected: 'red' };

export const approvalLabel = (status: ExpenseApprovalStatus): string => EXPENSE_APPROVAL_LABELS[status];
