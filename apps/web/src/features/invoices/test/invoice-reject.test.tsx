import { invoiceSchema, type Invoice } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceViewPage } from '../pages/invoice-view-page.tsx';
import { invoiceActionsFor } from '../utils/invoice-actions.ts';
import { allowSlowRenders, INVOICE_ID, invoiceOf, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const GET = `/api/admin/invoice/get-invoice/${INVOICE_ID}`;
const REJECT = `/api/admin/invoice/reject-invoice/${INVOICE_ID}`;

/** An invoice as get-invoice answers it (parsed by the shared schema, so the stub keeps to the contract). */
function invoiceAnswer(overrides: Partial<Invoice>): Invoice {
  return invoiceSchema.parse(
    invoiceOf({ invoiceNumber: 'INV-00012', status: 'AwaitingApproval', statusLabel: 'Awaiting approval', ...overrides }),
  );
}

const renderView = (permissions: string[]) =>
  renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
    path: `/billing/invoices/${INVOICE_ID}`,
    session: sessionWith(permissions),
  });

describe('InvoiceViewPage: reject back to draft', { timeout: 60_000 }, () => {
  it('offers Reject beside Approve to an approver; the modal focuses the reason, requires it, and sends it', async () => {
    let current = invoiceAnswer({});
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: current }),
      [`POST ${REJECT}`]: (call) => {
        const { reason } = call.body as { reason: string };
        current = invoiceAnswer({
          status: 'Draft',
          statusLabel: 'Draft',
          lastRejection: { reason, byUserName: 'Grace Hopper', at: '2026-11-03T12:00:00.000Z' },
        });
        return { data: current, message: 'Invoice rejected: returned to draft' };
      },
    });
    const user = userEvent.setup();
    renderView(['invoice', 'invoice.approve']);
    const actions = await screen.findByRole('group', { name: 'Invoice actions' });
    expect(within(actions).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject invoice' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute('maxlength', '500');
    await user.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST', REJECT)).toHaveLength(0);

    await user.type(reason, '  The partner rate is wrong ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject invoice' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', REJECT).map((call) => call.body)).toEqual([{ reason: 'The partner rate is wrong' }]);

    // The page refreshes to the draft, which says why it came back.
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Returned to draft');
    expect(notice).toHaveTextContent('Rejected by Grace Hopper on 03/11/2026: The partner rate is wrong');
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('offers no Reject without invoice.approve, nor on an invoice that is not awaiting approval', async () => {
    stubApi({ [`GET ${GET}`]: () => ({ data: invoiceAnswer({}) }) });
    renderView(['invoice', 'invoice.edit']);
    const actions = await screen.findByRole('group', { name: 'Invoice actions' });
    expect(within(actions).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows the last rejection only while the invoice is a draft', async () => {
    const lastRejection = { reason: 'Add the second stage', byUserName: 'Grace Hopper', at: '2026-11-03T12:00:00.000Z' };
    stubApi({ [`GET ${GET}`]: () => ({ data: invoiceAnswer({ status: 'Approved', statusLabel: 'Approved', lastRejection }) }) });
    renderView(['administrator']);
    await screen.findByRole('group', { name: 'Invoice actions' });
    expect(screen.queryByText(/Add the second stage/)).not.toBeInTheDocument();
  });
});

describe('invoiceActionsFor: reject and a numbered draft', () => {
  it('offers Reject only on an invoice awaiting approval, to approvers', () => {
    expect(invoiceActionsFor(invoiceAnswer({}), ['invoice', 'invoice.approve']).reject).toBe(true);
    expect(invoiceActionsFor(invoiceAnswer({}), ['invoice', 'invoice.edit']).reject).toBe(false);
    for (const status of ['Draft', 'Approved', 'Sent', 'Void'] as const)
      expect(invoiceActionsFor(invoiceAnswer({ status }), ['administrator']).reject, status).toBe(false);
  });
  it('voids, never deletes, a draft that kept its number after a rejection', () => {
    const rejected = invoiceAnswer({ status: 'Draft', invoiceNumber: 'INV-00012' });
    expect(invoiceActionsFor(rejected, ['administrator'])).toMatchObject({ delete: false, void: true, submit: true });
    const fresh = invoiceAnswer({ status: 'Draft', invoiceNumber: null });
    expect(invoiceActionsFor(fresh, ['administrator'])).toMatchObject({ delete: true, void: false });
  });
});
