import { hasPermissions, IS_BILLABLE, MAX_PAGE_SIZE, type ExpenseListItem } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiList } from '../../../lib/api-client.ts';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/**
 * This hook runs in the firm shell on every page, so it stays small: it names the list call itself
 * rather than importing the expense API module, whose contract schemas would add a chunk to every
 * first visit (e2e/tests/first-contact-and-load.spec.ts holds those budgets). The path and the
 * ['expenses'] root key must match api/expense-api.ts (a component test checks both).
 */
export const UNBILLED_EXPENSES_PATH = '/admin/expense-flat-fees-info/get-expenses-list';
export const unbilledExpensesKey = (scope: string) => ['expenses', 'unbilled', scope] as const;

function isUnbilledExpense(item: unknown): item is ExpenseListItem {
  if (typeof item !== 'object' || item === null) return false;
  const { id, amount, approvalStatus, billingStatus } = item as Record<string, unknown>;
  return typeof id === 'string' && typeof amount === 'string' && approvalStatus === 'Approved' && billingStatus === 'Unbilled';
}

/**
 * What an invoice can take: approved, billable client expenses not yet billed (get-expenses-list
 * with IsFirmExpense=false, Status=Approved, BillingStatus=Unbilled); null when the call or its
 * answer fails (SPEC.md §8: silently).
 */
export async function getUnbilledExpenses(): Promise<ExpenseListItem[] | null> {
  const page = await apiList<{ data?: unknown }>(
    UNBILLED_EXPENSES_PATH,
    { IsFirmExpense: false, Status: 'Approved', BillingStatus: 'Unbilled', page: 1, size: MAX_PAGE_SIZE },
    'firm',
  );
  const items = page?.data;
  if (!Array.isArray(items) || !items.every(isUnbilledExpense)) return null;
  return items.filter((expense) => expense.isBillable === IS_BILLABLE.billable && !expense.isLocked);
}

/** Keyed by firm and user, so another sign-in in the same tab never sees the last user's expenses. */
export const unbilledExpensesQuery = (scope: string) =>
  queryOptions({ queryKey: unbilledExpensesKey(scope), queryFn: getUnbilledExpenses });

/**
 * SPEC.md §4 pre-fetch of unbilled expenses into the shared billing state. The query sits under
 * ['expenses'], so any save, decision or delete of an expense refreshes it too.
 */
export function usePrefetchUnbilledExpenses(): void {
  const session = useSession();
  const user = session.workingUser;
  const isEnabled =
    session.isFirmSignedIn && user !== null && user.isSetupComplete && hasPermissions(session.permissions, ['expensePermission']);
  const scope = `${user?.businessId ?? ''}:${user?.profileId ?? ''}`;
  const query = useQuery({ ...unbilledExpensesQuery(scope), enabled: isEnabled });
  const expenses = isEnabled ? (query.data ?? null) : null;

  useEffect(() => {
    billingState.setUnbilledExpenses(expenses);
  }, [expenses]);

  // Leaving the firm side (sign-out) leaves nothing behind for the next user.
  useEffect(() => () => billingState.setUnbilledExpenses(null), []);
}
