import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { clientSummary, stubApi } from '../testing/stub-api.ts';
import { ClientsListPage } from './clients-list-page.tsx';

// A list page renders Mantine's filters before its rows: on a busy machine that takes more than the default second.
configure({ asyncUtilTimeout: 10_000 });

const LIST = '/api/admin/client-info/get-clients-list';

function stubList(totalCount = 1, rows = [clientSummary()]) {
  return stubApi({
    [`GET ${LIST}`]: (call) =>
      call.url.searchParams.get('IsDownlodCsv') === 'true'
        ? new Response('Name\r\nAda Obi\r\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="clients.csv"' },
          })
        : { data: rows, page: Number(call.url.searchParams.get('page')), size: Number(call.url.searchParams.get('size')), totalCount },
  });
}

const lastListQuery = (api: ReturnType<typeof stubApi>) => api.callsTo('GET', LIST).at(-1)?.url.searchParams;

describe('ClientsListPage', { timeout: 20_000 }, () => {
  it('reads the global search from the URL and sends it as GeneralSearchText', async () => {
    const api = stubList();
    renderAt(<ClientsListPage />, { path: '/clients/list?search=acme' });
    expect(await screen.findByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', `/clients/${clientSummary().id}`);
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('acme');
    const query = lastListQuery(api);
    expect(query?.get('GeneralSearchText')).toBe('acme');
    expect(query?.get('page')).toBe('1');
    expect(query?.get('size')).toBe('20');
    expect(query?.get('sortColumn')).toBe('createdAt');
    expect(query?.get('sortType')).toBe('desc');
    expect(screen.getByText('Showing 1–1 of 1 clients')).toBeInTheDocument();
  });

  it('keeps typed searches in the URL and asks the server again', async () => {
    const api = stubList();
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<ClientsListPage />, { path: '/clients/list' });
    await screen.findByRole('link', { name: 'Ada Obi' });
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'obi');
    await waitFor(() => expect(lastListQuery(api)?.get('GeneralSearchText')).toBe('obi'));
    expect(router.state.location.search).toBe('?search=obi');
  });

  it('sends the type and status filters and the sort', async () => {
    const api = stubList();
    const user = userEvent.setup({ delay: null });
    renderAt(<ClientsListPage />, { path: '/clients/list' });
    await screen.findByRole('link', { name: 'Ada Obi' });

    await user.click(screen.getByRole('combobox', { name: 'Client type' }));
    await user.click(screen.getByRole('option', { name: 'Company' }));
    await waitFor(() => expect(lastListQuery(api)?.get('ClientType')).toBe('company'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Archived' }));
    await waitFor(() => expect(lastListQuery(api)?.get('Status')).toBe('archived'));
    expect(lastListQuery(api)?.get('ClientType')).toBe('company');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastListQuery(api)?.get('sortColumn')).toBe('name'));
    expect(lastListQuery(api)?.get('sortType')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastListQuery(api)?.get('sortType')).toBe('desc'));
  });

  it('pages and changes the page size', async () => {
    const api = stubList(45);
    const user = userEvent.setup({ delay: null });
    renderAt(<ClientsListPage />, { path: '/clients/list' });
    await screen.findByText('Showing 1–20 of 45 clients');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastListQuery(api)?.get('page')).toBe('2'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(lastListQuery(api)?.get('size')).toBe('50'));
    expect(lastListQuery(api)?.get('page')).toBe('1');
  });

  it('shows a capped total as 1,000+ and pages on past it while pages are full', async () => {
    const rows = Array.from({ length: 20 }, (_, index) =>
      clientSummary({ id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, name: `Client ${index}` }),
    );
    const api = stubApi({
      [`GET ${LIST}`]: (call) => ({
        data: rows,
        page: Number(call.url.searchParams.get('page')),
        size: 20,
        totalCount: 1000,
        isTotalCountCapped: true,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ClientsListPage />, { path: '/clients/list?page=50' });
    expect(await screen.findByText(/Showing 981–1000 of 1,000\+ clients/)).toBeInTheDocument();
    expect(screen.getByText(/narrow the search or filters for an exact count/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'next page' }));
    await waitFor(() => expect(lastListQuery(api)?.get('page')).toBe('51'));
    expect(await screen.findByText(/Showing 1001–1020 of 1,000\+ clients/)).toBeInTheDocument();
  });

  it('downloads the filtered list as CSV with the bearer token', async () => {
    localStorage.setItem('token', 'firm-token');
    const api = stubList();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:clients');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<ClientsListPage />, { path: '/clients/list?search=acme&status=active' });
    await screen.findByRole('link', { name: 'Ada Obi' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = api.callsTo('GET', LIST).find((call) => call.url.searchParams.get('IsDownlodCsv') === 'true');
    expect(csvCall?.url.searchParams.get('GeneralSearchText')).toBe('acme');
    expect(csvCall?.url.searchParams.get('Status')).toBe('active');
    expect(csvCall?.url.searchParams.has('page')).toBe(false);
    expect(csvCall?.headers.Authorization).toBe('Bearer firm-token');
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('text/csv');
    expect(downloads).toEqual(['clients.csv']);
    click.mockRestore();
  });

  it('offers Add client only with clientInfo.create', async () => {
    stubList();
    const { unmount } = renderAt(<ClientsListPage />, { path: '/clients/list', session: fakeSession({ permissions: ['clientInfo'] }) });
    await screen.findByRole('link', { name: 'Ada Obi' });
    expect(screen.queryByRole('link', { name: 'Add client' })).not.toBeInTheDocument();
    unmount();
    renderAt(<ClientsListPage />, { path: '/clients/list', session: fakeSession({ permissions: ['clientInfo', 'clientInfo.create'] }) });
    expect(await screen.findByRole('link', { name: 'Add client' })).toHaveAttribute('href', '/clients/add-new-client');
  });

  it('shows the empty state', async () => {
    stubList(0, []);
    renderAt(<ClientsListPage />, { path: '/clients/list?search=nobody' });
    expect(await screen.findByText('No clients match your search.')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('0 clients')).toBeInTheDocument();
  });
});
