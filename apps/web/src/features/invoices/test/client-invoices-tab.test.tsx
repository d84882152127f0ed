import type { InvoiceCurrencyTotals, InvoiceListItem } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { ClientInvoicesTab } from '../components/client-invoices-tab.tsx';
import { allowSlowRenders, CLIENT_ID, INVOICE_ID, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const LIST = '/api/admin/invoice/get-invoice-list';
const row = (overrides: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: INVOICE_ID,
  invoiceNumber: 'INV-00007',
  status: 'Sent',
  statusLabel: 'Sent',
  clientId: CLIENT_ID,
  clientName: 'Ada Lovelace',
  matterNames: ['Share purchase agreement'],
  issueDate: '2026-11-01',
  dueDate: '2026-12-01',
  isOverdue: false,
  isDisputed: false,
  hasMissedInstalment: false,
  total: '1075.00',
  paidAmount: '75.00',
  balanceDue: '1000.00',
  currencySymbol: '₦',
  deliveredDate: '2026-11-01',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const DRAFT_ID = '88888888-8888-4888-8888-888888888888';

function stubList(moreTotals: InvoiceCurrencyTotals[] = []) {
  return stubApi({
    [`GET ${LIST}`]: () => ({
      data: {
        data: [
          row({}),
          row({
            id: DRAFT_ID,
            invoiceNumber: null,
            status: 'Draft',
            statusLabel: 'Draft',
            total: '500.00',
            paidAmount: '0.00',
            balanceDue: '500.00',
          }),
        ],
        page: 1,
        size: 20,
        totalCount: 2,
        totals: [
          {
            currency: 'NGN',
            currencySymbol: '₦',
            draftCount: 1,
            draftTotal: '500.00',
            billed: '1075.00',
            paidAmount: '75.00',
            writtenOff: '0.00',
            outstanding: '1000.00',
          },
          ...moreTotals,
        ],
      },
    }),
  });
}

const routes = [{ path: '/clients/:id', element: <ClientInvoicesTab clientId={CLIENT_ID} /> }];

describe('ClientInvoicesTab', { timeout: 30_000 }, () => {
  it("lists the client's invoices with links, the outstanding total and a New invoice for this client", async () => {
    const api = stubList();
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: sessionWith(['invoice', 'invoice.create']) });
    expect(await screen.findByRole('link', { name: 'INV-00007' })).toHaveAttribute('href', `/billing/invoices/${INVOICE_ID}`);
    expect(screen.getByRole('link', { name: 'Draft' })).toHaveAttribute('href', `/billing/invoices/${DRAFT_ID}`);
    expect(await screen.findByTestId('client-outstanding')).toHaveTextContent('Outstanding: ₦1,000.00');
    expect(screen.getByRole('link', { name: 'New invoice' })).toHaveAttribute(
      'href',
      `/billing/invoice/invoice-empty?clientId=${CLIENT_ID}`,
    );
    const sent = screen.getByRole('row', { name: /INV-00007/ });
    for (const text of ['Sent', 'Share purchase agreement', '01/11/2026', '01/12/2026', '₦1,075.00', '₦1,000.00'])
      expect(within(sent).getByText(text)).toBeInTheDocument();
    // Scoped to the client: no client column or filter.
    expect(screen.queryByRole('columnheader', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    for (const call of api.callsTo('GET', LIST)) expect(call.query.get('ClientId')).toBe(CLIENT_ID);
  });

  it('shows what the client owes in each currency apart, never added together', async () => {
    stubList([
      {
        currency: 'USD',
        currencySymbol: '$',
        draftCount: 0,
        draftTotal: '0.00',
        billed: '250.00',
        paidAmount: '0.00',
        writtenOff: '0.00',
        outstanding: '250.00',
      },
    ]);
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: sessionWith(['invoice']) });
    expect(await screen.findByText('Outstanding: ₦1,000.00 · $250.00')).toHaveAttribute('data-testid', 'client-outstanding');
  });

  it('offers no New invoice to a user who may not build invoices', async () => {
    stubList();
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: sessionWith(['invoice']) });
    expect(await screen.findByRole('link', { name: 'INV-00007' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
  });
});
