import { computeInvoiceAmounts, formatMoney, type InvoiceAmountLine } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { InvoiceEditPage } from '../pages/invoice-edit-page.tsx';
import { invoiceActionsFor } from '../utils/invoice-actions.ts';
import {
  allowSlowRenders,
  CLIENT_ID,
  flatFeeItem,
  flatFeeLine,
  INVOICE_ID,
  invoiceOf,
  sessionWith,
  stubApi,
  UNBILLED,
} from './stub-invoices.ts';

allowSlowRenders();

const FEE_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const FEE_B = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const FEE_C = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';
const GET_INVOICE = `/api/admin/invoice/get-invoice/${INVOICE_ID}`;
const UPDATE_INVOICE = `/api/admin/invoice/update-invoice/${INVOICE_ID}`;
const EDIT_PATH = `/billing/invoices/${INVOICE_ID}/edit`;

/** A draft of two flat fees, the first written down to 800.00, with a 10% discount and its own terms. */
const draft = invoiceOf({
  flatFees: [
    flatFeeLine({
      itemId: FEE_A,
      description: 'Stage one',
      itemAmount: '1000.00',
      amount: '800.00',
      adjustment: '-200.00',
      adjustmentReason: 'Courtesy write-down',
    }),
    flatFeeLine({ itemId: FEE_B, description: 'Stage two', itemAmount: '333.33', sortOrder: 1 }),
  ],
  discountType: 'percent',
  discountValue: '10',
  taxPercent: '5',
  taxAppliesTo: 'fees',
  notes: 'Thank you for your instructions.',
  paymentInstructions: 'Pay to Zenith Bank 1234567890',
});

const expectedTotal = (lines: InvoiceAmountLine[], discountValue: string) =>
  formatMoney(
    computeInvoiceAmounts({ lines, discountType: 'percent', discountValue, taxPercent: '5', taxAppliesTo: 'fees' }).totals.total,
    '₦',
  );

const routes = [
  { path: '/billing/invoices/:id/edit', element: <InvoiceEditPage /> },
  { path: '/billing/invoices/:id', element: <LocationProbe /> },
];

afterEach(() => billingState.reset());

describe('InvoiceEditPage', { timeout: 60_000 }, () => {
  it("ticks the draft's items, offers the client's other unbilled items, prefills its terms, and saves the whole draft to update-invoice", async () => {
    const api = stubApi({
      [`GET ${GET_INVOICE}`]: () => ({ data: draft }),
      [`GET ${UNBILLED}`]: () => ({
        data: { timeEntries: [], expenses: [], flatFees: [flatFeeItem({ id: FEE_C, description: 'Stage three', amount: '500.00' })] },
      }),
      [`PUT ${UPDATE_INVOICE}`]: () => ({ data: draft }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: EDIT_PATH, session: sessionWith(['invoice', 'invoice.create', 'invoice.edit']) });

    expect(await screen.findByRole('heading', { name: 'Edit draft invoice' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Client' })).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByRole('combobox', { name: /Client/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Bill Stage three' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bill Stage one' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bill Stage two' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Edit adjustment\s*Stage one/ })).toBeInTheDocument();
    expect(api.lastQuery(UNBILLED)?.get('ClientId')).toBe(CLIENT_ID);
    expect(screen.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'VAT rate (%)' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Thank you for your instructions.');
    expect(screen.getByRole('textbox', { name: 'Payment instructions' })).toHaveValue('Pay to Zenith Bank 1234567890');
    expect(screen.getByRole('combobox', { name: /Issue date/ })).toHaveValue('02/11/2026');
    expect(screen.getByRole('combobox', { name: /Due date/ })).toHaveValue('02/12/2026');
    const adjustedA = { type: 'flatFee' as const, amount: '1000.00', adjustedAmount: '800.00' };
    await waitFor(() =>
      expect(screen.getByTestId('total-total')).toHaveTextContent(expectedTotal([adjustedA, { type: 'flatFee', amount: '333.33' }], '10')),
    );

    // Drop one item, add the other unbilled one, change the discount: the preview follows.
    await user.click(screen.getByRole('checkbox', { name: 'Bill Stage two' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bill Stage three' }));
    const discount = screen.getByRole('textbox', { name: 'Discount (%)' });
    await user.clear(discount);
    await user.type(discount, '5');
    await waitFor(() =>
      expect(screen.getByTestId('total-total')).toHaveTextContent(expectedTotal([adjustedA, { type: 'flatFee', amount: '500.00' }], '5')),
    );

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/billing/invoices/${INVOICE_ID}`));
    const [saved] = api.callsTo('PUT', UPDATE_INVOICE);
    expect(saved?.body).toMatchObject({
      clientId: CLIENT_ID,
      timeEntryIds: [],
      expenseIds: [],
      flatFeeIds: [FEE_A, FEE_C],
      lineAdjustments: [{ itemType: 'flatFee', itemId: FEE_A, adjustedAmount: '800.00', reason: 'Courtesy write-down' }],
      discountType: 'percent',
      discountValue: '5',
      taxPercent: '5',
      taxAppliesTo: 'fees',
      issueDate: '2026-11-02',
      dueDate: '2026-12-02',
      notes: 'Thank you for your instructions.',
      paymentInstructions: 'Pay to Zenith Bank 1234567890',
    });
    expect(api.callsTo('POST', '/api/admin/invoice/create-invoice')).toHaveLength(0);
  });

  it('keeps to the draft’s own items for a user who may edit but not build invoices', async () => {
    const api = stubApi({ [`GET ${GET_INVOICE}`]: () => ({ data: draft }) });
    renderRoutes(routes, { path: EDIT_PATH, session: sessionWith(['invoice', 'invoice.edit']) });
    expect(await screen.findByRole('checkbox', { name: 'Bill Stage two' })).toBeChecked();
    expect(screen.getByText(/adding the client’s other unbilled items needs the permission to create invoices/)).toBeInTheDocument();
    expect(api.callsTo('GET', UNBILLED)).toHaveLength(0);
  });

  it('shows why an invoice that has left draft cannot be edited, with a link back, and no form', async () => {
    stubApi({
      [`GET ${GET_INVOICE}`]: () => ({
        data: { ...draft, status: 'Sent', statusLabel: 'Sent', invoiceNumber: 'INV-00042', canEdit: false },
      }),
    });
    renderRoutes(routes, { path: EDIT_PATH, session: sessionWith(['invoice', 'invoice.create', 'invoice.edit']) });
    expect(await screen.findByRole('heading', { name: 'This invoice cannot be edited' })).toBeInTheDocument();
    expect(screen.getByText('INV-00042 is sent')).toBeInTheDocument();
    expect(screen.getByText('Only a draft invoice can be changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the invoice' })).toHaveAttribute('href', `/billing/invoices/${INVOICE_ID}`);
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says the invoice is not found for another firm’s or a deleted invoice', async () => {
    stubApi({ [`GET ${GET_INVOICE}`]: () => ({ status: 404, message: 'Invoice not found' }) });
    renderRoutes(routes, { path: EDIT_PATH, session: sessionWith(['invoice', 'invoice.edit']) });
    expect(await screen.findByRole('heading', { name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/billing');
  });
});

describe('the Edit action', () => {
  it('is offered on a draft to users who may edit invoices, and on nothing else', () => {
    expect(invoiceActionsFor(draft, ['invoice', 'invoice.edit']).edit).toBe(true);
    expect(invoiceActionsFor(draft, ['administrator']).edit).toBe(true);
    expect(invoiceActionsFor(draft, ['invoice', 'invoice.create']).edit).toBe(false);
    for (const status of ['AwaitingApproval', 'Approved', 'Sent', 'PartlyPaid', 'Paid', 'Void'] as const)
      expect(invoiceActionsFor({ ...draft, status }, ['administrator']).edit).toBe(false);
  });
});
