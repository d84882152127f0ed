import type { InvoiceListItem } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NARROW_SCREEN_MEDIA_QUERY } from '../../../components/list-kit/use-list-layout.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceListView } from '../components/invoice-list-view.tsx';
import { allowSlowRenders, CLIENT_ID, MATTER_ID, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const LIST = '/api/admin/invoice/get-invoice-list';

const invoice = (index: number): InvoiceListItem => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  invoiceNumber: `INV-${String(index).padStart(5, '0')}`,
  status: 'Sent',
  statusLabel: 'Sent',
  clientId: CLIENT_ID,
  clientName: 'Ada Lovelace',
  matterNames: ['Share purchase agreement'],
  issueDate: '2025-03-01',
  dueDate: '2025-03-31',
  isOverdue: false,
  isDisputed: false,
  hasMissedInstalment: false,
  total: '1075.00',
  paidAmount: '0.00',
  balanceDue: '1075.00',
  currencySymbol: '₦',
  deliveredDate: null,
  createdAt: '2025-03-01T10:00:00.000Z',
});

describe('InvoiceListView', { timeout: 60_000 }, () => {
  it('says "1,000+ invoices" when the API stopped counting at its cap, and pages on', async () => {
    stubApi({
      [`GET ${LIST}`]: () => ({
        data: {
          data: Array.from({ length: 20 }, (_, index) => invoice(index + 1)),
          page: 1,
          size: 20,
          totalCount: 1000,
          isTotalCountCapped: true,
        },
      }),
    });
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    expect(await screen.findByText('1,000+ invoices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 50' })).toBeInTheDocument();
  });

  it('at 1280 px shows the issue and due dates under the number, the totals and balance in view', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...matchMedia(query), matches: query === NARROW_SCREEN_MEDIA_QUERY }));
    onTestFinished(() => void (window.matchMedia = matchMedia));
    stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 1 } }) });
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    const row = await screen.findByRole('row', { name: /INV-00001/ });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Number',
      'Status',
      'Client',
      'Matters',
      'Total',
      'Balance due',
    ]);
    const [number] = within(row).getAllByRole('cell');
    expect(number).toHaveTextContent('INV-00001Issued 01/03/2025Due 31/03/2025');
    expect(within(row).getAllByText('₦1,075.00')).toHaveLength(2);
  });

  it('sums the filter as the API does, one line per currency: billed = paid + written off + outstanding, drafts counted apart', async () => {
    const totals = [
      {
        currency: 'NGN',
        currencySymbol: '₦',
        draftCount: 2,
        draftTotal: '700.00',
        billed: '3225.00',
        paidAmount: '1150.00',
        writtenOff: '75.00',
        outstanding: '2000.00',
      },
      {
        currency: 'USD',
        currencySymbol: '$',
        draftCount: 1,
        draftTotal: '40.00',
        billed: '500.00',
        paidAmount: '300.00',
        writtenOff: '0.00',
        outstanding: '200.00',
      },
    ];
    // The figures the stub answers add up in each currency, as the API's own test shows its sums do.
    for (const figures of totals)
      expect(Number(figures.paidAmount) + Number(figures.writtenOff) + Number(figures.outstanding)).toBe(Number(figures.billed));
    stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 5, totals } }) });
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    const summary = await screen.findByRole('group', { name: 'Invoice summary' });
    const lines = within(summary).getAllByRole('group');
    expect(lines.map((line) => line.getAttribute('aria-label'))).toEqual(['Invoice summary in NGN', 'Invoice summary in USD']);
    const naira = within(summary).getByRole('group', { name: 'Invoice summary in NGN' });
    expect(within(naira).getByTestId('summary-billed')).toHaveTextContent('Billed ₦3,225.00');
    expect(within(naira).getByTestId('summary-paid')).toHaveTextContent('Paid ₦1,150.00');
    expect(within(naira).getByTestId('summary-written-off')).toHaveTextContent('Written off ₦75.00');
    expect(within(naira).getByTestId('summary-outstanding')).toHaveTextContent('Outstanding ₦2,000.00');
    expect(within(naira).getByTestId('summary-drafts')).toHaveTextContent('2 drafts (not yet issued) ₦700.00');
    const dollars = within(summary).getByRole('group', { name: 'Invoice summary in USD' });
    expect(dollars).toHaveTextContent('Billed $500.00Paid $300.00Outstanding $200.001 draft (not yet issued) $40.00');
    expect(within(dollars).queryByTestId('summary-written-off')).not.toBeInTheDocument();
    // No figure adds the two currencies (₦2,200.00 or ₦3,725.00 would).
    expect(summary).not.toHaveTextContent('2,200.00');
    expect(summary).not.toHaveTextContent('3,725.00');
  });

  it('leaves written off and drafts out of the summary when there are none', async () => {
    const totals = [
      {
        currency: 'NGN',
        currencySymbol: '₦',
        draftCount: 0,
        draftTotal: '0.00',
        billed: '1075.00',
        paidAmount: '75.00',
        writtenOff: '0.00',
        outstanding: '1000.00',
      },
    ];
    stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 1, totals } }) });
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    const summary = await screen.findByRole('group', { name: 'Invoice summary' });
    expect(summary).toHaveTextContent('Billed ₦1,075.00Paid ₦75.00Outstanding ₦1,000.00');
    expect(within(summary).queryByTestId('summary-written-off')).not.toBeInTheDocument();
    expect(within(summary).queryByTestId('summary-drafts')).not.toBeInTheDocument();
  });

  it('opens a bookmarked or shared filtered list as it was: tab, search, client, dates, sort and page from the URL', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 2, size: 20, totalCount: 25 } }) });
    const user = userEvent.setup();
    const routes = [{ path: '/billing/invoice', element: <InvoiceListView /> }];
    const first = renderRoutes(routes, { path: '/billing/invoice', session: sessionWith(['invoice']) });
    await screen.findByText('INV-00001');

    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'INV-0{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Issued from' }), '01/03/2025');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('page')).toBe('2'));
    const shared = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    expect(Object.fromEntries(new URLSearchParams(first.router.state.location.search))).toEqual({
      status: 'Sent',
      search: 'INV-0',
      from: '2025-03-01',
      page: '2',
    });
    first.unmount();

    // A reload, or a colleague opening the link: the same list is asked for and shown.
    const before = api.callsTo('GET', LIST).length;
    renderRoutes(routes, { path: `${shared}&clientId=${CLIENT_ID}&sortColumn=dueDate&sortType=asc`, session: sessionWith(['invoice']) });
    await screen.findByText('INV-00001');
    const query = api
      .callsTo('GET', LIST)
      .slice(before)
      .find((call) => call.query.get('IncludeTotals') !== 'true')?.query;
    expect(query?.get('Status')).toBe('Sent');
    expect(query?.get('GeneralSearchText')).toBe('INV-0');
    expect(query?.get('From')).toBe('2025-03-01');
    expect(query?.get('ClientId')).toBe(CLIENT_ID);
    expect(query?.get('sortColumn')).toBe('dueDate');
    expect(query?.get('sortType')).toBe('asc');
    expect(query?.get('page')).toBe('2');
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue('INV-0');
    expect(screen.getByRole('combobox', { name: 'Issued from' })).toHaveValue('01/03/2025');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Due date (soonest)');
  });

  it('opens newest first by the invoice’s date, drafts among the issued, and offers no second “newest” order', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 1 } }) });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    await screen.findByText('INV-00001');
    // Unsorted is the API's own default, by the invoice's date, newest first.
    expect([null, 'issueDate']).toContain(api.lastQuery(LIST)?.get('sortColumn'));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveTextContent('Newest first');
    await user.click(sort);
    expect(screen.queryByRole('option', { name: /Issue date/ })).not.toBeInTheDocument();
  });

  it('keeps a matter tab’s filters out of the URL, which belongs to the matter', async () => {
    const api = stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 1 } }) });
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/matter/:id', element: <InvoiceListView matterId={MATTER_ID} /> }], {
      path: `/matter/${MATTER_ID}?activeTab=invoices`,
      session: sessionWith(['invoice']),
    });
    await screen.findByText('INV-00001');
    await user.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(api.lastQuery(LIST)?.get('Status')).toBe('Paid'));
    expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID);
    expect(router.state.location.search).toBe('?activeTab=invoices');
  });

  it('says "1 invoice" for an exact count of one, without a pager', async () => {
    stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 1 } }) });
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    expect(await screen.findByText('1 invoice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
  });
});
