import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { ExpenseApprovalsPage } from '../pages/expense-approvals-page.tsx';
import { allowSlowRenders, BASE, expense, EXPENSE_ID, LIST, listItem, page, sessionWith, stubApi, USER_A } from './stub-expenses.ts';

allowSlowRenders();

const FIRM_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const OWN_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const routes = [{ path: '/expense-request/approvals', element: <ExpenseApprovalsPage /> }];
const APPROVER = ['expensePermission', 'expensePermission.edit'];

describe('ExpenseApprovalsPage', { timeout: 60_000 }, () => {
  it('lists the pending client and firm requests and approves one; one’s own request offers no decision', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('IsFirmExpense') === 'true'
          ? page([
              listItem({
                id: FIRM_ID,
                isFirmExpense: true,
                description: 'Law reports',
                clientId: null,
                clientName: null,
                matterId: null,
                matterName: null,
              }),
            ])
          : page([
              listItem(),
              listItem({ id: OWN_ID, description: 'My own taxi', addedByUserId: USER_A, addedByUserName: 'Grace Hopper' }),
            ]),
      [`POST ${BASE}/approve-expense/${EXPENSE_ID}`]: { data: expense({ approvalStatus: 'Approved' }), message: 'Expense approved' },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/approvals', session: sessionWith(APPROVER) });
    const client = await screen.findByRole('region', { name: 'Client expense requests' });
    const firm = screen.getByRole('region', { name: 'Firm expense requests' });
    expect(await within(firm).findByText('Law reports')).toBeInTheDocument();
    for (const call of api.callsTo('GET', LIST)) {
      expect(call.query.get('Status')).toBe('Pending');
      expect(call.query.get('IsIncludeExpenseRequest')).toBe('true');
    }
    expect(new Set(api.callsTo('GET', LIST).map((call) => call.query.get('IsFirmExpense')))).toEqual(new Set(['true', 'false']));

    const own = within(client).getByRole('row', { name: /My own taxi/ });
    expect(within(own).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(within(own).getByText('Your own request')).toBeInTheDocument();

    const row = within(client).getByRole('row', { name: /Filing fee/ });
    await user.click(within(row).getByRole('button', { name: /^Approve expense/ }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/approve-expense/${EXPENSE_ID}`)).toHaveLength(1));
  });

  it('pages and sorts each list on its own, in the URL under its own names', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: (call) => page([listItem({ isFirmExpense: call.query.get('IsFirmExpense') === 'true' })], { totalCount: 45 }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/expense-request/approvals', session: sessionWith(APPROVER) });
    const client = await screen.findByRole('region', { name: 'Client expense requests' });
    const firm = screen.getByRole('region', { name: 'Firm expense requests' });
    expect(await within(client).findByText('45 requests waiting')).toBeInTheDocument();
    const lastCall = (isFirm: boolean) =>
      api
        .callsTo('GET', LIST)
        .filter((call) => call.query.get('IsFirmExpense') === String(isFirm))
        .at(-1)!.query;
    expect(lastCall(false).get('SortBy')).toBe('expenseDate asc');

    await user.click(
      within(within(client).getByRole('navigation', { name: 'Client expense requests: pages' })).getByRole('button', { name: 'Page 2' }),
    );
    await waitFor(() => expect(lastCall(false).get('page')).toBe('2'));
    await user.click(within(firm).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastCall(true).get('SortBy')).toBe('homeAmount asc'));
    expect(router.state.location.search).toBe('?clientPage=2&firmSortColumn=homeAmount&firmSortType=asc');
    expect(lastCall(false).get('SortBy')).toBe('expenseDate asc');
    expect(lastCall(true).get('page')).toBe('1');
  });
});
