import { PORTAL_PAYMENT_MESSAGES, type InvoiceLinkPaymentOption, type PublicInvoice } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { PUBLIC_INVOICE_TEXT, PublicInvoicePage } from './public-invoice-page.tsx';

const SLUG = 'q3K9x_Zr-8aLmN0pQrStUv';
const line = {
  lineDate: '2026-10-01',
  matterName: 'Lease dispute',
  hours: null,
  rate: null,
  quantity: null,
  adjustment: '0.00',
};
const invoice: PublicInvoice = {
  firm: {
    name: 'Obi & Co',
    logo: null,
    address: '3 Broad Street\nLagos',
    phone: '+234 1 234 5678',
    taxNumber: '12345678-0001',
    accentColour: null,
    invoiceFooter: null,
  },
  invoiceNumber: 'INV-00007',
  status: 'PartlyPaid',
  statusLabel: 'Partly paid',
  clientName: 'Kemi Adebayo',
  matters: [{ name: 'Lease dispute', matterNumber: 'MAT-00001' }],
  issueDate: '2026-11-01',
  dueDate: '2026-12-01',
  isOverdue: false,
  discountType: 'percent',
  discountValue: '10',
  taxName: 'VAT',
  taxPercent: '7.5',
  notes: 'Thank you for your instructions.',
  paymentInstructions: 'Pay to Zenith Bank 1234567890',
  currencySymbol: '₦',
  fees: [
    {
      ...line,
      itemType: 'fee',
      feeEarnerName: 'Ada Obi',
      description: 'Drafting the lease',
      hours: '1.5000',
      rate: '200000.00',
      itemAmount: '300000.00',
      amount: '300000.00',
    },
  ],
  expenses: [
    {
      ...line,
      itemType: 'expense',
      feeEarnerName: null,
      description: 'Courier',
      quantity: '2.0000',
      rate: '12500.00',
      itemAmount: '25000.00',
      amount: '25000.00',
    },
  ],
  flatFees: [
    {
      ...line,
      itemType: 'flatFee',
      feeEarnerName: 'Bob Eze',
      description: 'Incorporation',
      quantity: '1',
      rate: '500000.00',
      itemAmount: '500000.00',
      amount: '450000.00',
      adjustment: '-50000.00',
    },
  ],
  totals: {
    feesSubtotal: '300000.00',
    expensesSubtotal: '25000.00',
    flatFeesSubtotal: '450000.00',
    subtotal: '775000.00',
    discountAmount: '77500.00',
    taxableAmount: '697500.00',
    taxAmount: '52312.50',
    total: '749812.50',
    paidAmount: '100000.00',
    writtenOffAmount: '0.00',
    creditedAmount: '0.00',
    balanceDue: '649812.50',
  },
  payments: [
    {
      receiptNumber: 'RCT-00001',
      amount: '100000.00',
      withholdingTaxAmount: '0.00',
      paymentDate: '2026-11-10',
      method: 'Bank transfer',
      isReversal: false,
    },
  ],
  withholdingTax: null,
  creditNotes: [],
  deliveredDate: '2026-11-02',
  recoverableFromDate: '2026-12-02',
  voidReason: null,
  pdfUrl: `/api/public/invoice/${SLUG}/pdf`,
};

const renderPage = () =>
  renderRoutes([{ path: '/billing/invoice/:slug', element: <PublicInvoicePage /> }], { path: `/billing/invoice/${SLUG}` });

describe('PublicInvoicePage', { timeout: 30_000 }, () => {
  it('shows the firm, the invoice lines grouped, the totals, the balance due and a PDF download, without signing in', async () => {
    const api = stubApi({ [`GET /public/invoice/${SLUG}`]: { data: invoice } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-00007' })).toBeInTheDocument();
    expect(screen.getByText('Obi & Co')).toBeInTheDocument();
    expect(screen.getByText('Tax identification number: 12345678-0001')).toBeInTheDocument();
    expect(screen.getByText('Partly paid')).toBeInTheDocument();
    expect(screen.getByText('MAT-00001 — Lease dispute')).toBeInTheDocument();

    const fees = screen.getByRole('table', { name: 'Professional fees' });
    expect(
      within(fees)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['01/10/2026', 'Ada Obi', 'Drafting the lease', '1.5', '₦200,000.00', '₦300,000.00']);
    expect(within(screen.getByRole('table', { name: 'Expenses' })).getByText('₦12,500.00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Flat fees' })).getByText('Incorporation (adjusted from ₦500,000.00)'),
    ).toBeInTheDocument();

    const totals = screen.getByRole('table', { name: 'Totals' });
    const rows = within(totals)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Subtotal₦775,000.00',
      'Discount (10%)-₦77,500.00',
      'VAT (7.5%)₦52,312.50',
      'Total₦749,812.50',
      'Payments-₦100,000.00',
      'Balance due₦649,812.50',
    ]);
    const download = screen.getByRole('link', { name: PUBLIC_INVOICE_TEXT.download });
    expect(download).toHaveAttribute('href', `/api/public/invoice/${SLUG}/pdf`);
    expect(screen.getByText(/fees recoverable by action from 02\/12\/2026/)).toBeInTheDocument();
    // No top bar: nothing of the firm app's shell, and the call was made without a token.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([`/public/invoice/${SLUG}`, `/public/invoice/${SLUG}/get-payment-option`]);
    for (const call of api.calls) expect(call.headers.get('authorization')).toBeNull();
  });

  it('shows the payment plan’s instalments and the next one due', async () => {
    const instalment = { amount: '50000.00', paidAmount: '0.00', remainingAmount: '50000.00', state: 'due' as const };
    const paymentPlan = {
      total: '100000.00',
      instalments: [
        { ...instalment, number: 1, dueDate: '2026-12-01', paidAmount: '50000.00', remainingAmount: '0.00', state: 'paid' as const },
        { ...instalment, number: 2, dueDate: '2027-01-01' },
      ],
      nextInstalment: { ...instalment, number: 2, dueDate: '2027-01-01' },
      kind: 'invoice' as const,
      invoiceNumbers: ['INV-00007'],
      payFirstInvoiceNumber: 'INV-00007',
      automaticPayment: null,
    };
    stubApi({ [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, paymentPlan } } });
    renderPage();
    const plan = await screen.findByRole('region', { name: 'Payment plan' });
    expect(plan).toHaveTextContent('Next instalment: ₦50,000.00 due 01/01/2027');
    const rows = within(within(plan).getByRole('table', { name: 'Payment plan instalments' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '01/12/2026₦50,000.00₦50,000.00Paid',
      '01/01/2027 (next)₦50,000.00₦0.00Due',
    ]);
  });

  it('marks a missed next instalment overdue since its due date', async () => {
    const missed = {
      number: 1,
      dueDate: '2026-11-15',
      amount: '50000.00',
      paidAmount: '0.00',
      remainingAmount: '50000.00',
      state: 'missed' as const,
    };
    const paymentPlan = {
      total: '100000.00',
      instalments: [missed, { ...missed, number: 2, dueDate: '2027-01-01', state: 'due' as const }],
      nextInstalment: missed,
      kind: 'invoice' as const,
      invoiceNumbers: ['INV-00007'],
      payFirstInvoiceNumber: 'INV-00007',
      automaticPayment: null,
    };
    stubApi({ [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, paymentPlan } } });
    renderPage();
    const plan = await screen.findByRole('region', { name: 'Payment plan' });
    expect(within(plan).getByText('Overdue since 15/11/2026')).toBeInTheDocument();
    expect(plan).toHaveTextContent('Next instalment: ₦50,000.00');
    expect(plan).not.toHaveTextContent('due 15/11/2026');
  });

  it('leaves the tax identification number out when the firm has none', async () => {
    stubApi({ [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, firm: { ...invoice.firm, taxNumber: null } } } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-00007' })).toBeInTheDocument();
    expect(screen.queryByText(/Tax identification number/)).not.toBeInTheDocument();
  });

  it('draws the firm’s accent on the bar and table headings with readable text, and shows its logo, how to pay and its footer', async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const footer = 'Obi & Co is regulated by the Nigerian Bar Association.\nThank you for your instructions.';
    stubApi({
      [`GET /public/invoice/${SLUG}`]: {
        data: { ...invoice, firm: { ...invoice.firm, logo, accentColour: '#1F4E79', invoiceFooter: footer } },
      },
    });
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Invoice INV-00007' });
    expect(screen.getByRole('img', { name: 'Obi & Co logo' })).toHaveAttribute('src', logo);
    const bar = screen.getByTestId('invoice-accent-bar');
    const page = bar.parentElement!;
    expect(page.style.getPropertyValue('--invoice-accent')).toBe('#1F4E79');
    // A dark accent: white text on it (8.9:1), and the heading takes the accent (it reads on white).
    expect(page.style.getPropertyValue('--invoice-accent-text')).toBe('#FFFFFF');
    expect(bar.style.backgroundColor).toBe('var(--invoice-accent)');
    expect(heading.style.color).toBe('var(--invoice-accent-ink)');
    const headings = within(screen.getByRole('table', { name: 'Professional fees' })).getAllByRole('rowgroup')[0]!;
    expect(headings.style.backgroundColor).toBe('var(--invoice-accent)');
    expect(headings.style.color).toBe('var(--invoice-accent-text)');
    expect(screen.getByRole('heading', { name: 'Payment instructions' })).toBeInTheDocument();
    expect(screen.getByText('Pay to Zenith Bank 1234567890')).toBeInTheDocument();
    const shownFooter = screen.getByText(/regulated by the Nigerian Bar Association/);
    expect(shownFooter.tagName).toBe('FOOTER');
    expect(shownFooter).toHaveTextContent('Obi & Co is regulated by the Nigerian Bar Association. Thank you for your instructions.');
  });

  it('sets near-black text on a light accent and keeps the heading’s own colour', async () => {
    stubApi({ [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, firm: { ...invoice.firm, accentColour: '#FFD43B' } } } });
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Invoice INV-00007' });
    const page = screen.getByTestId('invoice-accent-bar').parentElement!;
    expect(page.style.getPropertyValue('--invoice-accent-text')).toBe('#1A1B1E');
    expect(page.style.getPropertyValue('--invoice-accent-ink')).toBe('');
    expect(heading.style.color).toBe('');
  });

  it('keeps the page’s own colours and no footer when the firm set neither', async () => {
    stubApi({ [`GET /public/invoice/${SLUG}`]: { data: invoice } });
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Invoice INV-00007' });
    expect(screen.queryByTestId('invoice-accent-bar')).not.toBeInTheDocument();
    expect(heading.style.color).toBe('');
    expect(within(screen.getByRole('table', { name: 'Professional fees' })).getAllByRole('rowgroup')[0]!.style.backgroundColor).toBe('');
    expect(document.querySelector('footer')).toBeNull();
  });

  it('shows a void invoice as void', async () => {
    stubApi({
      [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, status: 'Void', statusLabel: 'Void', voidReason: 'Issued in error' } },
    });
    renderPage();
    expect(await screen.findByText(PUBLIC_INVOICE_TEXT.void)).toBeInTheDocument();
    expect(screen.getByText('Issued in error')).toBeInTheDocument();
  });

  describe('paying online from the link', () => {
    const option: InvoiceLinkPaymentOption = { currencyCode: 'NGN', amountDue: '649812.50', gateway: 'paystack' };
    const started = { checkoutUrl: 'https://checkout.paystack.com/xyz', reference: 'mh_1', gateway: 'paystack', currencyCode: 'NGN' };
    const renderPaying = (checkouts: string[], path = `/billing/invoice/${SLUG}`) =>
      renderRoutes([{ path: '/billing/invoice/:slug', element: <PublicInvoicePage onCheckout={(url) => checkouts.push(url)} /> }], {
        path,
      });

    it('proposes what is left of the next instalment, takes part or more up to the balance, then goes to the gateway’s checkout', async () => {
      const paymentPlan = {
        total: '649812.50',
        instalments: [],
        nextInstalment: {
          number: 2,
          dueDate: '2027-01-01',
          amount: '216604.17',
          paidAmount: '16604.17',
          remainingAmount: '200000.00',
          state: 'due' as const,
        },
        kind: 'invoice' as const,
        invoiceNumbers: ['INV-00007'],
        payFirstInvoiceNumber: 'INV-00007',
        automaticPayment: null,
      };
      const api = stubApi({
        [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, paymentPlan } },
        [`GET /public/invoice/${SLUG}/get-payment-option`]: { data: option },
        [`POST /public/invoice/${SLUG}/start-payment`]: { data: { ...started, amount: '250000.00' } },
      });
      const checkouts: string[] = [];
      renderPaying(checkouts);
      await userEvent.click(await screen.findByRole('button', { name: 'Pay online for this invoice' }));
      const form = screen.getByRole('form', { name: 'Pay online for this invoice' });
      const amount = within(form).getByRole('textbox', { name: /Amount to pay/ });
      expect(amount).toHaveValue('200000.00');
      expect(
        within(form).getByText('Your next instalment: ₦200,000.00 due 01/01/2027; you can pay more, up to ₦649,812.50'),
      ).toBeInTheDocument();
      expect(within(form).getByText(/Paystack’s secure page/)).toBeInTheDocument();

      // More than is due is caught before anything is started.
      await userEvent.clear(amount);
      await userEvent.type(amount, '700000');
      await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Enter an amount up to ₦649,812.50');
      expect(api.callsTo('POST', `/public/invoice/${SLUG}/start-payment`)).toHaveLength(0);

      await userEvent.clear(amount);
      await userEvent.type(amount, '250000');
      await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
      await waitFor(() => expect(checkouts).toEqual([started.checkoutUrl]));
      const calls = api.callsTo('POST', `/public/invoice/${SLUG}/start-payment`);
      expect(calls.map((call) => call.body)).toEqual([{ amount: '250000' }]);
      expect(calls[0]!.headers.get('authorization')).toBeNull();
    });

    it('proposes the balance without a plan, and shows the server’s refusal in words', async () => {
      stubApi({
        [`GET /public/invoice/${SLUG}`]: { data: invoice },
        [`GET /public/invoice/${SLUG}/get-payment-option`]: { data: option },
        [`POST /public/invoice/${SLUG}/start-payment`]: { status: 502, message: PORTAL_PAYMENT_MESSAGES.gatewayUnavailable },
      });
      const checkouts: string[] = [];
      renderPaying(checkouts);
      await userEvent.click(await screen.findByRole('button', { name: 'Pay online for this invoice' }));
      const form = screen.getByRole('form', { name: 'Pay online for this invoice' });
      expect(within(form).getByRole('textbox', { name: /Amount to pay/ })).toHaveValue('649812.50');
      expect(within(form).getByText('Up to ₦649,812.50; you can pay part now')).toBeInTheDocument();
      await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(PORTAL_PAYMENT_MESSAGES.gatewayUnavailable);
      expect(checkouts).toEqual([]);
    });

    it('offers nothing when no gateway takes the currency, and never asks for a void invoice', async () => {
      stubApi({
        [`GET /public/invoice/${SLUG}`]: { data: invoice },
        [`GET /public/invoice/${SLUG}/get-payment-option`]: { data: null },
      });
      renderPaying([]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-00007' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('button', { name: /Pay online/ })).not.toBeInTheDocument());

      const api = stubApi({
        [`GET /public/invoice/${SLUG}`]: { data: { ...invoice, status: 'Void', statusLabel: 'Void', voidReason: 'Issued in error' } },
        [`GET /public/invoice/${SLUG}/get-payment-option`]: { data: option },
      });
      renderPaying([]);
      expect(await screen.findAllByText(PUBLIC_INVOICE_TEXT.void)).not.toHaveLength(0);
      expect(api.callsTo('GET', `/public/invoice/${SLUG}/get-payment-option`)).toHaveLength(0);
    });

    it('says the payment is being confirmed when the gateway sends the payer back', async () => {
      stubApi({
        [`GET /public/invoice/${SLUG}`]: { data: invoice },
        [`GET /public/invoice/${SLUG}/get-payment-option`]: { data: option },
      });
      renderPaying([], `/billing/invoice/${SLUG}?payment=returned`);
      expect((await screen.findByText(PORTAL_PAYMENT_MESSAGES.returned)).closest('[role="status"]')).not.toBeNull();
      expect(await screen.findByRole('button', { name: 'Pay online for this invoice' })).toBeInTheDocument();
    });
  });

  it('says clearly when the link is unknown or revoked', async () => {
    stubApi({ [`GET /public/invoice/${SLUG}`]: { status: 404, message: 'Invoice not found' } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: PUBLIC_INVOICE_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(PUBLIC_INVOICE_TEXT.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: PUBLIC_INVOICE_TEXT.download })).not.toBeInTheDocument();
  });
});
