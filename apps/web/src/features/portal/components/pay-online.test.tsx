import { SAVED_CARD_MESSAGES, type PortalInvoiceSummary, type PortalPaymentOptions } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { clientInvoiceView } from '../../../test/msw/contract-answers.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PayOnline } from './pay-online.tsx';
import { PaymentReturnedNotice } from './payment-returned-notice.tsx';
import { PortalInvoicesTab } from './portal-invoices-tab.tsx';

const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const INVOICE_ID = '0d7f4c1e-2b3a-4c5d-8e9f-102132435465';
const session = fakeSession({ isFirmSignedIn: false, isClientSignedIn: true, clientId: CLIENT_ID, company: 'obi' });
const options: PortalPaymentOptions = {
  payable: [{ kind: 'invoice', id: INVOICE_ID, currencyCode: 'NGN', amountDue: '150000.50', gateway: 'paystack' }],
};
const render = (checkouts: string[], kind: 'invoice' | 'trustRequest' = 'invoice') =>
  renderAt(<PayOnline kind={kind} id={INVOICE_ID} balance="150000.50" currency="₦" onCheckout={(url) => checkouts.push(url)} />, {
    path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`,
    session,
  });

describe('PayOnline', { timeout: 30_000 }, () => {
  it('pays part of the balance: the amount defaults to what is due, then the browser goes to the gateway’s checkout', async () => {
    const api = stubApi({
      'GET /client-portal/get-payment-options': { data: options },
      'POST /client-portal/start-payment': {
        data: {
          checkoutUrl: 'https://checkout.paystack.com/abc',
          reference: 'mh_1',
          gateway: 'paystack',
          amount: '50000.00',
          currencyCode: 'NGN',
        },
      },
    });
    const checkouts: string[] = [];
    render(checkouts);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay online for this invoice' }));
    const amount = screen.getByRole('textbox', { name: /Amount to pay/ });
    expect(amount).toHaveValue('150000.50');
    expect(screen.getByText(/Paystack’s secure page/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '50000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(checkouts).toEqual(['https://checkout.paystack.com/abc']));
    expect(api.callsTo('POST', '/client-portal/start-payment').map((call) => call.body)).toEqual([
      { kind: 'invoice', id: INVOICE_ID, amount: '50000' },
    ]);
  });

  it('lets a client that deducts withholding tax pay the invoice net of it, and says so to the server', async () => {
    const api = stubApi({
      'GET /client-portal/get-payment-options': { data: options },
      [`GET /client-portal/get-invoice/${INVOICE_ID}`]: {
        data: clientInvoiceView({ withholdingTax: { rate: '10', feePart: '100000.00', amount: '10000.00', amountToReceive: '140000.50' } }),
      },
      'POST /client-portal/start-payment': {
        data: {
          checkoutUrl: 'https://checkout.paystack.com/net',
          reference: 'mh_3',
          gateway: 'paystack',
          amount: '140000.50',
          currencyCode: 'NGN',
        },
      },
    });
    const checkouts: string[] = [];
    render(checkouts);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay online for this invoice' }));
    const deduct = await screen.findByRole('checkbox', {
      name: 'We deduct withholding tax of ₦10,000.00 (10% of the fee part) and will send the firm the credit note',
    });
    const amount = screen.getByRole('textbox', { name: /Amount to pay/ });
    expect(amount).toHaveValue('150000.50');
    await userEvent.click(deduct);
    expect(amount).toHaveValue('140000.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(checkouts).toEqual(['https://checkout.paystack.com/net']));
    expect(api.callsTo('POST', '/client-portal/start-payment').map((call) => call.body)).toEqual([
      { kind: 'invoice', id: INVOICE_ID, amount: '140000.50', deductWithholdingTax: true },
    ]);
  });

  it('proposes the next instalment of a payment plan, and the client can still pay more', async () => {
    const api = stubApi({
      'GET /client-portal/get-payment-options': { data: options },
      'POST /client-portal/start-payment': {
        data: {
          checkoutUrl: 'https://checkout.paystack.com/def',
          reference: 'mh_2',
          gateway: 'paystack',
          amount: '80000.00',
          currencyCode: 'NGN',
        },
      },
    });
    const checkouts: string[] = [];
    renderAt(
      <PayOnline
        kind="invoice"
        id={INVOICE_ID}
        balance="150000.50"
        currency="₦"
        nextInstalment={{ dueDate: '2030-02-01', remainingAmount: '50000.00' }}
        onCheckout={(url) => checkouts.push(url)}
      />,
      { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay online for this invoice' }));
    const amount = screen.getByRole('textbox', { name: /Amount to pay/ });
    expect(amount).toHaveValue('50000.00');
    expect(screen.getByText('Your next instalment: ₦50,000.00 due 01/02/2030; you can pay more, up to ₦150,000.50')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '80000');
    // Keeping the card for the instalments to come is the client's choice, unticked until they tick it.
    const keep = screen.getByRole('checkbox', { name: SAVED_CARD_MESSAGES.consent });
    expect(keep).not.toBeChecked();
    await userEvent.click(keep);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(checkouts).toEqual(['https://checkout.paystack.com/def']));
    expect(api.callsTo('POST', '/client-portal/start-payment').map((call) => call.body)).toEqual([
      { kind: 'invoice', id: INVOICE_ID, amount: '80000', saveCard: true },
    ]);
  });

  it('refuses more than is due before asking the server, and shows the server’s refusal', async () => {
    const api = stubApi({
      'GET /client-portal/get-payment-options': { data: options },
      'POST /client-portal/start-payment': {
        status: 502,
        message: 'The payment gateway could not start the payment. Please try again in a moment',
      },
    });
    const checkouts: string[] = [];
    render(checkouts);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay online for this invoice' }));
    const amount = screen.getByRole('textbox', { name: /Amount to pay/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '150000.51');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an amount up to ₦150,000.50');
    expect(api.callsTo('POST', '/client-portal/start-payment')).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The payment gateway could not start the payment. Please try again in a moment')).toBeInTheDocument();
    expect(checkouts).toEqual([]);
  });

  it('is not offered when no gateway takes the currency (bank transfer only)', async () => {
    const api = stubApi({ 'GET /client-portal/get-payment-options': { data: { payable: [] } } });
    render([], 'trustRequest');
    await waitFor(() => expect(api.callsTo('GET', '/client-portal/get-payment-options')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /online/ })).not.toBeInTheDocument();
  });

  it('tells the client back from the checkout that the payment shows once the gateway confirms it', async () => {
    stubApi({});
    renderAt(<PaymentReturnedNotice isShown />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices&payment=returned`, session });
    expect(await screen.findByRole('status')).toHaveTextContent('Payment received by the gateway: it shows here once confirmed');
  });

  it('sits on each invoice of the Invoices tab that a gateway can take, and on no other; one on a payment plan says its next instalment, or that it is overdue', async () => {
    const invoice = (id: string, invoiceNumber: string, balanceDue: string): PortalInvoiceSummary => ({
      id,
      invoiceNumber,
      status: balanceDue === '0.00' ? 'Paid' : 'Sent',
      statusLabel: balanceDue === '0.00' ? 'Paid' : 'Sent',
      issueDate: '2026-10-02',
      dueDate: '2026-11-01',
      total: '150000.50',
      paidAmount: '0.00',
      balanceDue,
      currencySymbol: '₦',
    });
    stubApi({
      'GET /client-portal/get-invoices': {
        data: [
          {
            ...invoice(INVOICE_ID, 'INV-00001', '150000.50'),
            nextInstalment: { dueDate: '2026-12-01', remainingAmount: '50000.00', isMissed: false },
          },
          invoice('1d7f4c1e-2b3a-4c5d-8e9f-102132435465', 'INV-00002', '0.00'),
          {
            ...invoice('2e8f5d2f-3c4b-4d6e-9fa0-213243546576', 'INV-00003', '90000.00'),
            nextInstalment: { dueDate: '2026-11-15', remainingAmount: '30000.00', isMissed: true },
          },
        ],
      },
      'GET /client-portal/get-payment-options': { data: options },
    });
    renderAt(<PortalInvoicesTab clientId={CLIENT_ID} />, { path: `/portal/obi/${CLIENT_ID}?activeTab=invoices`, session });
    const list = await screen.findByRole('list', { name: 'Your invoices' });
    const [unpaid, paid, late] = within(list).getAllByRole('listitem');
    expect(await within(unpaid!).findByRole('button', { name: 'Pay online for this invoice' })).toBeInTheDocument();
    // On a payment plan: the next instalment and what is left of it, under the balance.
    expect(within(unpaid!).getByText('Next instalment ₦50,000.00 due 01/12/2026')).toBeInTheDocument();
    expect(within(unpaid!).queryByText(/^Overdue since/)).not.toBeInTheDocument();
    // A missed one says since when it is overdue, not that it is "due" on a day gone by.
    expect(within(late!).getByText('Next instalment ₦30,000.00')).toBeInTheDocument();
    expect(within(late!).getByText('Overdue since 15/11/2026')).toBeInTheDocument();
    expect(late).not.toHaveTextContent('due 15/11/2026');
    expect(within(paid!).queryByRole('button', { name: 'Pay online for this invoice' })).not.toBeInTheDocument();
  });
});
