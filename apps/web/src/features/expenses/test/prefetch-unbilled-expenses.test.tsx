import { expenseListRoute } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../lib/api-client.ts';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { expenseKeys } from '../api/expense-api.ts';
import { UNBILLED_EXPENSES_PATH, unbilledExpensesKey, usePrefetchUnbilledExpenses } from '../hooks/use-prefetch-unbilled-expenses.ts';
import { allowSlowRenders, EXPENSE_ID, LIST, listItem, page, sessionWith, stubApi } from './stub-expenses.ts';

allowSlowRenders();

const NOT_BILLABLE_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function Prefetcher() {
  usePrefetchUnbilledExpenses();
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: expenseKeys.all })}>
      An expense changed
    </button>
  );
}

const idsInState = () => billingState.get().unbilledExpenses?.map((expense) => expense.id) ?? null;
const routes = [{ path: '/dashboard', element: <Prefetcher /> }];

beforeEach(() => billingState.reset());

describe('usePrefetchUnbilledExpenses', { timeout: 60_000 }, () => {
  it('names the list call and sits under the expenses root key, as the expense API module does', () => {
    expect(`${API_BASE}${UNBILLED_EXPENSES_PATH}`).toBe(expenseListRoute.path);
    expect(unbilledExpensesKey('scope')[0]).toBe(expenseKeys.all[0]);
  });

  it('fetches approved, unbilled, billable client expenses into the billing state', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: () =>
        page([
          listItem({ id: EXPENSE_ID, approvalStatus: 'Approved' }),
          listItem({ id: NOT_BILLABLE_ID, approvalStatus: 'Approved', isBillable: 2 }),
        ]),
    });
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['expensePermission']) });
    await waitFor(() => expect(idsInState()).toEqual([EXPENSE_ID]));
    const query = api.lastQuery(LIST)!;
    expect(query.get('IsFirmExpense')).toBe('false');
    expect(query.get('Status')).toBe('Approved');
    expect(query.get('BillingStatus')).toBe('Unbilled');
    expect(query.get('size')).toBe('100');
  });

  it('refreshes when expenses change (anything that invalidates the expenses root)', async () => {
    let rows = [listItem({ id: EXPENSE_ID, approvalStatus: 'Approved' })];
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['expensePermission']) });
    await waitFor(() => expect(idsInState()).toEqual([EXPENSE_ID]));
    rows = [];
    await user.click(screen.getByRole('button', { name: 'An expense changed' }));
    await waitFor(() => expect(idsInState()).toEqual([]));
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('does not call the list for a user without expensePermission', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: '/dashboard', session: sessionWith(['timeEntry']) });
    await act(async () => {});
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
    expect(billingState.get().unbilledExpenses).toBeNull();
  });
});
