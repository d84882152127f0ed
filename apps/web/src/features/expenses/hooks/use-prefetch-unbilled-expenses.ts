import { hasPermissions, IS_BILLABLE, MAX_PAGE_SIZE, type ExpenseListItem } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { getExpensePage } from '../api/expense-api.ts';

/**
 * What an invoice can take: approved, billable client expenses not yet billed (get-expenses-list
 * with IsFirmExpense=false, Status=Approved, BillingStatus=Unbilled); null when the call failed
 * (SPEC.md §8: silently).
 */
export async function getUnbilledExpenses(): Promise<ExpenseListItem[] | null> {
  const page = await getExpensePage({ IsFirmExpense: false, Status: 'Approved', BillingStatus: 'Unbilled', page: 1, size: MAX_PAGE_SIZE });
  return page ? page.data.filter((expense) => expense.isBillable === IS_BILLABLE.billable && !expense.isLocked) : null;
}

/** Keyed by firm and user, so another sign-in in the same tab never sees the last user's expenses. */
export const unbilledExpensesQuery = (scope: string) =>
  queryOptions({ queryKey: ['expenses', 'unbilled', scope] as const, queryFn: getUnbilledExpenses });

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
