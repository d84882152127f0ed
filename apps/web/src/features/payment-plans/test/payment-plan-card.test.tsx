import { allocateInstalments, paymentPlanInputSchema, type InvoicePaymentPlans, type PaymentPlan } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PLAN_EDITOR_TEXT } from '../components/payment-plan-editor.tsx';
import { PAYMENT_PLAN_TEXT, PaymentPlanCard } from '../components/payment-plan-card.tsx';

configure({ asyncUtilTimeout: 10_000 });

const INVOICE_ID = '99999999-9999-4999-8999-999999999999';
const BASE = '/api/admin/payment-plans';
const TODAY = '2030-01-15';

const viewOf = (plan: PaymentPlan | null, history: PaymentPlan[] = [], more: Partial<InvoicePaymentPlans> = {}): InvoicePaymentPlans => ({
  invoiceId: INVOICE_ID,
  invoiceNumber: 'INV-00007',
  currencyCode: 'NGN',
  currencySymbol: '₦',
  balanceDue: '100000.00',
  today: TODAY,
  canHavePlan: true,
  plan,
  history,
  automaticPayment: null,
  clientPlan: null,
  automaticCharges: [],
  ...more,
});

const planOf = (covered: string, today = TODAY): PaymentPlan => {
  const instalments = allocateInstalments(
    [
      { dueDate: '2030-01-01', amount: '40000.00' },
      { dueDate: '2030-02-01', amount: '60000.00' },
    ],
    covered,
    today,
  );
  return {
    id: '77777777-7777-4777-8777-777777777777',
    status: 'Active',
    total: '100000.00',
    coveredAmount: covered,
    createdAt: '2029-12-20T09:00:00.000Z',
    createdByName: 'Grace Hopper',
    endedAt: null,
    endedByName: null,
    instalments,
    nextInstalment: instalments.find((row) => row.state !== 'paid') ?? null,
    missedCount: instalments.filter((row) => row.state === 'missed').length,
  };
};

const render = (permissions: string[]) =>
  renderAt(<PaymentPlanCard invoiceId={INVOICE_ID} balanceDue="100000.00" />, { session: fakeSession({ permissions }) });

describe('PaymentPlanCard', { timeout: 60_000 }, () => {
  it('sets up a plan with the equal-parts helper, saying the difference live and sending the rows once', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-invoice-plans/${INVOICE_ID}`]: () => ({ data: viewOf(null) }),
      [`POST ${BASE}/create-plan/${INVOICE_ID}`]: () => ({ data: viewOf(planOf('0.00')), message: 'Payment plan set up' }),
    });
    const user = userEvent.setup();
    render(['invoice', 'invoice.approve']);
    expect(await screen.findByText(PAYMENT_PLAN_TEXT.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PAYMENT_PLAN_TEXT.setUp }));
    const parts = screen.getByRole('textbox', { name: PLAN_EDITOR_TEXT.parts });
    await user.clear(parts);
    await user.type(parts, '4');
    await user.click(screen.getByRole('button', { name: PLAN_EDITOR_TEXT.fill }));
    expect(screen.getAllByRole('group', { name: /^Instalment \d$/ })).toHaveLength(4);
    expect(screen.getByTestId('plan-difference')).toHaveTextContent('add up to the balance: ₦100,000.00 of ₦100,000.00');

    const last = within(screen.getByRole('group', { name: 'Instalment 4' })).getByRole('textbox', { name: 'Instalment 4 amount' });
    await user.clear(last);
    await user.type(last, '15000');
    expect(screen.getByTestId('plan-difference')).toHaveTextContent(
      'The instalments add up to 90,000.00, 10,000.00 less than the balance of 100,000.00',
    );
    await user.click(screen.getByRole('button', { name: PLAN_EDITOR_TEXT.save }));
    expect(api.callsTo('POST', `${BASE}/create-plan/${INVOICE_ID}`)).toHaveLength(0);

    await user.clear(last);
    await user.type(last, '25000');
    await user.click(screen.getByRole('button', { name: PLAN_EDITOR_TEXT.save }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/create-plan/${INVOICE_ID}`)).toHaveLength(1));
    const sent = paymentPlanInputSchema.parse(api.callsTo('POST', `${BASE}/create-plan/${INVOICE_ID}`)[0]!.body);
    expect(sent.instalments).toEqual([
      { dueDate: '2030-01-15', amount: '25000.00' },
      { dueDate: '2030-02-15', amount: '25000.00' },
      { dueDate: '2030-03-15', amount: '25000.00' },
      { dueDate: '2030-04-15', amount: '25000' },
    ]);
    expect(await screen.findByRole('table', { name: 'Instalments' })).toBeInTheDocument();
  });

  it('points to the client’s plan when the invoice is in a plan on the client’s balance, offering no plan of its own', async () => {
    const clientPlan = { clientId: '55555555-5555-4555-8555-555555555555', clientName: 'Northbank Plc', invoiceCount: 2 };
    stubApi({ [`GET ${BASE}/get-invoice-plans/${INVOICE_ID}`]: () => ({ data: viewOf(null, [], { canHavePlan: false, clientPlan }) }) });
    render(['invoice', 'invoice.approve']);
    expect(await screen.findByText(PAYMENT_PLAN_TEXT.inClientPlan('Northbank Plc', 2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAYMENT_PLAN_TEXT.seeClientPlan })).toHaveAttribute(
      'href',
      '/clients/55555555-5555-4555-8555-555555555555',
    );
    expect(screen.queryByRole('button', { name: PAYMENT_PLAN_TEXT.setUp })).toBeNull();
  });

  it('shows each instalment’s state, flags a missed one, and offers no change to those who may not approve invoices', async () => {
    stubApi({ [`GET ${BASE}/get-invoice-plans/${INVOICE_ID}`]: () => ({ data: viewOf(planOf('50000.00', '2030-02-02')) }) });
    render(['invoice']);
    const table = await screen.findByRole('table', { name: 'Instalments' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['01/01/2030', '₦40,000.00', '₦40,000.00', 'Paid'],
      ['01/02/2030 (next)', '₦60,000.00', '₦10,000.00', 'Missed'],
    ]);
    expect(screen.getByText(PAYMENT_PLAN_TEXT.missed(1))).toBeInTheDocument();
    expect(screen.getByText('Next: ₦50,000.00 due 01/02/2030')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYMENT_PLAN_TEXT.replace })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYMENT_PLAN_TEXT.cancel })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: PAYMENT_PLAN_TEXT.automatic })).toHaveTextContent(PAYMENT_PLAN_TEXT.noCard);
  });

  it('shows the client’s saved card and each charge of it, a declined one with the gateway’s words', async () => {
    stubApi({
      [`GET ${BASE}/get-invoice-plans/${INVOICE_ID}`]: () => ({
        data: viewOf(planOf('40000.00', '2030-02-02'), [], {
          automaticPayment: { description: 'Visa ending 4081', consentedAt: '2029-12-28T10:00:00.000Z' },
          automaticCharges: [
            {
              instalmentNumber: 2,
              attemptedAt: '2030-02-01T08:00:00.000Z',
              amount: '60000.00',
              cardDescription: 'Visa ending 4081',
              status: 'failed',
              failureReason: 'Paystack: Insufficient Funds',
            },
          ],
        }),
      }),
    });
    render(['invoice']);
    const automatic = await screen.findByRole('region', { name: PAYMENT_PLAN_TEXT.automatic });
    expect(automatic).toHaveTextContent(PAYMENT_PLAN_TEXT.card('Visa ending 4081', '28/12/2029'));
    const charges = within(automatic).getAllByRole('listitem');
    expect(charges.map((charge) => charge.textContent)).toEqual([
      'Declined01/02/2030 · instalment 2 · ₦60,000.00 to Visa ending 4081 — Paystack: Insufficient Funds',
    ]);
  });

  it('cancels the live plan after asking, keeping it in the history', async () => {
    const cancelled = { ...planOf('0.00'), status: 'Cancelled' as const, endedAt: '2030-01-15T10:00:00.000Z', endedByName: 'Grace Hopper' };
    const api = stubApi({
      [`GET ${BASE}/get-invoice-plans/${INVOICE_ID}`]: () => ({ data: viewOf(planOf('0.00')) }),
      [`POST ${BASE}/cancel-plan/${INVOICE_ID}`]: () => ({ data: viewOf(null, [cancelled]), message: 'Payment plan cancelled' }),
    });
    const user = userEvent.setup();
    render(['invoice', 'invoice.approve']);
    await user.click(await screen.findByRole('button', { name: PAYMENT_PLAN_TEXT.cancel }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_PLAN_TEXT.cancel }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/cancel-plan/${INVOICE_ID}`)).toHaveLength(1));
    expect(await screen.findByText(PAYMENT_PLAN_TEXT.none)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: PAYMENT_PLAN_TEXT.history })).toHaveTextContent('cancelled on 15/01/2030');
  });
});
