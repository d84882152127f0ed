import type { OnlinePayment } from '@matterhorn/shared';
import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { OnlinePaymentsPage } from '../pages/online-payments-page.tsx';

const paid: OnlinePayment = {
  id: '77777777-7777-4777-8777-777777777777',
  startedAt: '2026-10-07T10:00:00.000Z',
  settledAt: '2026-10-07T10:02:00.000Z',
  clientId: '11111111-1111-4111-8111-111111111111',
  clientName: 'Acme Holdings Ltd',
  paidBy: 'Ada Obi',
  kind: 'invoice',
  itemId: '99999999-9999-4999-8999-999999999999',
  itemNumber: 'INV-00012',
  gateway: 'paystack',
  reference: 'MH-7Q2XK',
  amount: '30000.50',
  currencyCode: 'NGN',
  currencySymbol: '₦',
  status: 'succeeded',
  fee: '450.01',
  failureReason: null,
  excessToRefund: '5000.00',
  unappliedAmount: '5000.00',
  needsAttention: true,
};
const refused: OnlinePayment = {
  ...paid,
  id: '88888888-8888-4888-8888-888888888888',
  paidBy: 'Acme Holdings Ltd',
  kind: 'trustRequest',
  itemId: '66666666-6666-4666-8666-666666666666',
  itemNumber: 'TR-00003',
  gateway: 'stripe',
  currencyCode: 'USD',
  currencySymbol: '$',
  amount: '120.00',
  status: 'refused',
  settledAt: null,
  fee: null,
  failureReason: 'Charged 100.00 USD, not the 120.00 USD started',
  excessToRefund: null,
  unappliedAmount: '100.00',
  needsAttention: true,
};
const LIST = 'GET /admin/client-portal/get-online-payments';

describe('OnlinePaymentsPage', { timeout: 30_000 }, () => {
  it('shows each payment with who paid, its item, fee, status and what the firm must do', async () => {
    stubApi({ [LIST]: { data: { data: [paid, refused], page: 1, size: 20, totalCount: 2 } } });
    renderAt(<OnlinePaymentsPage />, {
      path: '/billing/online-payments',
      session: fakeSession({ permissions: ['paymentInfo'] }),
    });
    const table = await screen.findByRole('table', { name: 'Online payments' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('07/10/2026');
    expect(first).toHaveTextContent('Ada ObiAcme Holdings Ltd');
    expect(within(first!).getByRole('link', { name: 'Invoice INV-00012' })).toHaveAttribute('href', `/billing/invoices/${paid.itemId}`);
    expect(first).toHaveTextContent('Paystack · MH-7Q2XK');
    expect(first).toHaveTextContent('₦30,000.50');
    expect(first).toHaveTextContent('₦450.01');
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent('Refund ₦5,000.00 to the client: the invoice was paid another way meanwhile');
    expect(within(second!).getByRole('link', { name: 'Trust request TR-00003' })).toHaveAttribute(
      'href',
      `/clients/${refused.clientId}?activeTab=trust`,
    );
    expect(second).toHaveTextContent('Refused: Charged 100.00 USD, not the 120.00 USD started. Refund it through the gateway');
    expect(screen.getByTestId('online-payments-count')).toHaveTextContent('2 online payments');
    // jsdom draws nothing, so contrast is left to the journeys.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((v) => v.id)).toEqual([]);
  });

  it('records the refund of money a payment holds unapplied, for whoever may edit payments', async () => {
    const refund = `POST /admin/client-portal/resolve-unapplied-payment/${paid.id}`;
    const api = stubApi({
      [LIST]: { data: { data: [paid, { ...refused, unappliedAmount: '0.00', needsAttention: false }], page: 1, size: 20, totalCount: 2 } },
      [refund]: { data: { id: paid.id, unappliedAmount: '0.00', currencyCode: 'NGN' }, message: 'Unapplied money refunded' },
    });
    const user = userEvent.setup({ delay: null });
    renderAt(<OnlinePaymentsPage />, {
      path: '/billing/online-payments',
      session: fakeSession({ permissions: ['paymentInfo', 'paymentInfo.edit'] }),
    });
    const table = await screen.findByRole('table', { name: 'Online payments' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(second).toHaveTextContent('The money it held was refunded or applied');
    expect(within(second!).queryByRole('button')).toBeNull();
    await user.click(within(first!).getByRole('button', { name: 'Record refund of ₦5,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this refund?' });
    expect(dialog).toHaveTextContent('₦5,000.00 goes back to Acme Holdings Ltd from the operating bank');
    await user.type(within(dialog).getByLabelText('Refund reference'), 'NIP/REF/77');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(api.callsTo('POST', `/admin/client-portal/resolve-unapplied-payment/${paid.id}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/admin/client-portal/resolve-unapplied-payment/${paid.id}`)[0]!.body).toEqual({
      action: 'refund',
      reference: 'NIP/REF/77',
    });
  });

  it('offers no refund to whoever may only see payments', async () => {
    stubApi({ [LIST]: { data: { data: [paid], page: 1, size: 20, totalCount: 1 } } });
    renderAt(<OnlinePaymentsPage />, { path: '/billing/online-payments', session: fakeSession({ permissions: ['paymentInfo'] }) });
    await screen.findByRole('table', { name: 'Online payments' });
    expect(screen.queryByRole('button', { name: /Record refund/ })).toBeNull();
  });

  it('asks for what needs attention, or one status, from the first page', async () => {
    const api = stubApi({ [LIST]: { data: { data: [], page: 1, size: 20, totalCount: 0 } } });
    const user = userEvent.setup({ delay: null });
    renderAt(<OnlinePaymentsPage />, { path: '/billing/online-payments', session: fakeSession({ permissions: ['paymentInfo'] }) });
    expect(await screen.findByText('No client has paid online yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'attention');
    await waitFor(() => expect(api.lastQuery('/admin/client-portal/get-online-payments')?.get('NeedsAttention')).toBe('true'));
    await user.selectOptions(screen.getByLabelText('Show'), 'refused');
    await waitFor(() => expect(api.lastQuery('/admin/client-portal/get-online-payments')?.get('Status')).toBe('refused'));
    expect(api.lastQuery('/admin/client-portal/get-online-payments')?.get('NeedsAttention')).toBeNull();
    expect(api.lastQuery('/admin/client-portal/get-online-payments')?.get('page')).toBe('1');
    expect(await screen.findByText('No online payment matches.')).toBeInTheDocument();
  });

  it('keeps what it shows and its page in the URL: a reload or a shared link opens the same list', async () => {
    const api = stubApi({ [LIST]: { data: { data: [refused], page: 2, size: 20, totalCount: 21 } } });
    const user = userEvent.setup({ delay: null });
    const { router } = renderAt(<OnlinePaymentsPage />, {
      path: '/billing/online-payments?show=refused&page=2',
      session: fakeSession({ permissions: ['paymentInfo'] }),
    });
    await screen.findByRole('table', { name: 'Online payments' });
    expect(screen.getByLabelText('Show')).toHaveValue('refused');
    const query = api.lastQuery('/admin/client-portal/get-online-payments');
    expect(query?.get('Status')).toBe('refused');
    expect(query?.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Show'), 'attention');
    await waitFor(() => expect(router.state.location.search).toBe('?show=attention'));
    await waitFor(() => expect(api.lastQuery('/admin/client-portal/get-online-payments')?.get('NeedsAttention')).toBe('true'));
    expect(api.lastQuery('/admin/client-portal/get-online-payments')?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Show')).toHaveValue('');
  });

  it('reads a status the URL names wrongly as every payment', async () => {
    const api = stubApi({ [LIST]: { data: { data: [paid], page: 1, size: 20, totalCount: 1 } } });
    renderAt(<OnlinePaymentsPage />, {
      path: '/billing/online-payments?show=settled',
      session: fakeSession({ permissions: ['paymentInfo'] }),
    });
    await screen.findByRole('table', { name: 'Online payments' });
    const query = api.lastQuery('/admin/client-portal/get-online-payments');
    expect(query?.get('Status')).toBeNull();
    expect(query?.get('NeedsAttention')).toBeNull();
    expect(screen.getByLabelText('Show')).toHaveValue('');
  });
});
