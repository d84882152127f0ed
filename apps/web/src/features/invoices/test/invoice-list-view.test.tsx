import type { InvoiceListItem } from '@matterhorn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceListView } from '../components/invoice-list-view.tsx';
import { allowSlowRenders, CLIENT_ID, sessionWith, stubApi } from './stub-invoices.ts';

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
    expect(screen.getByRole('button', { name: '50' })).toBeInTheDocument();
  });

  it('says "1 invoice" for an exact count of one, without a pager', async () => {
    stubApi({ [`GET ${LIST}`]: () => ({ data: { data: [invoice(1)], page: 1, size: 20, totalCount: 1 } }) });
    renderRoutes([{ path: '/billing/invoice', element: <InvoiceListView /> }], {
      path: '/billing/invoice',
      session: sessionWith(['invoice']),
    });
    expect(await screen.findByText('1 invoice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
  });
});
