import type { PublicTrustRequest } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PUBLIC_TRUST_REQUEST_TEXT, PublicTrustRequestPage } from '../pages/public-trust-request-page.tsx';
import { allowSlowRenders } from './stub-trust-requests.ts';

allowSlowRenders();

const SLUG = 'q3K9x_Zr-8aLmN0pQrStUv';
const request: PublicTrustRequest = {
  firm: { name: 'Obi & Co', logo: null },
  requestNumber: 'TRQ-00007',
  status: 'PartlyPaid',
  statusLabel: 'Partly paid',
  clientName: 'Kemi Adebayo',
  matter: { matterNumber: 'MAT-00001', name: 'Lease dispute' },
  currencySymbol: '₦',
  amount: '250000.00',
  paidAmount: '100000.00',
  balanceDue: '150000.00',
  dueDate: '2026-12-15',
  note: 'Retainer for the hearing',
  bank: {
    accountName: 'Client Trust Account',
    bankName: 'Zenith Bank',
    accountNumberMasked: '••••4821',
    paymentInstructions: 'Pay to Zenith Bank, quoting TRQ-00007',
  },
  trustBalance: '120000.00',
};

const renderPage = () =>
  renderRoutes([{ path: '/billing/trust-accounting/:slug', element: <PublicTrustRequestPage /> }], {
    path: `/billing/trust-accounting/${SLUG}`,
  });

describe('PublicTrustRequestPage', { timeout: 30_000 }, () => {
  it('shows what is asked, where to pay and the trust balance, without signing in', async () => {
    const api = stubApi({ [`GET /public/trust-request/${SLUG}`]: { data: request } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Request for funds TRQ-00007' })).toBeInTheDocument();
    expect(screen.getByText('Obi & Co')).toBeInTheDocument();
    expect(screen.getByText('Partly paid')).toBeInTheDocument();
    expect(screen.getByText('MAT-00001 — Lease dispute')).toBeInTheDocument();
    expect(screen.getByText('15/12/2026')).toBeInTheDocument();
    expect(screen.getByTestId('trust-balance')).toHaveTextContent('₦120,000.00');
    const amounts = within(screen.getByRole('table', { name: 'Amounts' }))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(amounts).toEqual(['Amount requested₦250,000.00', 'Received so far₦100,000.00', 'Still to pay₦150,000.00']);
    expect(screen.getByText('Zenith Bank')).toBeInTheDocument();
    expect(screen.getByText('••••4821')).toBeInTheDocument();
    expect(screen.getByText('Pay to Zenith Bank, quoting TRQ-00007')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.headers.get('authorization')).toBeNull();
  });

  it('shows a cancelled request as cancelled, with nowhere to pay', async () => {
    stubApi({ [`GET /public/trust-request/${SLUG}`]: { data: { ...request, status: 'Cancelled', statusLabel: 'Cancelled', bank: null } } });
    renderPage();
    expect(await screen.findByText(PUBLIC_TRUST_REQUEST_TEXT.cancelled)).toBeInTheDocument();
    expect(screen.queryByText('How to pay')).not.toBeInTheDocument();
  });

  it('says clearly when the link is unknown or replaced', async () => {
    stubApi({ [`GET /public/trust-request/${SLUG}`]: { status: 404, message: 'Trust request not found' } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: PUBLIC_TRUST_REQUEST_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(PUBLIC_TRUST_REQUEST_TEXT.notFound)).toBeInTheDocument();
  });
});
