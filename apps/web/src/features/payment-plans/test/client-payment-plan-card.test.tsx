import {
  allocateInstalments,
  clientPaymentPlanInputSchema,
  type ClientBalancePlan,
  type ClientPaymentPlans,
  type CoverableInvoice,
} from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { CHECKLIST_TEXT } from '../components/client-invoice-checklist.tsx';
import { CLIENT_PLAN_TEXT, ClientPaymentPlanCard } from '../components/client-payment-plan-card.tsx';
import { CLIENT_PLAN_FORM_TEXT } from '../components/client-plan-form.tsx';
import { PLAN_EDITOR_TEXT } from '../components/payment-plan-editor.tsx';

configure({ asyncUtilTimeout: 10_000 });

const CLIENT_ID = '55555555-5555-4555-8555-555555555555';
const BASE = '/api/admin/payment-plans';
const TODAY = '2030-01-15';
const OLDER = '11111111-1111-4111-8111-111111111111';
const NEWER = '22222222-2222-4222-8222-222222222222';
const OWN_PLAN = '33333333-3333-4333-8333-333333333333';

const invoice = (invoiceId: string, invoiceNumber: string, balanceDue: string, more: Partial<CoverableInvoice> = {}): CoverableInvoice => ({
  invoiceId,
  invoiceNumber,
  issueDate: '2029-12-01',
  balanceDue,
  currencyCode: 'NGN',
  currencySymbol: '₦',
  livePlan: null,
  ...more,
});

const viewOf = (plan: ClientBalancePlan | null, openInvoices: CoverableInvoice[]): ClientPaymentPlans => ({
  clientId: CLIENT_ID,
  clientName: 'Northbank Plc',
  today: TODAY,
  plan,
  history: [],
  openInvoices,
});

const planOf = (covered: string): ClientBalancePlan => {
  const instalments = allocateInstalments(
    [
      { dueDate: '2030-01-01', amount: '500.00' },
      { dueDate: '2030-02-01', amount: '400.00' },
    ],
    covered,
    TODAY,
  );
  return {
    id: '77777777-7777-4777-8777-777777777777',
    status: 'Active',
    total: '900.00',
    coveredAmount: covered,
    createdAt: '2029-12-20T09:00:00.000Z',
    createdByName: 'Grace Hopper',
    endedAt: null,
    endedByName: null,
    instalments,
    nextInstalment: instalments.find((row) => row.state !== 'paid') ?? null,
    missedCount: instalments.filter((row) => row.state === 'missed').length,
    currencyCode: 'NGN',
    currencySymbol: '₦',
    balanceDue: '700.00',
    invoices: [
      { invoiceId: OLDER, invoiceNumber: 'INV-00001', issueDate: '2029-11-01', balanceDue: '100.00' },
      { invoiceId: NEWER, invoiceNumber: 'INV-00002', issueDate: '2029-12-01', balanceDue: '600.00' },
    ],
  };
};

const render = (permissions: string[]) =>
  renderAt(<ClientPaymentPlanCard clientId={CLIENT_ID} />, { session: fakeSession({ permissions }) });

describe('ClientPaymentPlanCard', { timeout: 60_000 }, () => {
  it('sets up a plan over the ticked open invoices, their balances the total, an invoice with its own plan left out', async () => {
    const open = [
      invoice(OLDER, 'INV-00001', '300.00'),
      invoice(NEWER, 'INV-00002', '600.00'),
      invoice(OWN_PLAN, 'INV-00003', '50.00', { livePlan: 'invoice' }),
    ];
    const api = stubApi({
      [`GET ${BASE}/get-client-plans/${CLIENT_ID}`]: () => ({ data: viewOf(null, open) }),
      [`POST ${BASE}/create-client-plan/${CLIENT_ID}`]: () => ({ data: viewOf(planOf('0.00'), open), message: 'Payment plan set up' }),
    });
    const user = userEvent.setup();
    render(['invoice', 'invoice.approve']);
    expect(await screen.findByText(CLIENT_PLAN_TEXT.none)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CLIENT_PLAN_TEXT.setUp }));
    const checklist = await screen.findByRole('group', { name: CHECKLIST_TEXT.legend });
    expect(within(checklist).getByRole('checkbox', { name: /INV-00001/ })).toBeChecked();
    expect(within(checklist).getByRole('checkbox', { name: /INV-00003/ })).toBeDisabled();
    expect(screen.getByText(CLIENT_PLAN_FORM_TEXT.total('₦900.00'))).toBeInTheDocument();

    // Unticking an invoice lowers the total and starts the instalments afresh for it.
    await user.click(within(checklist).getByRole('checkbox', { name: /INV-00001/ }));
    expect(screen.getByText(CLIENT_PLAN_FORM_TEXT.total('₦600.00'))).toBeInTheDocument();
    expect(screen.getByTestId('plan-difference')).toHaveTextContent('₦600.00 of ₦600.00');
    await user.click(within(checklist).getByRole('checkbox', { name: /INV-00001/ }));
    await user.click(screen.getByRole('button', { name: PLAN_EDITOR_TEXT.save }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/create-client-plan/${CLIENT_ID}`)).toHaveLength(1));
    const sent = clientPaymentPlanInputSchema.parse(api.callsTo('POST', `${BASE}/create-client-plan/${CLIENT_ID}`)[0]!.body);
    expect(sent.currencyCode).toBe('NGN');
    expect([...sent.invoiceIds].sort()).toEqual([OLDER, NEWER]);
    expect(sent.instalments).toEqual([
      { dueDate: '2030-01-15', amount: '300.00' },
      { dueDate: '2030-02-15', amount: '300.00' },
      { dueDate: '2030-03-15', amount: '300.00' },
    ]);
    expect(await screen.findByRole('table', { name: 'Instalments' })).toBeInTheDocument();
  });

  it('shows the live plan’s invoices and instalments, flags a missed one, and offers no change to those who may not approve invoices', async () => {
    stubApi({ [`GET ${BASE}/get-client-plans/${CLIENT_ID}`]: () => ({ data: viewOf(planOf('200.00'), []) }) });
    render(['invoice']);
    expect(await screen.findByText(/over 2 invoices \(INV-00001, INV-00002\) in 2 instalments/)).toBeInTheDocument();
    expect(screen.getByText('Instalment missed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(CLIENT_PLAN_TEXT.missed(1));
    expect(screen.queryByRole('button', { name: CLIENT_PLAN_TEXT.replace })).toBeNull();
  });
});
