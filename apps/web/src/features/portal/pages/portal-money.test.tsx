import type { PaymentReport, PortalMatter, PortalOverview, PortalStatement, PortalTrustRequest } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PortalOverviewPage } from './portal-overview-page.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const session = fakeSession({
  isFirmSignedIn: false,
  isClientSignedIn: true,
  clientId: CLIENT_ID,
  company: 'obi',
  portalProfile: {
    clientId: CLIENT_ID,
    name: 'Kemi Adebayo',
    clientName: 'Kemi Adebayo',
    email: 'kemi@client.example',
    company: 'obi',
    firmName: 'Obi & Co',
    firmLogo: null,
  },
});
const matters: PortalMatter[] = [
  { matterId: 'm1', matterNumber: 'MAT-00001', matterName: 'Lease dispute', status: 'Open', feeEarners: ['Ada Obi'] },
];
const overview: PortalOverview = {
  matters,
  nextCourtDates: [],
  recentlyShared: [],
  balancesDue: [{ currencyCode: 'NGN', currencySymbol: '₦', amount: '100000.25' }],
  trustHeld: [
    { currencyCode: 'NGN', currencySymbol: '₦', amount: '479999.75' },
    { currencyCode: 'USD', currencySymbol: '$', amount: '1200.00' },
  ],
};
const request: PortalTrustRequest = {
  id: 'tr1',
  requestNumber: 'TRQ-00004',
  status: 'PartlyPaid',
  statusLabel: 'Partly paid',
  matterId: 'm1',
  matterName: 'Lease dispute',
  currencySymbol: '₦',
  amount: '250000.00',
  paidAmount: '100000.00',
  balanceDue: '150000.00',
  dueDate: '2026-12-15',
  note: 'Retainer for the lease dispute',
  bank: {
    accountName: 'Client Trust Account',
    bankName: 'Zenith Bank',
    accountNumberMasked: '••••4821',
    paymentInstructions: 'Pay into the client account; quote the request number.',
  },
  reference: 'TRQ-00004',
};
const base = {
  'GET /client-portal/get-client-portal-matters': { data: matters },
  'GET /client-portal/get-overview': { data: overview },
};

describe('the portal’s money', { timeout: 30_000 }, () => {
  it('shows the balance due and the money held in trust on the overview, per currency; matters as cards on a phone', async () => {
    stubApi(base);
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=overview`, session });
    expect(await screen.findByRole('region', { name: 'Balance due' })).toHaveTextContent('₦100,000.25');
    const held = screen.getByRole('region', { name: 'Held in trust' });
    expect(held).toHaveTextContent('₦479,999.75');
    expect(held).toHaveTextContent('$1,200.00');
    // Both layouts are in the page; CSS shows the cards below the sm breakpoint, the table above it.
    const cards = within(await screen.findByRole('list', { name: 'Your matters' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Lease dispute');
    expect(cards[0]).toHaveTextContent('MAT-00001');
    expect(cards[0]).toHaveTextContent('Fee earners: Ada Obi');
  });

  it('lists the trust requests to pay with how to pay and the reference, and reports a transfer on one', async () => {
    let reports: PaymentReport[] = [];
    const api = stubApi({
      ...base,
      'GET /client-portal/get-trust-requests': { data: [request] },
      'GET /client-portal/get-payment-reports': () => ({ data: reports }),
      'POST /client-portal/report-bank-transfer': { data: null },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=trust`, session });
    const card = within(await screen.findByRole('list', { name: 'Your trust requests' })).getByRole('listitem');
    expect(card).toHaveTextContent('TRQ-00004 · Lease dispute');
    expect(card).toHaveTextContent('Partly paid');
    expect(card).toHaveTextContent('Asked ₦250,000.00 · Paid ₦100,000.00 · Still due ₦150,000.00');
    const howToPay = within(card).getByRole('region', { name: 'How to pay TRQ-00004' });
    expect(howToPay).toHaveTextContent('Zenith Bank · Client Trust Account · account ••••4821');
    expect(howToPay).toHaveTextContent('Quote the reference TRQ-00004');

    const form = within(card).getByRole('form', { name: 'Report a bank transfer' });
    expect(within(form).getByRole('textbox', { name: 'Amount paid' })).toHaveValue('150000.00');
    await user.type(within(form).getByLabelText('Date paid'), '02/11/2026');
    await user.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['%PDF-1.7'], 'transfer.pdf', { type: 'application/pdf' }),
    );
    reports = [
      {
        id: 'r1',
        clientId: CLIENT_ID,
        clientName: 'Kemi Adebayo',
        kind: 'trustRequest',
        invoiceId: null,
        invoiceNumber: null,
        trustRequestId: 'tr1',
        trustRequestNumber: 'TRQ-00004',
        currencySymbol: '₦',
        balanceDue: '150000.00',
        amount: '150000.00',
        paymentDate: '2026-11-02',
        reference: null,
        proofFileName: 'transfer.pdf',
        status: 'reported',
        reportedAt: '2026-11-02T10:00:00.000Z',
        decidedAt: null,
        decidedByName: null,
        rejectionReason: null,
      },
    ];
    await user.click(within(form).getByRole('button', { name: 'Report payment' }));
    await waitFor(() => expect(api.callsTo('POST', '/client-portal/report-bank-transfer')).toHaveLength(1));
    const sent = String(api.callsTo('POST', '/client-portal/report-bank-transfer')[0]!.body);
    expect(sent).toContain('name="TrustRequestId"\r\n\r\ntr1');
    expect(sent).toContain('name="paymentDate"\r\n\r\n2026-11-02');
    expect(sent).not.toContain('name="InvoiceId"');
    expect(await within(card).findByText(/You reported ₦150,000.00 paid on 02\/11\/2026: waiting for your firm/)).toBeInTheDocument();
    expect(within(card).queryByRole('form', { name: 'Report a bank transfer' })).not.toBeInTheDocument();
  });

  it('offers to pay an open trust request online when a gateway takes its currency', async () => {
    stubApi({
      ...base,
      'GET /client-portal/get-trust-requests': { data: [request] },
      'GET /client-portal/get-payment-reports': { data: [] },
      'GET /client-portal/get-payment-options': {
        data: { payable: [{ kind: 'trustRequest', id: 'tr1', currencyCode: 'NGN', amountDue: '150000.00', gateway: 'paystack' }] },
      },
    });
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=trust`, session });
    const card = within(await screen.findByRole('list', { name: 'Your trust requests' })).getByRole('listitem');
    await userEvent.click(await within(card).findByRole('button', { name: 'Pay online for this trust request' }));
    expect(within(card).getByRole('textbox', { name: /Amount to pay/ })).toHaveValue('150000.00');
  });

  it('shows the statement of account with both running balances, for a period, under the invoices', async () => {
    const statement: PortalStatement = {
      clientName: 'Kemi Adebayo',
      firmName: 'Obi & Co',
      fromDate: null,
      toDate: '2026-11-23',
      sections: [
        {
          currencyCode: 'NGN',
          currencySymbol: '₦',
          opening: { owed: '0.00', heldInTrust: '0.00' },
          lines: [
            {
              date: '2026-09-01',
              account: 'trust',
              description: 'Deposit',
              reference: 'TRX-00001',
              matterName: 'Lease dispute',
              amount: '500000.00',
              owedAfter: '0.00',
              heldInTrustAfter: '500000.00',
            },
            {
              date: '2026-10-02',
              account: 'invoices',
              description: 'Invoice INV-00012',
              reference: 'INV-00012',
              matterName: 'Lease dispute',
              amount: '150000.50',
              owedAfter: '150000.50',
              heldInTrustAfter: '500000.00',
            },
          ],
          closing: { owed: '150000.50', heldInTrust: '500000.00' },
        },
      ],
    };
    const api = stubApi({
      ...base,
      'GET /client-portal/get-invoices': { data: [] },
      'GET /client-portal/get-statement': { data: statement },
    });
    const user = userEvent.setup();
    renderAt(<PortalOverviewPage />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });
    const section = await screen.findByRole('region', { name: 'Statement of account' });
    const lines = within(await within(section).findByRole('list', { name: 'Statement lines' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Deposit');
    expect(lines[0]).toHaveTextContent('01/09/2026 · TRX-00001 · Lease dispute');
    expect(lines[0]).toHaveTextContent('Owed ₦0.00 · In trust ₦500,000.00');
    expect(lines[1]).toHaveTextContent('₦150,000.50Invoices');
    expect(section).toHaveTextContent('Closing: you owe₦150,000.50');
    expect(section).toHaveTextContent('Closing: held in trust₦500,000.00');
    expect(within(section).getByRole('button', { name: 'Download statement PDF' })).toBeInTheDocument();

    // The period is typed DD/MM/YYYY, stays so, and is asked for as ISO dates.
    await user.type(within(section).getByLabelText('From'), '01/10/2026');
    expect(within(section).getByLabelText('From')).toHaveValue('01/10/2026');
    await waitFor(() =>
      expect(api.callsTo('GET', '/client-portal/get-statement').some((call) => call.query.get('FromDate') === '2026-10-01')).toBe(true),
    );
    await user.type(within(section).getByLabelText('To'), '31/10/2026');
    expect(within(section).getByLabelText('To')).toHaveValue('31/10/2026');
    await waitFor(() =>
      expect(
        api
          .callsTo('GET', '/client-portal/get-statement')
          .some((call) => call.query.get('FromDate') === '2026-10-01' && call.query.get('ToDate') === '2026-10-31'),
      ).toBe(true),
    );
  });
});
