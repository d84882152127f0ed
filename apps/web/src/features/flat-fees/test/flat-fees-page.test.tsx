import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NARROW_SCREEN_MEDIA_QUERY } from '../../../components/list-kit/use-list-layout.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { FlatFeesPage } from '../pages/flat-fees-page.tsx';
import {
  allowSlowRenders,
  CLIENT_ID,
  DELETE,
  FLAT_MATTER_ID,
  LIST,
  listItem,
  page,
  sessionWith,
  stubApi,
  USER_B,
} from './stub-flat-fees.ts';

allowSlowRenders();

const routes = [
  {
    path: '/billing/flat-fees',
    element: (
      <>
        <FlatFeesPage />
        <LocationProbe />
      </>
    ),
  },
  { path: '/billing/flat-fees/edit/:id', element: <LocationProbe /> },
];
const OPEN_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BILLED_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const rows = () => [
  listItem({ id: OPEN_ID }),
  listItem({ id: BILLED_ID, description: 'Invoiced stage', status: 'Billed', isLocked: true, flatFeeDate: '2024-02-01' }),
];

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('FlatFeesPage', { timeout: 60_000 }, () => {
  it('lists the fees with DD/MM/YYYY dates, en-US money, their status and the whole filter’s totals', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith() });
    const row = await screen.findByRole('row', { name: /First half of the agreed fee/ });
    expect(within(row).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Share purchase agreement' })).toHaveAttribute(
      'href',
      `/matter/${FLAT_MATTER_ID}?activeTab=expenses`,
    );
    expect(within(row).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(row).getByText('₦1,250,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Unbilled')).toBeInTheDocument();
    expect(screen.getByText('2 flat fees')).toBeInTheDocument();
    const totals = screen.getByRole('group', { name: 'Flat fee totals' });
    expect(within(totals).getByTestId('flat-fee-total')).toHaveTextContent('₦3,000,000.50');
    expect(within(totals).getByTestId('flat-fee-unbilled')).toHaveTextContent('₦1,250,000.00');
    // The page comes without totals; the totals in a call of their own, the filter alone, one row.
    const calls = api.callsTo('GET', LIST).map((call) => call.query);
    const pageCall = calls.find((query) => query.get('IncludeTotals') !== 'true')!;
    expect(pageCall.get('page')).toBe('1');
    expect(pageCall.get('size')).toBe('20');
    expect(pageCall.get('sortColumn')).toBe('flatFeeDate');
    expect(pageCall.get('sortType')).toBe('desc');
    expect(pageCall.has('IsDownlodCsv')).toBe(false);
    const totalsCall = calls.find((query) => query.get('IncludeTotals') === 'true')!;
    expect(totalsCall.get('size')).toBe('1');
    expect(totalsCall.has('sortColumn')).toBe(false);
  });

  it('pages and sorts without asking for the totals again', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith() });
    await screen.findByRole('row', { name: /First half of the agreed fee/ });
    const totalsCalls = () => api.callsTo('GET', LIST).filter((call) => call.query.get('IncludeTotals') === 'true').length;
    expect(totalsCalls()).toBe(1);
    await user.click(screen.getByRole('button', { name: /^Amount/ }));
    await waitFor(() => expect(api.lastQuery(LIST)!.get('sortColumn')).toBe('amount'));
    expect(totalsCalls()).toBe(1);
  });

  it('sends the URL’s filters and search under SPEC.md §7’s names (the global search appends ?search=)', async () => {
    const api = stubApi();
    renderRoutes(routes, {
      path: `/billing/flat-fees?search=share&status=Billed&clientId=${CLIENT_ID}&matterId=${FLAT_MATTER_ID}&addedBy=${USER_B}&from=2024-01-01&to=2024-03-31`,
      session: sessionWith(),
    });
    await screen.findByRole('row', { name: /First half/ });
    const query = api.lastQuery(LIST)!;
    expect(Object.fromEntries(query)).toMatchObject({
      GeneralSearchText: 'share',
      status: 'Billed',
      ClientId: CLIENT_ID,
      MatterId: FLAT_MATTER_ID,
      ExpenseAddedUserId: USER_B,
      FromExpenseFlatFeesDateCreated: '2024-01-01',
      ToExpenseFlatFeesDateCreated: '2024-03-31',
    });
    expect(screen.getByRole('searchbox', { name: 'Search flat fees' })).toHaveValue('share');
  });

  it('filters by status, added by and search, sorts by a column, each into the URL and the call', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith() });
    await screen.findByRole('row', { name: /First half/ });

    await choose(user, 'Status', 'Unbilled');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('status')).toBe('Unbilled'));
    await choose(user, 'Added by', 'Alan Turing');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('ExpenseAddedUserId')).toBe(USER_B));
    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00002 — Share purchase agreement');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('MatterId')).toBe(FLAT_MATTER_ID));
    await user.type(screen.getByRole('searchbox', { name: 'Search flat fees' }), 'stage{Enter}');
    await waitFor(() => expect(api.lastQuery(LIST)?.get('GeneralSearchText')).toBe('stage'));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('sortColumn')).toBe('amount'));
    expect(api.lastQuery(LIST)?.get('sortType')).toBe('asc');
    expect(api.lastQuery(LIST)?.get('status')).toBe('Unbilled');
    expect(screen.getByTestId('location')).toHaveTextContent('status=Unbilled');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.has('status')).toBe(false));
    expect(api.lastQuery(LIST)?.has('GeneralSearchText')).toBe(false);
  });

  it('at 1280 px folds the client under the matter and the fee earner under the description, both still sortable', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    const api = stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith() });
    const row = await screen.findByRole('row', { name: /First half of the agreed fee/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date▼',
      'Matter↕Client↕',
      'DescriptionFee earner↕',
      'Amount↕',
      'Status↕',
      'Actions',
    ]);
    const matter = within(row).getByRole('link', { name: 'Share purchase agreement' }).closest('td')!;
    expect(within(matter).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Edit flat fee/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Client/ }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('sortColumn')).toBe('clientName'));
    expect(screen.getByRole('columnheader', { name: /^Matter/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('offers Edit and Delete on unbilled rows only; a billed row says why', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith() });
    const billed = await screen.findByRole('row', { name: /Invoiced stage/ });
    expect(within(billed).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(billed).getByTestId('flat-fee-locked')).toHaveTextContent('On an invoice: it cannot be changed or deleted');
    expect(within(billed).getByText('Billed')).toBeInTheDocument();

    const open = screen.getByRole('row', { name: /First half/ });
    await user.click(within(open).getByRole('button', { name: 'Edit flat fee 05/03/2024 Share purchase agreement' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/billing/flat-fees/edit/${OPEN_ID}`));
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let isDeleted = false;
    const api = stubApi({
      [`GET ${LIST}`]: () => page(isDeleted ? rows().slice(1) : rows()),
      [`DELETE ${DELETE}`]: () => {
        isDeleted = true;
        return { data: null, message: 'Flat fee deleted' };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith() });
    const open = await screen.findByRole('row', { name: /First half/ });
    await user.click(within(open).getByRole('button', { name: /^Delete flat fee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Flat Fee?' });
    expect(within(dialog).getByText(/Are you sure you want delete the flat fee\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /First half/ })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', DELETE)).toHaveLength(1);
    expect(await screen.findByText('Flat fee deleted')).toBeInTheDocument();
  });

  it('shows no row actions and no New Flat Fee to a user who may only view', async () => {
    stubApi({ [`GET ${LIST}`]: () => page(rows()) });
    renderRoutes(routes, { path: '/billing/flat-fees', session: sessionWith(['flatFeePermission']) });
    await screen.findByRole('row', { name: /First half/ });
    expect(screen.queryByRole('button', { name: /^Edit|^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Flat Fee' })).not.toBeInTheDocument();
  });

  it('downloads the filtered list as CSV (IsDownlodCsv=true, same filter and order, no paging)', async () => {
    localStorage.setItem('token', 'firm-token');
    const api = stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('IsDownlodCsv') === 'true'
          ? {
              body: 'Date,Client\n2024-03-05,Ada Lovelace\n',
              headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="flat-fees.csv"' },
            }
          : page(rows()),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: lend them for this test only.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/billing/flat-fees?status=Unbilled&page=2&sortColumn=amount&sortType=asc', session: sessionWith() });
    await screen.findByRole('row', { name: /First half/ });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['flat-fees.csv blob:csv']));
    const csvCall = api.callsTo('GET', LIST).find((call) => call.query.get('IsDownlodCsv') === 'true')!;
    expect(csvCall.headers.get('Authorization')).toBe('Bearer firm-token');
    expect(csvCall.query.get('status')).toBe('Unbilled');
    expect(csvCall.query.get('sortColumn')).toBe('amount');
    expect(csvCall.query.get('sortType')).toBe('asc');
    expect(csvCall.query.has('page')).toBe(false);
    expect(csvCall.query.has('IncludeTotals')).toBe(false);
  });
});
