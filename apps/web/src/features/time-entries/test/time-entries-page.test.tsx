import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TimeEntriesPage } from '../pages/time-entries-page.tsx';
import { CLIENT_ID, entry, LIST, MATTER_ID, page, sessionWith, stubApi, TOTALS, USER_B, allowSlowRenders } from './stub-time-entries.ts';

allowSlowRenders();

const routes = [{ path: '/time-entries', element: <TimeEntriesPage /> }];
const VIEW = ['timeEntry'];

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('TimeEntriesPage', { timeout: 60_000 }, () => {
  // Issue 13: lists show hours to 2 decimals (the popup and timer keep SPEC.md's 4).
  it('shows hours to 2 decimals, money in en-US with 2 decimals and dates as DD/MM/YYYY', async () => {
    stubApi({ [`GET ${LIST}`]: () => page([entry({ duration: '1.5', userRate: '1500', totalAmount: '2250' })]) });
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    const row = await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(within(row).getByText('1.50')).toBeInTheDocument();
    expect(within(row).getByText('₦1,500.00')).toBeInTheDocument();
    expect(within(row).getByText('₦2,250.00')).toBeInTheDocument();
    expect(within(row).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(row).getByText('Billable')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Acme v Beta' })).toHaveAttribute('href', `/matter/${MATTER_ID}?activeTab=time`);
    expect(screen.getByText('1 time entry')).toBeInTheDocument();
  });

  it('says a non-billable entry is not billable instead of Unbilled, shows billed and recorded hours, and keeps long matter names to two lines', async () => {
    const longName = 'Re the estate of the late Chief Adebayo Ogunlesi, deceased, and the trusts of his will dated 1 March 1999';
    stubApi({
      [`GET ${LIST}`]: () =>
        page([
          entry({
            id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
            description: 'Internal meeting',
            isBillable: 2,
            userRate: '0',
            totalAmount: '0',
          }),
          entry({ description: 'Short call', duration: '0.1000', recordedDuration: '0.0019', matterName: longName }),
        ]),
    });
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    const meeting = await screen.findByRole('row', { name: /Internal meeting/ });
    expect(within(meeting).queryByText('Unbilled')).not.toBeInTheDocument();
    expect(within(meeting).getAllByText('Not billable')).toHaveLength(2);
    const call = screen.getByRole('row', { name: /Short call/ });
    expect(within(call).getByText('Unbilled')).toBeInTheDocument();
    expect(within(call).getByText('0.10')).toBeInTheDocument();
    expect(within(call).getByText('0.0019 h recorded')).toBeInTheDocument();
    expect(within(call).getByTitle('0.0019 h recorded → 0.1 h billed')).toBeInTheDocument();
    const matter = within(call).getByRole('link', { name: longName });
    expect(matter).toHaveAttribute('title', longName);
    // Two lines at most, so the row keeps its height and the list fits the screen (the whole name is in the tooltip).
    expect(matter).toHaveAttribute('data-line-clamp', 'true');
    expect(matter).toHaveStyle({ '--text-line-clamp': '2' });
  });

  it('shows the totals of the whole filter from get-totals, sent the same filter without paging or sort', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: '/time-entries?billable=billable&page=2&sortColumn=duration&sortType=asc', session: sessionWith(VIEW) });
    const totals = await screen.findByRole('group', { name: 'Totals' });
    await waitFor(() => expect(within(totals).getByTestId('total-hours')).toHaveTextContent(/^12\.25$/));
    expect(within(totals).getByTestId('billable-hours')).toHaveTextContent(/^10\.00$/);
    expect(within(totals).getByTestId('non-billable-hours')).toHaveTextContent(/^2\.25$/);
    expect(within(totals).getByTestId('billable-amount')).toHaveTextContent('₦1,234,567.50');
    expect(within(totals).getByTestId('unbilled-amount')).toHaveTextContent('₦1,000.00');
    const totalsQuery = api.lastQuery(TOTALS);
    expect(totalsQuery?.get('IsBillable')).toBe('4');
    expect(totalsQuery?.has('page')).toBe(false);
    expect(totalsQuery?.has('SortBy')).toBe(false);
    expect(api.lastQuery(LIST)?.get('page')).toBe('2');
  });

  it('prefills the search box from the global search and sends GeneralSearchText', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: '/time-entries?search=claim', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(screen.getByRole('searchbox', { name: 'Search time entries' })).toHaveValue('claim');
    expect(api.lastQuery(LIST)?.get('GeneralSearchText')).toBe('claim');
    expect(api.lastQuery(TOTALS)?.get('GeneralSearchText')).toBe('claim');
  });

  it('searches as you type and keeps the search in the URL', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search time entries' }), 'beta{Enter}');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('GeneralSearchText')).toBe('beta'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('beta');
  });

  it('sends the billable, client, matter and date filters and keeps them in the URL', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(screen.getByRole('combobox', { name: 'Matter' })).toBeDisabled();

    await choose(user, 'Billable', 'Not billable');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('IsBillable')).toBe('2'));
    await choose(user, 'Client', 'Ada Lovelace');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('ClientId')).toBe(CLIENT_ID));
    await choose(user, 'Matter', 'MAT-00001 — Acme v Beta');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID));
    await user.type(screen.getByRole('combobox', { name: 'From' }), '01/03/2024');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('FromTimeEntryDateCreated')).toBe('2024-03-01'));
    await user.type(screen.getByRole('combobox', { name: 'To' }), '31/03/2024');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('ToTimeEntryDateCreated')).toBe('2024-03-31'));
    expect(api.lastQuery(TOTALS)?.get('ToTimeEntryDateCreated')).toBe('2024-03-31');

    const url = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(url)).toEqual({
      billable: 'not-billable',
      clientId: CLIENT_ID,
      matterId: MATTER_ID,
      from: '2024-03-01',
      to: '2024-03-31',
    });

    await choose(user, 'Billable', 'All');
    await waitFor(() => expect(api.lastQuery(LIST)?.has('IsBillable')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.has('ClientId')).toBe(false));
    expect(api.lastQuery(LIST)?.has('FromTimeEntryDateCreated')).toBe(false);
    expect(router.state.location.search).toBe('');
  });

  it('restores the filters from the URL on reload', async () => {
    const api = stubApi();
    renderRoutes(routes, {
      path: `/time-entries?billable=billable&clientId=${CLIENT_ID}&matterId=${MATTER_ID}&from=2024-03-01&to=2024-03-31`,
      session: sessionWith(VIEW),
    });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    const query = api.lastQuery(LIST);
    expect(query?.get('IsBillable')).toBe('4');
    expect(query?.get('MatterId')).toBe(MATTER_ID);
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('01/03/2024');
    expect(screen.getByRole('combobox', { name: 'To' })).toHaveValue('31/03/2024');
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ada Lovelace');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Matter' })).toHaveTextContent('Acme v Beta'));
  });

  it('offers the fee-earner filter only to users who may see everyone’s time', async () => {
    const api = stubApi();
    renderRoutes(routes, { path: `/time-entries?feeEarner=${USER_B}`, session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(screen.queryByRole('combobox', { name: 'Fee earner' })).not.toBeInTheDocument();
    // A fee earner's URL cannot ask for someone else's time.
    expect(api.lastQuery(LIST)?.has('TimeEntryUserId')).toBe(false);
  });

  it('filters by fee earner with timeEntry.viewAll', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith([...VIEW, 'timeEntry.viewAll']) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    await choose(user, 'Fee earner', 'Alan Turing');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('TimeEntryUserId')).toBe(USER_B));
  });

  it('shows the fee-earner filter to an administrator', async () => {
    stubApi();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(['administrator']) });
    expect(await screen.findByRole('combobox', { name: 'Fee earner' })).toBeInTheDocument();
  });

  it('sorts by clicking a header: SortBy with a direction, aria-sort on the column, then the other way', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    await screen.findByRole('row', { name: /Drafted the claim/ });
    expect(api.lastQuery(LIST)?.has('SortBy')).toBe(false);
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /Hours/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('duration asc'));
    expect(screen.getByRole('columnheader', { name: /Hours/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Date/ })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: /Hours/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('SortBy')).toBe('duration desc'));
    expect(screen.getByRole('columnheader', { name: /Hours/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.queryByRole('button', { name: /Description/ })).not.toBeInTheDocument();
  });

  it('pages with the list paging, counting past a capped total', async () => {
    const rows = Array.from({ length: 20 }, (_, index) =>
      entry({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, description: `Entry ${index}` }),
    );
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows, { page: 50, totalCount: 1000, isTotalCountCapped: true }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/time-entries?page=50', session: sessionWith(VIEW) });
    expect(await screen.findByText(/1,000\+ time entries/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('page')).toBe('51'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('size')).toBe('50'));
    expect(api.lastQuery(LIST)?.get('page')).toBe('1');
  });

  it('shows the empty state', async () => {
    stubApi({ [`GET ${LIST}`]: () => page([]) });
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    expect(await screen.findByText('No time entry found.')).toBeInTheDocument();
    expect(screen.getByText('0 time entries')).toBeInTheDocument();
  });

  it('answers a failed list call with a quiet line, not a toast', async () => {
    stubApi({ [`GET ${LIST}`]: () => ({ status: 500, message: 'Boom' }), [`GET ${TOTALS}`]: () => ({ status: 500, message: 'Boom' }) });
    renderRoutes(routes, { path: '/time-entries', session: sessionWith(VIEW) });
    expect(await screen.findByText('The time entries could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(screen.getByTestId('total-hours')).toHaveTextContent('—');
  });
});
