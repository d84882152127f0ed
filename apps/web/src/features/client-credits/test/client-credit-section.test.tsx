import { clientCreditsSchema, todayIso, type ClientCredits } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { ClientCreditSection } from '../components/client-credit-section.tsx';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const INVOICE_ID = '99999999-9999-4999-8999-999999999999';
const GET = '/api/admin/client-credit/get-client-credits';
const APPLY = '/api/admin/client-credit/apply-client-credit';
const REFUND = '/api/admin/client-credit/refund-client-credit';

// A loaded two-core machine renders a Mantine page slowly: findBy and waitFor wait up to 10 s.
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));

/** The client's credit as get-client-credits answers it (parsed by the shared schema, so the stub keeps to the contract). */
function creditsOf(balance: string | null): ClientCredits {
  return clientCreditsSchema.parse({
    clientId: CLIENT_ID,
    balances: balance ? [{ currencyCode: 'NGN', balance }] : [],
    movements: [
      {
        id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        kind: 'overpayment',
        amount: '200.00',
        currencyCode: 'NGN',
        movementDate: '2026-11-05',
        invoiceId: '88888888-8888-4888-8888-888888888888',
        invoiceNumber: 'INV-00007',
        creditNoteNumber: null,
        reference: 'RCT-00012',
        byUserName: 'Grace Hopper',
        createdAt: '2026-11-05T10:00:00.000Z',
      },
    ],
    payableInvoices: balance
      ? [{ id: INVOICE_ID, invoiceNumber: 'INV-00009', currencyCode: 'NGN', balanceDue: '500.00', dueDate: '2026-12-01' }]
      : [],
  });
}

const renderSection = (permissions: string[]) =>
  renderRoutes([{ path: '/clients/:id', element: <ClientCreditSection clientId={CLIENT_ID} /> }], {
    path: `/clients/${CLIENT_ID}`,
    session: fakeSession({ permissions }),
  });

describe('ClientCreditSection', { timeout: 60_000 }, () => {
  it('shows nothing while the client has no credit, and asks nothing without paymentInfo', async () => {
    const api = stubApi({ [`GET ${GET}`]: { data: creditsOf(null) } });
    renderSection(['clientInfo', 'paymentInfo']);
    await waitFor(() => expect(api.callsTo('GET', GET)).toHaveLength(1));
    expect(api.lastQuery(GET)?.get('ClientId')).toBe(CLIENT_ID);
    expect(screen.queryByRole('region', { name: 'Credit balance' })).not.toBeInTheDocument();

    const without = stubApi({ [`GET ${GET}`]: { data: creditsOf('200.00') } });
    renderSection(['clientInfo']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(without.callsTo('GET', GET)).toHaveLength(0);
  });

  it('shows the balance and its movements, and only reading them without paymentInfo.create', async () => {
    stubApi({ [`GET ${GET}`]: { data: creditsOf('200.00') } });
    renderSection(['clientInfo', 'paymentInfo']);
    const section = await screen.findByRole('region', { name: 'Credit balance' });
    expect(within(section).getByRole('group', { name: 'NGN credit' })).toHaveTextContent('NGN 200.00');
    const movements = within(section).getByRole('table', { name: 'Credit movements' });
    expect(within(movements).getByText('Overpayment kept as credit · INV-00007 · RCT-00012')).toBeInTheDocument();
    expect(within(movements).getByText('05/11/2026')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Apply to invoice' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('applies the credit to an open invoice of the client: the form focuses the invoice, offers what the credit can pay, and sends it', async () => {
    let credits = creditsOf('200.00');
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: credits }),
      [`POST ${APPLY}`]: () => {
        credits = creditsOf(null);
        return { data: credits, message: 'Client credit applied' };
      },
    });
    const user = userEvent.setup();
    renderSection(['clientInfo', 'paymentInfo', 'paymentInfo.create']);
    const section = await screen.findByRole('region', { name: 'Credit balance' });
    await user.click(within(section).getByRole('button', { name: 'Apply to invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply NGN credit to an invoice' });
    const invoice = within(dialog).getByRole('combobox', { name: /Invoice/ });
    await waitFor(() => expect(invoice).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Apply credit' }));
    expect(await within(dialog).findByText('Choose the invoice')).toBeInTheDocument();
    expect(api.callsTo('POST', APPLY)).toHaveLength(0);

    await user.click(invoice);
    await user.click(await screen.findByRole('option', { name: /INV-00009 · owes NGN 500\.00/ }));
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveValue('200.00');
    await user.click(within(dialog).getByRole('button', { name: 'Apply credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Apply NGN credit to an invoice' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', APPLY).map((call) => call.body)).toEqual([
      { clientId: CLIENT_ID, currencyCode: 'NGN', invoiceId: INVOICE_ID, amount: '200.00' },
    ]);
    expect(api.callsTo('POST', APPLY)[0]?.headers.get('idempotency-key')).toBeTruthy();
    // Spent: the section goes once the credit is refetched.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Credit balance' })).not.toBeInTheDocument());
  });

  it('refunds the credit: the amount is focused and starts at all of it, a reference is required, the date is today', async () => {
    const api = stubApi({
      [`GET ${GET}`]: { data: creditsOf('200.00') },
      [`POST ${REFUND}`]: { data: creditsOf('50.00'), message: 'Client credit refunded' },
      'GET /api/admin/accounting/get-bank-account-options': { data: { options: [] } },
    });
    const user = userEvent.setup();
    renderSection(['clientInfo', 'paymentInfo', 'paymentInfo.create']);
    const section = await screen.findByRole('region', { name: 'Credit balance' });
    await user.click(within(section).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund NGN credit' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveValue('200.00');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The client’s credit is NGN 200.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Reference is required')).toBeInTheDocument();
    expect(api.callsTo('POST', REFUND)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '150');
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'TRF-77');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund NGN credit' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', REFUND).map((call) => call.body)).toEqual([
      { clientId: CLIENT_ID, currencyCode: 'NGN', amount: '150', refundDate: todayIso(), reference: 'TRF-77', bankAccountId: null },
    ]);
  });
});
