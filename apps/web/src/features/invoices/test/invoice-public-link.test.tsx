import { invoiceSchema, type CurrentInvoiceLink, type Invoice } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceViewPage } from '../pages/invoice-view-page.tsx';
import { allowSlowRenders, INVOICE_ID, invoiceOf, sessionWith, stubApi } from './stub-invoices.ts';

allowSlowRenders();

const GET = `/api/admin/invoice/get-invoice/${INVOICE_ID}`;
const LINK = `/api/admin/invoice/get-invoice-link/${INVOICE_ID}`;
const REISSUE = `/api/admin/invoice/reissue-invoice-link/${INVOICE_ID}`;
const SEND = `/api/admin/invoice/send-invoice/${INVOICE_ID}`;
const OLD_URL = 'http://localhost/billing/invoice/AAAAAAAAAAAAAAAAAAAAAA';
const NEW_URL = 'http://localhost/billing/invoice/BBBBBBBBBBBBBBBBBBBBBB';

const invoiceAnswer = (overrides: Partial<Invoice>): Invoice =>
  invoiceSchema.parse(invoiceOf({ invoiceNumber: 'INV-00012', clientEmail: 'ada@client.test', ...overrides }));

const renderView = () =>
  renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
    path: `/billing/invoices/${INVOICE_ID}`,
    session: sessionWith(['invoice', 'invoice.edit', 'invoice.approve']),
  });

describe('InvoiceViewPage: the public link and sending', { timeout: 60_000 }, () => {
  it('shows the current link with Copy and where it was emailed; a new link is made only after saying the old one stops working', async () => {
    let link: CurrentInvoiceLink = {
      url: OLD_URL,
      createdAt: '2026-11-03T09:00:00.000Z',
      emailedTo: 'ada@client.test',
      emailedAt: '2026-11-03T09:00:00.000Z',
      viewCount: 2,
      lastViewedAt: '2026-11-04T09:00:00.000Z',
    };
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: invoiceAnswer({ status: 'Sent', statusLabel: 'Sent', sentAt: '2026-11-03T09:00:00.000Z' }) }),
      [`GET ${LINK}`]: () => ({ data: link }),
      [`POST ${REISSUE}`]: () => {
        link = { ...link, url: NEW_URL, emailedTo: null, emailedAt: null, viewCount: 0, createdAt: '2026-11-05T09:00:00.000Z' };
        return { data: { invoiceId: INVOICE_ID, slug: 'BBBBBBBBBBBBBBBBBBBBBB', url: NEW_URL, createdAt: link.createdAt } };
      },
    });
    const user = userEvent.setup();
    renderView();
    const section = await screen.findByRole('region', { name: 'Public link' });
    expect(await within(section).findByTestId('public-link')).toHaveTextContent(OLD_URL);
    expect(within(section).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(section).getByTestId('public-link-status')).toHaveTextContent(
      'Emailed to ada@client.test on 03/11/2026. Viewed 2 times.',
    );

    await user.click(within(section).getByRole('button', { name: 'New public link' }));
    const confirm = within(section).getByRole('alertdialog', { name: 'Confirm new public link' });
    expect(confirm).toHaveTextContent('The current link stops working');
    expect(api.callsTo('POST', REISSUE)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    expect(within(section).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', REISSUE)).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'New public link' }));
    await user.click(within(section).getByRole('button', { name: 'Make new link' }));
    await waitFor(() => expect(within(section).queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', REISSUE)).toHaveLength(1);
    expect(within(section).getByTestId('public-link')).toHaveTextContent(NEW_URL);
    expect(within(section).getByTestId('public-link-status')).toHaveTextContent('Made on 05/11/2026; not emailed.');
  });

  it('asks before sending, naming the recipient, and sends only when confirmed', async () => {
    let current = invoiceAnswer({ status: 'Approved', statusLabel: 'Approved' });
    const api = stubApi({
      [`GET ${GET}`]: () => ({ data: current }),
      [`GET ${LINK}`]: () => ({ data: null }),
      [`POST ${SEND}`]: () => {
        current = invoiceAnswer({ status: 'Sent', statusLabel: 'Sent', sentAt: '2026-11-05T09:00:00.000Z' });
        return { data: current, message: 'Invoice sent' };
      },
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm sending' });
    expect(confirm).toHaveTextContent('Email INV-00012 to');
    expect(confirm).toHaveTextContent('at ada@client.test');
    expect(api.callsTo('POST', SEND)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send invoice' }));
    await waitFor(() => expect(api.callsTo('POST', SEND)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Confirm sending' })).not.toBeInTheDocument();
  });
});
