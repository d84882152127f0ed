import type {
  ClientWithholdingTax,
  OutstandingWithholdingTaxCreditNotes,
  WithholdingTaxPayment,
  WithholdingTaxSchedule,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { ClientWithholdingTaxCard } from '../components/client-withholding-tax-card.tsx';
import { WithholdingTaxPage } from '../pages/withholding-tax-page.tsx';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const payment: WithholdingTaxPayment = {
  paymentId: '22222222-2222-4222-8222-222222222222',
  invoiceId: '33333333-3333-4333-8333-333333333333',
  invoiceNumber: 'INV-00042',
  clientId: CLIENT_ID,
  clientName: 'Zenith Holdings Ltd',
  receiptNumber: 'RCT-00019',
  paymentDate: '2026-11-02',
  currencyCode: 'NGN',
  feePart: '2000000.00',
  amountReceived: '1950000.00',
  withholdingTaxAmount: '200000.00',
  isReversal: false,
  isReversed: false,
  creditNote: null,
  daysOutstanding: 26,
};
const schedule: WithholdingTaxSchedule = {
  fromDate: '2026-11-01',
  toDate: '2026-11-28',
  rows: [payment],
  totals: [{ currencyCode: 'NGN', withholdingTaxAmount: '200000.00', withCreditNote: '0.00', outstanding: '200000.00' }],
  tieOuts: [{ check: '1250', currencyCode: 'NGN', expected: '200000.00', actual: '200000.00', difference: '0.00', passes: true }],
  tieOutsPass: true,
};
const outstanding: OutstandingWithholdingTaxCreditNotes = { rows: [payment], totals: [{ currencyCode: 'NGN', outstanding: '200000.00' }] };

describe('withholding tax', { timeout: 60_000 }, () => {
  it('lists the credit notes to chase and the schedule tied to 1250, and saves the firm’s rates', async () => {
    const api = stubApi({
      'GET /api/withholding-tax/list-outstanding-credit-notes': { data: outstanding },
      'GET /api/withholding-tax/get-schedule': { data: schedule },
      'GET /api/withholding-tax/get-settings': { data: { companyRate: '10', governmentRate: '10', individualRate: '5' } },
      'POST /api/withholding-tax/update-settings': { data: { companyRate: '5', governmentRate: '10', individualRate: '5' } },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/withholding-tax', element: <WithholdingTaxPage /> }], {
      path: '/billing/withholding-tax',
      session: fakeSession({ permissions: ['paymentInfo', 'invoice', 'updateAccountSettings'] }),
    });
    const chase = await screen.findByRole('region', { name: 'Credit notes to chase' });
    expect(await within(chase).findByText('Zenith Holdings Ltd')).toBeInTheDocument();
    expect(within(chase).getByText('NGN 200,000.00')).toBeInTheDocument();
    expect(within(chase).getByRole('link', { name: 'INV-00042' })).toHaveAttribute('href', `/billing/invoices/${payment.invoiceId}`);
    const scheduled = screen.getByRole('region', { name: 'Withholding tax schedule' });
    expect(await within(scheduled).findByText('Ties to 1250')).toBeInTheDocument();
    expect(within(scheduled).getByText('Outstanding')).toBeInTheDocument();

    const rates = await screen.findByRole('region', { name: 'Withholding tax rates' });
    const company = within(rates).getByRole('textbox', { name: 'Companies (%)' });
    await user.clear(company);
    await user.type(company, '5');
    await user.click(within(rates).getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/withholding-tax/update-settings')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/withholding-tax/update-settings')[0]?.body).toEqual({
      companyRate: '5',
      governmentRate: '10',
      individualRate: '5',
    });
  });

  it('shows a client’s kind and rate, and lets staff who edit clients make it a government body at its own rate', async () => {
    const treatment: ClientWithholdingTax = {
      clientId: CLIENT_ID,
      category: 'company',
      isCategoryDefault: true,
      rateOverride: null,
      firmRate: '10',
      rate: '10',
    };
    const api = stubApi({
      [`GET /api/withholding-tax/get-client/${CLIENT_ID}`]: { data: treatment },
      [`POST /api/withholding-tax/update-client/${CLIENT_ID}`]: {
        data: { ...treatment, category: 'government', isCategoryDefault: false, rateOverride: '7.5', rate: '7.5' },
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/clients/:id', element: <ClientWithholdingTaxCard clientId={CLIENT_ID} /> }], {
      path: `/clients/${CLIENT_ID}`,
      session: fakeSession({ permissions: ['clientInfo', 'clientInfo.edit'] }),
    });
    const card = await screen.findByRole('region', { name: 'Withholding tax' });
    expect(await within(card).findByText('Company · 10% (the firm’s rate)')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Edit withholding tax' }));
    await user.click(within(card).getByRole('combobox', { name: 'Kind of client' }));
    await user.click(await screen.findByRole('option', { name: 'Government' }));
    await user.type(within(card).getByRole('textbox', { name: /Own rate/ }), '7.5');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Government · 7.5% (own rate; the firm’s is 10%)')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/withholding-tax/update-client/${CLIENT_ID}`)[0]?.body).toEqual({
      category: 'government',
      rateOverride: '7.5',
    });
  });
});
