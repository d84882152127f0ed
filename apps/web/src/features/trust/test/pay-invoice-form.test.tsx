import { invoicePageSchema } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TrustAccountPage } from '../pages/trust-account-page.tsx';
import { ACCOUNT_ID, allowSlowRenders, CLIENT_ID, sessionWith, stubApi, T } from './stub-trust.ts';

allowSlowRenders();

const INVOICE_ID = '44444444-4444-4444-8444-444444444444';
const invoice = (id: string, invoiceNumber: string | null, status: string, balanceDue: string) => ({
  id,
  invoiceNumber,
  status,
  statusLabel: status,
  clientId: CLIENT_ID,
  clientName: 'Kemi Adebayo',
  matterNames: ['Land purchase'],
  issueDate: '2026-11-01',
  dueDate: '2026-12-01',
  isOverdue: false,
  total: '80000.00',
  paidAmount: '0.00',
  balanceDue,
  currencySymbol: '₦',
  deliveredDate: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('Pay invoice from trust', { timeout: 60_000 }, () => {
  it("offers the client's issued invoices with a balance, fills the balance due and pays through trust", async () => {
    const api = stubApi({
      'GET /api/admin/invoice/get-invoice-list': () => ({
        data: invoicePageSchema.parse({
          data: [
            invoice(INVOICE_ID, 'INV-00007', 'Sent', '80000.00'),
            invoice('d1', null, 'Draft', '5000.00'),
            invoice('p1', 'INV-00003', 'Paid', '0.00'),
          ],
          page: 1,
          size: 100,
          totalCount: 3,
        }),
      }),
      [`POST ${T}/pay-invoice`]: () => ({
        data: { status: 'AwaitingApproval', transaction: null, movementRequest: null },
        message: 'Waiting for a second approver',
      }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/trust-account/:slug', element: <TrustAccountPage /> }], {
      path: `/trust-account/${ACCOUNT_ID}`,
      session: sessionWith(['trustAccountRequest', 'trustAccountRequest.create', 'paymentInfo', 'invoice']),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay invoice from trust' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Kemi Adebayo' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Invoice' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['INV-00007 · due ₦80,000.00']);
    await user.click(screen.getByRole('option', { name: 'INV-00007 · due ₦80,000.00' }));
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveValue('80,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay invoice from trust' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${T}/pay-invoice`).map((call) => call.body)).toEqual([
      expect.objectContaining({ trustAccountId: ACCOUNT_ID, invoiceId: INVOICE_ID, amount: '80000.00', matterId: null }),
    ]);
    expect(await screen.findByText('Waiting for a second approver')).toBeInTheDocument();
  });
});
