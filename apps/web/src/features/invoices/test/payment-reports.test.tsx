import type { PaymentReport } from '@matterhorn/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { invoiceView } from '../../../test/msw/contract-answers.ts';
import { PaymentReportsPage } from '../pages/payment-reports-page.tsx';

const waiting: PaymentReport = {
  id: '77777777-7777-4777-8777-777777777777',
  clientId: '11111111-1111-4111-8111-111111111111',
  clientName: 'Kemi Adebayo',
  kind: 'invoice',
  invoiceId: '99999999-9999-4999-8999-999999999999',
  invoiceNumber: 'INV-00012',
  trustRequestId: null,
  trustRequestNumber: null,
  currencySymbol: '₦',
  balanceDue: '80000.00',
  amount: '30000.50',
  paymentDate: '2026-10-07',
  reference: 'NIP/0001',
  proofFileName: 'transfer.pdf',
  status: 'reported',
  reportedAt: '2026-10-07T10:00:00.000Z',
  decidedAt: null,
  decidedByName: null,
  rejectionReason: null,
};
const LIST = 'GET /admin/client-portal/get-payment-reports';

describe('PaymentReportsPage', { timeout: 30_000 }, () => {
  it('lists the waiting transfers and confirms one after asking', async () => {
    const api = stubApi({
      [LIST]: { data: [waiting] },
      [`POST /admin/client-portal/confirm-payment-report/${waiting.id}`]: { data: { ...waiting, status: 'confirmed' } },
    });
    const user = userEvent.setup();
    renderAt(<PaymentReportsPage />, {
      path: '/billing/payment-reports',
      session: fakeSession({ permissions: ['paymentInfo', 'paymentInfo.create'] }),
    });
    const item = within(await screen.findByRole('list', { name: 'Reported payments' })).getByRole('listitem');
    expect(item).toHaveTextContent('₦30,000.50');
    expect(item).toHaveTextContent('Kemi Adebayo · paid 07/10/2026 · ref. NIP/0001 · INV-00012 (owes ₦80,000.00)');
    expect(api.callsTo('GET', '/admin/client-portal/get-payment-reports')[0]?.query.get('Status')).toBe('reported');
    await user.click(within(item).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(api.callsTo('POST', `/admin/client-portal/confirm-payment-report/${waiting.id}`)).toHaveLength(1));
  });

  it('rejects with the reason the client will read, and offers no decision without paymentInfo.create', async () => {
    const api = stubApi({
      [LIST]: { data: [waiting] },
      [`POST /admin/client-portal/reject-payment-report/${waiting.id}`]: { data: { ...waiting, status: 'rejected' } },
    });
    const user = userEvent.setup();
    const { unmount } = renderAt(<PaymentReportsPage />, {
      path: '/billing/payment-reports',
      session: fakeSession({ permissions: ['paymentInfo', 'paymentInfo.create'] }),
    });
    await user.click(within(await screen.findByRole('list', { name: 'Reported payments' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this payment?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason the client will read' }), 'No such credit');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/admin/client-portal/reject-payment-report/${waiting.id}`)[0]?.body).toEqual({
        reason: 'No such credit',
      }),
    );
    unmount();

    stubApi({ [LIST]: { data: [waiting] } });
    renderAt(<PaymentReportsPage />, { path: '/billing/payment-reports', session: fakeSession({ permissions: ['paymentInfo'] }) });
    const item = within(await screen.findByRole('list', { name: 'Reported payments' })).getByRole('listitem');
    expect(within(item).getByRole('button', { name: 'Proof of payment from Kemi Adebayo' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('shows a transfer reported on a trust request and confirms it as a deposit into trust', async () => {
    const onRequest: PaymentReport = {
      ...waiting,
      id: '88888888-8888-4888-8888-888888888888',
      kind: 'trustRequest',
      invoiceId: null,
      invoiceNumber: null,
      trustRequestId: '66666666-6666-4666-8666-666666666666',
      trustRequestNumber: 'TRQ-00007',
      balanceDue: '250000.00',
    };
    const api = stubApi({
      [LIST]: { data: [onRequest] },
      [`POST /admin/client-portal/confirm-payment-report/${onRequest.id}`]: { data: { ...onRequest, status: 'confirmed' } },
    });
    const user = userEvent.setup();
    renderAt(<PaymentReportsPage />, {
      path: '/billing/payment-reports',
      session: fakeSession({ permissions: ['paymentInfo', 'paymentInfo.create'] }),
    });
    const item = within(await screen.findByRole('list', { name: 'Reported payments' })).getByRole('listitem');
    expect(item).toHaveTextContent('trust request TRQ-00007 (still asks ₦250,000.00)');
    await user.click(within(item).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment?' });
    expect(dialog).toHaveTextContent('deposited into trust against TRQ-00007');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(api.callsTo('POST', `/admin/client-portal/confirm-payment-report/${onRequest.id}`)).toHaveLength(1));
  });

  it('asks no withholding tax of a client that deducts none (an individual at 0%)', async () => {
    const api = stubApi({
      [LIST]: { data: [waiting] },
      [`GET /admin/invoice/get-invoice/${waiting.invoiceId}`]: {
        data: invoiceView({
          id: waiting.invoiceId!,
          clientId: waiting.clientId,
          status: 'Sent',
          withholdingTax: {
            category: 'individual',
            rate: '0',
            feePart: '100000.00',
            withheld: '0.00',
            proposedAmount: '0.00',
            amountToReceive: '100000.00',
          },
        }),
      },
    });
    const user = userEvent.setup();
    renderAt(<PaymentReportsPage />, {
      path: '/billing/payment-reports',
      session: fakeSession({ permissions: ['paymentInfo', 'paymentInfo.create'] }),
    });
    await user.click(within(await screen.findByRole('list', { name: 'Reported payments' })).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment?' });
    // The invoice's figures have arrived (and been drawn) before the dialog is read.
    await waitFor(() => expect(api.callsTo('GET', `/admin/invoice/get-invoice/${waiting.invoiceId}`)).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(within(dialog).queryByText(/of the fee part/)).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Withholding tax deducted' })).toBeNull();
  });

  it('proposes the withholding tax a client paying net deducted, and confirms the transfer with it', async () => {
    // ₦100,000 of fees at 10%: the client transferred ₦90,000 and deducted the rest.
    const net: PaymentReport = { ...waiting, balanceDue: '100000.00', amount: '90000.00' };
    const api = stubApi({
      [LIST]: { data: [net] },
      [`GET /admin/invoice/get-invoice/${net.invoiceId}`]: {
        data: invoiceView({
          id: net.invoiceId!,
          clientId: net.clientId,
          status: 'Sent',
          withholdingTax: {
            category: 'company',
            rate: '10',
            feePart: '100000.00',
            withheld: '0.00',
            proposedAmount: '10000.00',
            amountToReceive: '90000.00',
          },
        }),
      },
      [`POST /admin/client-portal/confirm-payment-report/${net.id}`]: { data: { ...net, status: 'confirmed' } },
    });
    const user = userEvent.setup();
    renderAt(<PaymentReportsPage />, {
      path: '/billing/payment-reports',
      session: fakeSession({ permissions: ['paymentInfo', 'paymentInfo.create'] }),
    });
    await user.click(within(await screen.findByRole('list', { name: 'Reported payments' })).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment?' });
    const tax = await within(dialog).findByRole('textbox', { name: 'Withholding tax deducted' });
    expect(tax).toHaveValue('10,000.00');
    expect(dialog).toHaveTextContent('With the transfer it settles ₦100,000.00 of the ₦100,000.00 owed.');
    await user.clear(tax);
    await user.type(tax, '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/admin/client-portal/confirm-payment-report/${net.id}`)[0]?.body).toEqual({
        withholdingTaxAmount: '9000',
      }),
    );
  });
});
