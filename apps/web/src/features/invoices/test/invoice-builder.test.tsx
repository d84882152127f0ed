import { computeInvoiceAmounts, formatMoney, type Invoice } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { billingState } from '../../../lib/app-state/billing-state.ts';
import { renderRoutes } from '../../../test/render.tsx';
import {
  allowSlowRenders,
  CLIENT_ID,
  flatFeeItem,
  invoiceOf,
  sessionWith,
  SETTINGS,
  settingsAnswer,
  stubApi,
  UNBILLED,
} from './stub-invoices.ts';
import { InvoiceBuilderPage } from '../pages/invoice-builder-page.tsx';
import { invoiceActionsFor } from '../utils/invoice-actions.ts';

allowSlowRenders();

const FEE_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const FEE_B = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';

const flatFees = [
  flatFeeItem({ id: FEE_A, description: 'Stage one', amount: '1000.00' }),
  flatFeeItem({ id: FEE_B, description: 'Stage two', amount: '333.33' }),
];

afterEach(() => billingState.reset());

async function chooseClient(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Client/ }));
  await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
}

const expectedTotal = (amounts: string[], discount?: string) =>
  formatMoney(
    computeInvoiceAmounts({
      lines: amounts.map((amount) => ({ type: 'flatFee' as const, amount })),
      discountType: discount ? 'percent' : null,
      discountValue: discount ?? null,
      taxPercent: '7.5',
      taxAppliesTo: 'both',
    }).totals.total,
    '₦',
  );

describe('InvoiceBuilderPage', { timeout: 60_000 }, () => {
  it('chooses every unbilled item by default; removing one and a percent discount change the total as computeInvoiceAmounts does', async () => {
    stubApi({
      [`GET ${UNBILLED}`]: () => ({ data: { timeEntries: [], expenses: [], flatFees } }),
      [`GET ${SETTINGS}`]: () => settingsAnswer,
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoice/invoice-empty', element: <InvoiceBuilderPage /> }], {
      path: '/billing/invoice/invoice-empty',
      session: sessionWith(['invoice', 'invoice.create']),
    });
    await chooseClient(user);
    const stageOne = await screen.findByRole('checkbox', { name: 'Bill Stage one' });
    expect(stageOne).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bill Stage two' })).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('total-total')).toHaveTextContent(expectedTotal(['1000.00', '333.33'])));

    await user.click(screen.getByRole('checkbox', { name: 'Bill Stage two' }));
    await waitFor(() => expect(screen.getByTestId('total-total')).toHaveTextContent(expectedTotal(['1000.00'])));
    expect(billingState.get().invoiceEntries.flatFees).toEqual([FEE_A]);

    await user.click(screen.getByRole('radio', { name: 'Percent' }));
    await user.type(screen.getByRole('textbox', { name: 'Discount (%)' }), '10');
    await waitFor(() => expect(screen.getByTestId('total-total')).toHaveTextContent(expectedTotal(['1000.00'], '10')));
    expect(billingState.get().discount).toEqual({ type: 'percent', value: '10' });
  });

  it('starts with the client a link names (?clientId=, the client view’s New invoice)', async () => {
    const api = stubApi({
      [`GET ${UNBILLED}`]: () => ({ data: { timeEntries: [], expenses: [], flatFees } }),
      [`GET ${SETTINGS}`]: () => settingsAnswer,
    });
    renderRoutes([{ path: '/billing/invoice/invoice-empty', element: <InvoiceBuilderPage /> }], {
      path: `/billing/invoice/invoice-empty?clientId=${CLIENT_ID}`,
      session: sessionWith(['invoice', 'invoice.create']),
    });
    expect(await screen.findByRole('checkbox', { name: 'Bill Stage one' })).toBeChecked();
    expect(api.lastQuery(UNBILLED)?.get('ClientId')).toBe(CLIENT_ID);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Client/ })).toHaveTextContent('Ada Lovelace'));
  });

  it('asks a reason before a line adjustment is kept', async () => {
    stubApi({
      [`GET ${UNBILLED}`]: () => ({ data: { timeEntries: [], expenses: [], flatFees } }),
      [`GET ${SETTINGS}`]: () => settingsAnswer,
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/b', element: <InvoiceBuilderPage /> }], { path: '/b', session: sessionWith(['invoice', 'invoice.create']) });
    await chooseClient(user);
    await user.click(await screen.findByRole('button', { name: /Adjust\s*Stage one/ }));
    const amount = await screen.findByRole('textbox', { name: /Billed amount/ });
    await user.clear(amount);
    await user.type(amount, '800');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('A reason is required for a line adjustment')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Courtesy write-down');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() =>
      expect(screen.getByTestId('total-total')).toHaveTextContent(
        formatMoney(
          computeInvoiceAmounts({
            lines: [
              { type: 'flatFee', amount: '1000.00', adjustedAmount: '800' },
              { type: 'flatFee', amount: '333.33' },
            ],
            taxPercent: '7.5',
            taxAppliesTo: 'both',
          }).totals.total,
          '₦',
        ),
      ),
    );
  });
});

describe('invoiceActionsFor', () => {
  const owed = { ...invoiceOf().totals, total: '100.00', balanceDue: '100.00' };
  const paid = { ...owed, paidAmount: '100.00', balanceDue: '0.00' };
  const invoice = (overrides: Partial<Invoice>) =>
    invoiceOf({
      needsApproval: true,
      invoiceNumber: overrides.status && overrides.status !== 'Draft' ? 'INV-00001' : null,
      totals: overrides.status === 'Paid' ? paid : owed,
      ...overrides,
    });
  const admin = ['administrator'];
  it('offers Submit on a draft of a firm that needs approval, Approve only to approvers', () => {
    expect(invoiceActionsFor(invoice({}), admin)).toMatchObject({ submit: true, approve: false, send: false, delete: true });
    expect(invoiceActionsFor(invoice({ status: 'AwaitingApproval' }), ['invoice', 'invoice.edit']).approve).toBe(false);
    expect(invoiceActionsFor(invoice({ status: 'AwaitingApproval' }), ['invoice', 'invoice.approve']).approve).toBe(true);
  });
  it('lets a draft be approved or sent directly when the firm needs no approval', () => {
    expect(invoiceActionsFor(invoice({ needsApproval: false }), admin)).toMatchObject({ submit: false, approve: true, send: true });
  });
  it('offers payments, delivery and void on issued invoices, by permission', () => {
    expect(invoiceActionsFor(invoice({ status: 'Sent' }), admin)).toMatchObject({ recordPayment: true, markDelivered: true, void: true });
    expect(invoiceActionsFor(invoice({ status: 'Sent' }), ['invoice']).recordPayment).toBe(false);
    // A paid invoice can be resent (ADR 0022: the API accepts it), not paid again, nor voided while it holds payments.
    expect(invoiceActionsFor(invoice({ status: 'Paid' }), admin)).toMatchObject({ recordPayment: false, void: false, send: true });
    expect(invoiceActionsFor(invoice({ status: 'Void' }), admin)).toMatchObject({ void: false, send: false, documents: true });
    // Void asks for what the API's void-invoice asks for: invoice.delete, not invoice.edit.
    expect(invoiceActionsFor(invoice({ status: 'Sent' }), ['invoice', 'invoice.edit']).void).toBe(false);
    expect(invoiceActionsFor(invoice({ status: 'Sent' }), ['invoice', 'invoice.delete']).void).toBe(true);
  });
});
