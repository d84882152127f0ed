import { invoiceSchema, type Invoice, type InvoiceStatus } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceViewPage } from '../pages/invoice-view-page.tsx';
import { allowSlowRenders, flatFeeLine, INVOICE_ID, invoiceOf, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const GET = `/api/admin/invoice/get-invoice/${INVOICE_ID}`;

/** An issued invoice of ₦1,000.00 with `paid` received, as get-invoice answers it. */
function issued(status: InvoiceStatus, paid: string): Invoice {
  const totals = invoiceOf().totals;
  const balanceDue = (1000 - Number(paid)).toFixed(2);
  return invoiceSchema.parse(
    invoiceOf({
      status,
      statusLabel: status,
      invoiceNumber: 'INV-00031',
      sentAt: '2026-11-02T10:00:00.000Z',
      deliveredDate: '2026-11-02',
      totals: { ...totals, subtotal: '1000.00', total: '1000.00', paidAmount: paid, balanceDue },
    }),
  );
}

const buttonsFor = async (invoice: Invoice) => {
  stubApi({ [`GET ${GET}`]: () => ({ data: invoice }) });
  renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
    path: `/billing/invoices/${INVOICE_ID}`,
    session: sessionWith(['administrator']),
  });
  const actions = await screen.findByRole('group', { name: 'Invoice actions' });
  return within(actions)
    .getAllByRole('button')
    .map((button) => button.textContent);
};

describe('InvoiceViewPage: the actions the server allows, from the shared state table', { timeout: 60_000 }, () => {
  it('offers no Void on a partly paid invoice (the API refuses it: reverse the payments first)', async () => {
    const buttons = await buttonsFor(issued('PartlyPaid', '400.00'));
    expect(buttons).toContain('Record payment');
    expect(buttons).not.toContain('Void');
  });

  it('offers Void on a sent invoice with nothing paid', async () => {
    expect(await buttonsFor(issued('Sent', '0.00'))).toContain('Void');
  });

  it('offers neither a payment nor Void on a paid invoice, and lets it be resent', async () => {
    const buttons = await buttonsFor(issued('Paid', '1000.00'));
    expect(buttons).not.toContain('Record payment');
    expect(buttons).not.toContain('Void');
    expect(buttons).toContain('Resend');
  });

  it('asks which bank account received a payment when the firm has two or more in the invoice’s currency', async () => {
    const invoice = { ...issued('Sent', '0.00'), currencyCode: 'NGN' };
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: invoice }),
      [`POST /api/admin/invoice/record-payment/${INVOICE_ID}`]: () => ({ data: invoice }),
      'GET /api/admin/accounting/get-bank-account-options': {
        data: {
          options: [
            { id: '0b8f2c55-1a2b-4c3d-8e9f-112233445566', label: 'Main operating account · Zenith Bank ••••5678', isDefault: true },
            { id: '7c9d3e66-2b3c-4d5e-9f0a-223344556677', label: 'Salary account · GTBank ••••1234', isDefault: false },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const select = await within(dialog).findByRole('combobox', { name: 'Bank account' });
    expect(select).toHaveValue('Main operating account · Zenith Bank ••••5678 (default)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Salary account · GTBank ••••1234' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)[0]?.body).toMatchObject({
      bankAccountId: '7c9d3e66-2b3c-4d5e-9f0a-223344556677',
    });
    expect(api.callsTo('GET', '/api/admin/accounting/get-bank-account-options')[0]?.query.get('CurrencyCode')).toBe('NGN');
  });

  it('credits chosen lines with a reason: the form sends the lines, the date and whether the items return to unbilled', async () => {
    const base = issued('Sent', '0.00');
    const invoice = invoiceSchema.parse({
      ...base,
      flatFees: [
        flatFeeLine({ id: '11111111-1111-4111-8111-111111111111', itemId: 'fee-1', description: 'Incorporation', itemAmount: '600.00' }),
        flatFeeLine({ id: '22222222-2222-4222-8222-222222222222', itemId: 'fee-2', description: 'Annual returns', itemAmount: '400.00' }),
      ],
    });
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: invoice }),
      [`POST /api/admin/invoice/create-credit-note/${INVOICE_ID}`]: () => ({ data: invoice }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    await user.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue credit note' });
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen lines' }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(dialog).findByText('Choose at least one line to credit')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Annual returns/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Filed by the client');
    await user.click(within(dialog).getByRole('checkbox', { name: /return the credited/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/invoice/create-credit-note/${INVOICE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/admin/invoice/create-credit-note/${INVOICE_ID}`)[0]?.body).toMatchObject({
      reason: 'Filed by the client',
      lineIds: ['22222222-2222-4222-8222-222222222222'],
      releaseItems: true,
    });
  });

  it('writes off to bad debts from a form that starts at the balance due', async () => {
    const invoice = issued('Sent', '400.00');
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: invoice }),
      [`POST /api/admin/invoice/write-off/${INVOICE_ID}`]: () => ({ data: invoice }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    await user.click(await screen.findByRole('button', { name: 'Write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('600.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Client wound up');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/invoice/write-off/${INVOICE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/admin/invoice/write-off/${INVOICE_ID}`)[0]?.body).toMatchObject({
      amount: '600.00',
      reason: 'Client wound up',
    });
  });

  it('keeps the excess as the client’s credit only when asked: the box shows once the amount is over the balance due', async () => {
    const invoice = { ...issued('Sent', '0.00'), currencyCode: 'NGN' };
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: invoice }),
      [`POST /api/admin/invoice/record-payment/${INVOICE_ID}`]: () => ({ data: invoice }),
      'GET /api/admin/accounting/get-bank-account-options': { data: { options: [] } },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    const keep = /Keep the excess as the client’s credit/;
    expect(within(dialog).queryByRole('checkbox', { name: keep })).not.toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '1200');
    const box = within(dialog).getByRole('checkbox', { name: keep });
    expect(within(dialog).getByText(/200\.00 over the balance due becomes the client’s credit/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(/The payment is more than the balance due/)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)).toHaveLength(0);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)[0]?.body).toMatchObject({
      amount: '1200',
      keepExcessAsCredit: true,
    });
  });

  it('shows a payment’s realised exchange gain or loss on its row', async () => {
    const payment = {
      id: '3c1d5e77-3c4d-4e5f-8a1b-334455667788',
      receiptNumber: 'RCT-00007',
      amount: '400.00',
      withholdingTaxAmount: '0.00',
      withholdingTaxCreditNote: null,
      paymentDate: '2026-11-05',
      method: 'Bank transfer',
      reference: null,
      isReversal: false,
      reversesPaymentId: null,
      reversedByPaymentId: null,
      reason: null,
      recordedByUserName: 'Grace Hopper',
      createdAt: '2026-11-05T10:00:00.000Z',
      realisedExchangeDifference: { amount: '20000.00', currencyCode: 'NGN' },
    };
    const invoice = invoiceSchema.parse({ ...issued('PartlyPaid', '400.00'), currencyCode: 'USD', payments: [payment] });
    await buttonsFor(invoice);
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Realised exchange gain: NGN 20,000.00')).toBeInTheDocument();
  });

  it('proposes the withholding tax from the client’s rate and sends it with the money; its credit note is then recorded', async () => {
    const withholdingTax = {
      category: 'company' as const,
      rate: '10',
      feePart: '800.00',
      withheld: '0.00',
      proposedAmount: '80.00',
      amountToReceive: '920.00',
    };
    const invoice = { ...issued('Sent', '0.00'), currencyCode: 'NGN', withholdingTax };
    const paymentId = '4d2e6f88-4d5e-4f60-9b2c-445566778899';
    const paid = invoiceSchema.parse({
      ...issued('Paid', '1000.00'),
      withholdingTax: { ...withholdingTax, withheld: '80.00', proposedAmount: '0.00', amountToReceive: '0.00' },
      payments: [
        {
          id: paymentId,
          receiptNumber: 'RCT-00008',
          amount: '1000.00',
          withholdingTaxAmount: '80.00',
          withholdingTaxCreditNote: null,
          paymentDate: '2026-11-05',
          method: 'Bank transfer',
          reference: null,
          isReversal: false,
          reversesPaymentId: null,
          reversedByPaymentId: null,
          reason: null,
          recordedByUserName: 'Grace Hopper',
          createdAt: '2026-11-05T10:00:00.000Z',
          realisedExchangeDifference: null,
        },
      ],
    });
    let current: Invoice = invoice;
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: current }),
      [`POST /api/admin/invoice/record-payment/${INVOICE_ID}`]: () => {
        current = paid;
        return { data: paid };
      },
      [`POST /api/withholding-tax/record-credit-note/${paymentId}`]: () => ({ data: paid }),
      'GET /api/admin/accounting/get-bank-account-options': { data: { options: [] } },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('920.00');
    const tax = within(dialog).getByRole('textbox', { name: /Withholding tax deducted/ });
    expect(tax).toHaveValue('80.00');
    expect(within(dialog).getByText(/10% of the fee part \(₦800\.00\), not of VAT or costs/)).toBeInTheDocument();
    await user.clear(tax);
    await user.type(tax, '800.01');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText(/cannot be more than the fee part of the invoice still open to it \(₦800\.00\)/),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)).toHaveLength(0);
    await user.clear(tax);
    await user.type(tax, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/admin/invoice/record-payment/${INVOICE_ID}`)[0]?.body).toMatchObject({
      amount: '920.00',
      withholdingTaxAmount: '80',
    });

    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(await within(payments).findByText('of which WHT ₦80.00')).toBeInTheDocument();
    expect(within(payments).getByText('WHT credit note outstanding')).toBeInTheDocument();
    await user.click(within(payments).getByRole('button', { name: 'Record WHT credit note for RCT-00008' }));
    const noteDialog = await screen.findByRole('dialog', { name: 'Record WHT credit note' });
    await user.type(within(noteDialog).getByRole('textbox', { name: /Credit note number/ }), 'WHT/2026/0457');
    await user.type(within(noteDialog).getByRole('combobox', { name: /Credit note date/ }), '03/11/2026');
    await user.click(within(noteDialog).getByRole('button', { name: 'Record credit note' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/withholding-tax/record-credit-note/${paymentId}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/withholding-tax/record-credit-note/${paymentId}`)[0]?.body).toEqual({
      creditNoteNumber: 'WHT/2026/0457',
      issueDate: '2026-11-03',
    });
  });
});

describe('InvoiceViewPage: the lines', { timeout: 60_000 }, () => {
  it('shows a time entry’s hours to 2 decimals, not the timer’s 4', async () => {
    const fee = {
      ...flatFeeLine({ itemId: 'time-1', description: 'Drafting the lease', itemAmount: '63750.00' }),
      itemType: 'fee',
      hours: '12.7500',
      rate: '5000.00',
    } as const;
    stubApi({ [`GET ${GET}`]: () => ({ data: invoiceSchema.parse(invoiceOf({ fees: [fee] })) }) });
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    const row = await screen.findByRole('row', { name: /Drafting the lease/ });
    expect(within(row).getByText('12.75')).toBeInTheDocument();
    expect(within(row).queryByText('12.7500')).not.toBeInTheDocument();
  });
});

describe('InvoiceViewPage: recording a payment', { timeout: 60_000 }, () => {
  it.each([
    ['an individual at 0%: no WHT field', '0', false],
    ['a company at 10%: the WHT field', '10', true],
  ])('asks for withholding tax only when the client deducts it — %s', async (_, rate, isAsked) => {
    const invoice = invoiceSchema.parse({
      ...issued('Sent', '0.00'),
      withholdingTax: {
        category: rate === '0' ? 'individual' : 'company',
        rate,
        feePart: '1000.00',
        withheld: '0.00',
        proposedAmount: rate === '0' ? '0.00' : '100.00',
        amountToReceive: rate === '0' ? '1000.00' : '900.00',
      },
    });
    stubApi({
      [`GET ${GET}`]: () => ({ data: invoice }),
      'GET /api/admin/accounting/get-bank-account-options': { data: { options: [] } },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: sessionWith(['administrator']),
    });
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await within(dialog).findByRole('textbox', { name: /Amount/ });
    expect(within(dialog).queryByText(/% of the fee part/) !== null).toBe(isAsked);
    expect(within(dialog).queryByText(/^0% of the fee part/)).toBeNull();
  });
});
