import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NARROW_SCREEN_MEDIA_QUERY } from '../../../components/list-kit/use-list-layout.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { ExpensesPage } from '../pages/expenses-page.tsx';
import { allowSlowRenders, CLIENT_ID, LIST, listItem, MATTER_ID, page, sessionWith, stubApi, USER_B } from './stub-expenses.ts';

allowSlowRenders();

const routes = [
  {
    path: '/expense-request/direct-expense',
    element: (
      <>
        <ExpensesPage />
        <LocationProbe />
      </>
    ),
  },
  { path: '/expense-request/direct-expense/add-expense', element: <LocationProbe /> },
];
const VIEW = ['expensePermission', 'expensePermission.create'];

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ExpensesPage', { timeout: 60_000 }, () => {
  it('asks for client expenses on the client tab (IsFirmExpense=false) and shows the row, its badges and the totals', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=client', session: sessionWith(VIEW) });
    const row = await screen.findByRole('row', { name: /Filing fee/ });
    expect(api.lastQuery(LIST)?.get('IsFirmExpense')).toBe('false');
    expect(api.lastQuery(LIST)?.get('IncludeTotals')).toBe('true');
    expect(api.lastQuery(LIST)?.has('IsIncludeExpenseRequest')).toBe(false);
    expect(within(row).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Acme v Beta' })).toHaveAttribute('href', `/matter/${MATTER_ID}?activeTab=expenses`);
    expect(within(row).getByText('₦99.99')).toBeInTheDocument();
    expect(within(row).getByText('Pending approval')).toBeInTheDocument();
    expect(within(row).getByText('Unpaid')).toBeInTheDocument();
    expect(within(row).getByText('Unbilled')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByTestId('expense-total-amount')).toHaveTextContent('₦1,234.50');
    expect(within(totals).getByTestId('expense-unbilled-amount')).toHaveTextContent('₦99.99');
    expect(screen.getByRole('tab', { name: 'Client expenses' })).toHaveAttribute('aria-selected', 'true');
    // Only the active tab renders its filters and list.
    expect(screen.getAllByRole('region', { name: 'Filters' })).toHaveLength(1);
    expect(screen.getAllByTestId('expense-count')).toHaveLength(1);
  });

  it('at 1280 px folds the category under the description and the billing under the status, the receipts column kept', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=client', session: sessionWith(VIEW) });
    const row = await screen.findByRole('row', { name: /Filing fee/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date▼',
      'Client / matter↕',
      'DescriptionCategory↕',
      'Amount↕',
      'Status↕',
      'Receipts',
      'Actions',
    ]);
    const cells = within(row).getAllByRole('cell');
    expect(within(cells[2]!).getByText('Court fees (E112)')).toBeInTheDocument();
    expect(within(cells[4]!).getByText('Unbilled')).toBeInTheDocument();
    expect(cells.at(-2)).toHaveTextContent(/^1$/);

    await user.click(screen.getByRole('button', { name: /Category/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('categoryName asc'));
  });

  it('says a non-billable client expense is not billable instead of its billing status', async () => {
    stubApi({ [`GET ${LIST}`]: () => page([listItem({ isBillable: 2, billingStatus: 'Not billable' })]) });
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=client', session: sessionWith(VIEW) });
    const row = await screen.findByRole('row', { name: /Filing fee/ });
    expect(within(row).getByText('Not billable')).toBeInTheDocument();
    expect(within(row).queryByText('Unbilled')).not.toBeInTheDocument();
  });

  it('asks for firm expenses without a tab or on the firm tab, without client columns', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: () => page([listItem({ isFirmExpense: true, clientId: null, clientName: null, matterId: null, matterName: null })]),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Filing fee/ });
    expect(api.lastQuery(LIST)?.get('IsFirmExpense')).toBe('true');
    expect(screen.queryByRole('columnheader', { name: /Client/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Client expenses' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('IsFirmExpense')).toBe('false'));
    expect(screen.getByTestId('location')).toHaveTextContent('activeTab=client');
  });

  it('sends the filters under SPEC.md names: Status, paymentStatus, ExpenseAddedUserId, ClientId, MatterId, the date range and IsIncludeExpenseRequest', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=client', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Filing fee/ });

    await choose(user, 'Payment status', 'Paid');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('paymentStatus')).toBe('Paid'));
    await choose(user, 'Added by', 'Alan Turing');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('ExpenseAddedUserId')).toBe(USER_B));
    await choose(user, 'Client', 'Ada Lovelace');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('ClientId')).toBe(CLIENT_ID));
    await choose(user, 'Matter', 'MAT-00001 — Acme v Beta');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID));
    await choose(user, 'Billing status', 'Unbilled');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('BillingStatus')).toBe('Unbilled'));

    await user.click(screen.getByRole('switch', { name: /Include expense requests/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('IsIncludeExpenseRequest')).toBe('true'));
    await user.click(screen.getByRole('switch', { name: /Include expense requests/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.has('IsIncludeExpenseRequest')).toBe(false));

    // Pending is a request status: asking for it includes the requests.
    await choose(user, 'Status', 'Pending approval');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('Status')).toBe('Pending'));
    expect(api.lastQuery(LIST)?.get('IsIncludeExpenseRequest')).toBe('true');
    expect(screen.getByRole('switch', { name: /Include expense requests/ })).toBeChecked();
  });

  it('takes the date range and the search from the URL (the global search appends search)', async () => {
    const api = stubApi();
    renderRoutes(routes, {
      path: '/expense-request/direct-expense?activeTab=client&search=court&from=2024-01-01&to=2024-03-31',
      session: sessionWith(VIEW),
    });
    await screen.findByRole('row', { name: /Filing fee/ });
    const query = api.lastQuery(LIST);
    expect(query?.get('GeneralSearchText')).toBe('court');
    expect(query?.get('FromExpenseFlatFeesDateCreated')).toBe('2024-01-01');
    expect(query?.get('ToExpenseFlatFeesDateCreated')).toBe('2024-03-31');
    expect(screen.getByRole('searchbox', { name: 'Search expenses' })).toHaveValue('court');
  });

  it('sorts by a column header and pages with SortBy, page and size', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page([listItem()], { totalCount: 45 }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=client', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Filing fee/ });
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('homeAmount asc'));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('page')).toBe('2'));
  });

  it('downloads the CSV of the same filter with IsDownlodCsv=true', async () => {
    const api = stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('IsDownlodCsv') === 'true' ? { body: 'Date,Amount\n', headers: { 'Content-Type': 'text/csv' } } : page([listItem()]),
    });
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=client&status=Approved', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Filing fee/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.callsTo('GET', LIST).some((call) => call.query.get('IsDownlodCsv') === 'true')).toBe(true));
    const csv = api.callsTo('GET', LIST).find((call) => call.query.get('IsDownlodCsv') === 'true');
    expect(csv?.query.get('Status')).toBe('Approved');
    expect(csv?.query.get('IsFirmExpense')).toBe('false');
    expect(csv?.query.has('page')).toBe(false);
  });

  it('opens the add page from the tab it is on', async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/expense-request/direct-expense?activeTab=firm', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Filing fee/ });
    await user.click(screen.getByRole('link', { name: 'Add expense' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/expense-request/direct-expense/add-expense?type=firm'));
  });
});
