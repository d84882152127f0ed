import { invoiceSchema } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCARD_CHANGES_TEXTS } from '../../../components/discard-changes-modal.tsx';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceViewPage } from '../pages/invoice-view-page.tsx';
import { allowSlowRenders, INVOICE_ID, invoiceOf, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const totals = invoiceOf().totals;
/** A sent invoice of ₦1,000.00, nothing paid yet. */
const sent = invoiceSchema.parse({
  ...invoiceOf({
    status: 'Sent',
    statusLabel: 'Sent',
    invoiceNumber: 'INV-00031',
    sentAt: '2026-11-02T10:00:00.000Z',
    totals: { ...totals, subtotal: '1000.00', total: '1000.00', paidAmount: '0.00', balanceDue: '1000.00' },
  }),
  currencyCode: 'NGN',
});

function renderInvoice() {
  stubApi({
    [`GET /api/admin/invoice/get-invoice/${INVOICE_ID}`]: () => ({ data: sent }),
    'GET /api/admin/accounting/get-bank-account-options': { data: { options: [] } },
  });
  const user = userEvent.setup();
  renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
    path: `/billing/invoices/${INVOICE_ID}`,
    session: sessionWith(['administrator']),
  });
  return user;
}

const question = () => screen.findByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title });

describe("The invoice's modal forms keep what was typed", { timeout: 60_000 }, () => {
  it('Record payment: Escape over a typed reference asks; Keep editing keeps it; untouched, it closes at once', async () => {
    const user = renderInvoice();
    const opener = await screen.findByRole('button', { name: 'Record payment' });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record payment' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TEXTS.title })).not.toBeInTheDocument();

    await user.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'TRF-2291');
    await user.keyboard('{Escape}');
    await user.click(within(await question()).getByRole('button', { name: DISCARD_CHANGES_TEXTS.keepEditing }));
    expect(within(dialog).getByRole('textbox', { name: 'Reference' })).toHaveValue('TRF-2291');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await question()).getByRole('button', { name: DISCARD_CHANGES_TEXTS.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record payment' })).not.toBeInTheDocument());
  });

  it('Void: a typed reason is not lost to the close button', async () => {
    const user = renderInvoice();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void invoice' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Issued to the wrong client');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await question()).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Issued to the wrong client');
  });
});
