import { invoicePageSchema } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TrustAccountPage } from '../pages/trust-account-page.tsx';
import { ACCOUNT_ID, allowSlowRenders, CLIENT_ID, MATTER_ID, sessionWith, stubApi, T } from './stub-trust.ts';
import { invoiceView } from '../../../test/msw/contract-answers.ts';

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
  isDisputed: false,
  hasMissedInstalment: false,
  total: '80000.00',
  paidAmount: '0.00',
  balanceDue,
  currencySymbol: '₦',
  deliveredDate: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const SECOND_MATTER = '66666666-6666-4666-8666-666666666666';
/** The invoice's detail; the form reads the matters it is for. */
const invoiceDetail = (matterIds: string[]) =>
  invoiceView({
    id: INVOICE_ID,
    clientId: CLIENT_ID,
    matters: matterIds.map((id, index) => ({
      id,
      name: index === 0 ? 'Land purchase' : 'Boundary dispute',
      matterNumber: `MAT-0000${index + 1}`,
    })),
  });
const ledger = (matterId: string | null, balance: string) => ({
  trustAccountId: ACCOUNT_ID,
  trustAccountName: 'Client account',
  currencySymbol: '₦',
  currencyCode: 'NGN',
  clientId: CLIENT_ID,
  clientName: 'Kemi Adebayo',
  matterId,
  matterNumber: null,
  matterName: null,
  balance,
  clearedBalance: balance,
  minimumBalance: null,
});

/** Opens Pay invoice on the trust account page as a payer, picks the client and opens the invoice list. */
async function openInvoicePicker() {
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
  return { user, dialog };
}

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
      [`GET /api/admin/invoice/get-invoice/${INVOICE_ID}`]: () => ({ data: invoiceDetail([MATTER_ID]) }),
      [`POST ${T}/pay-invoice`]: () => ({
        data: { status: 'AwaitingApproval', transaction: null, movementRequest: null },
        message: 'Waiting for a second approver',
      }),
    });
    const { user, dialog } = await openInvoicePicker();
    // The dropdown's options only (the ledgers' Rows per page under the form has options too).
    const options = (await within(await screen.findByRole('listbox')).findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['INV-00007 · due ₦80,000.00']);
    await user.click(screen.getByRole('option', { name: 'INV-00007 · due ₦80,000.00' }));
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveValue('80,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay invoice from trust' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${T}/pay-invoice`).map((call) => call.body)).toEqual([
      expect.objectContaining({
        trustAccountId: ACCOUNT_ID,
        invoiceId: INVOICE_ID,
        amount: '80000.00',
        matterId: MATTER_ID,
        fromGeneralFunds: false,
      }),
    ]);
    expect(await screen.findByText('Waiting for a second approver')).toBeInTheDocument();
  });

  it('shows and pays from the ledger chosen: one of the invoice’s matters, or the client’s general funds by name', async () => {
    const api = stubApi({
      'GET /api/admin/invoice/get-invoice-list': () => ({
        data: invoicePageSchema.parse({ data: [invoice(INVOICE_ID, 'INV-00008', 'Sent', '30000.00')], page: 1, size: 100, totalCount: 1 }),
      }),
      [`GET /api/admin/invoice/get-invoice/${INVOICE_ID}`]: () => ({ data: invoiceDetail([MATTER_ID, SECOND_MATTER]) }),
      // The client holds funds on each ledger: the hint must show the chosen one's, never another's.
      [`GET ${T}/get-trust-balance`]: () => ({
        data: {
          clientId: CLIENT_ID,
          matterId: null,
          balances: [{ currencyCode: 'NGN', currencySymbol: '₦', balance: '175000.00', clearedBalance: '175000.00' }],
          currencyCode: 'NGN',
          balance: '175000.00',
          clearedBalance: '175000.00',
          ledgers: [ledger(null, '100000.00'), ledger(MATTER_ID, '50000.00'), ledger(SECOND_MATTER, '25000.00')],
        },
      }),
      [`POST ${T}/pay-invoice`]: () => ({
        data: { status: 'AwaitingApproval', transaction: null, movementRequest: null },
        message: 'Sent',
      }),
    });
    const { user, dialog } = await openInvoicePicker();
    await user.click(await screen.findByRole('option', { name: 'INV-00008 · due ₦30,000.00' }));

    // Two matters: nothing is chosen for the user, and no balance is shown until one is.
    await user.click(within(dialog).getByRole('button', { name: 'Pay invoice' }));
    expect(
      await within(dialog).findByText('Choose whose funds pay the invoice: one of its matters, or the client’s general funds'),
    ).toBeVisible();
    expect(within(dialog).queryByText(/Held in trust/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', `${T}/pay-invoice`)).toHaveLength(0);

    const funds = within(dialog).getByRole('combobox', { name: /From the funds of/ });
    await user.click(funds);
    // The dropdown's options only (the ledgers' Rows per page under the form has options too).
    const options = (await within(await screen.findByRole('listbox')).findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['MAT-00001 — Land purchase', 'MAT-00002 — Boundary dispute', 'Client’s general funds (no matter)']);
    await user.click(screen.getByRole('option', { name: 'MAT-00002 — Boundary dispute' }));
    expect(await within(dialog).findByText(/Held in trust: ₦25,000.00/)).toBeVisible();
    await user.click(funds);
    await user.click(await screen.findByRole('option', { name: 'Client’s general funds (no matter)' }));
    expect(await within(dialog).findByText(/Held in trust: ₦100,000.00/)).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Pay invoice' }));
    await waitFor(() => expect(api.callsTo('POST', `${T}/pay-invoice`)).toHaveLength(1));
    expect(api.callsTo('POST', `${T}/pay-invoice`)[0]!.body).toEqual(
      expect.objectContaining({ invoiceId: INVOICE_ID, matterId: null, fromGeneralFunds: true }),
    );
  });
});
