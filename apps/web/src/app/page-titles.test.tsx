import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { InvoiceViewPage } from '../features/invoices/pages/invoice-view-page.tsx';
import { PublicInvoicePage } from '../features/invoices/pages/public-invoice-page.tsx';
import { INVOICE_ID, invoiceOf, sessionWith as invoicesSession, stubApi as stubInvoices } from '../features/invoices/test/stub-invoices.ts';
import { MatterViewPage } from '../features/matters/pages/matter-view-page.tsx';
import { MATTER_ID, matterViewAnswer, sessionWith as mattersSession, stubApi as stubMatters } from '../features/matters/test/stub-api.ts';
import { TimeEntriesPage } from '../features/time-entries/pages/time-entries-page.tsx';
import {
  allowSlowRenders,
  sessionWith as timeSession,
  stubApi as stubTimeEntries,
} from '../features/time-entries/test/stub-time-entries.ts';
import { stubApi } from '../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../test/render.tsx';

allowSlowRenders();

const descriptionOf = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;

describe("each page names the browser's tab (WCAG 2.4.2)", { timeout: 60_000 }, () => {
  // index.html's title, which a page replaces while it is shown.
  beforeEach(() => {
    document.head.innerHTML = '<title>Matterhorn</title>';
  });
  afterEach(() => {
    // The page goes first: React takes out the <title> it put in.
    cleanup();
    document.head.innerHTML = '';
  });

  it('a list page by its heading', async () => {
    stubTimeEntries();
    renderRoutes([{ path: '/time-entries', element: <TimeEntriesPage /> }], { path: '/time-entries', session: timeSession(['timeEntry']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Time Entries' })).toBeInTheDocument();
    expect(document.title).toBe('Time Entries · Matterhorn');
  });

  it('a record by its number and section once it has loaded, by the section alone before', async () => {
    const invoice = { ...invoiceOf(), status: 'Sent' as const, statusLabel: 'Sent', invoiceNumber: 'INV-00002' };
    stubInvoices({ [`GET /api/admin/invoice/get-invoice/${INVOICE_ID}`]: () => ({ data: invoice }) });
    renderRoutes([{ path: '/billing/invoices/:id', element: <InvoiceViewPage /> }], {
      path: `/billing/invoices/${INVOICE_ID}`,
      session: invoicesSession(['invoice']),
    });
    expect(document.title).toBe('Invoices · Matterhorn');
    expect(await screen.findByRole('heading', { level: 1, name: 'INV-00002' })).toBeInTheDocument();
    expect(document.title).toBe('INV-00002 · Invoices · Matterhorn');
  });

  it.each([
    ['', 'Estate of Babbage · Matters · Matterhorn'],
    ['?activeTab=overview', 'Estate of Babbage · Matters · Matterhorn'],
    ['?activeTab=time', 'Time · Estate of Babbage · Matters · Matterhorn'],
    // A tab the user may not open shows the overview, and the title says so.
    ['?activeTab=trust', 'Estate of Babbage · Matters · Matterhorn'],
  ])('a matter at /matter/:id%s names the open tab unless it is the overview', async (search, title) => {
    stubMatters({ 'GET /api/admin/matter-master/get-matter-view': () => matterViewAnswer() });
    renderRoutes([{ path: '/matter/:id', element: <MatterViewPage /> }], {
      path: `/matter/${MATTER_ID}${search}`,
      session: mattersSession(['matterMaster', 'timeEntry']),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Estate of Babbage' })).toBeInTheDocument();
    expect(document.title).toBe(title);
  });

  it('a public page with a description of itself, both gone with the page', async () => {
    stubApi({ 'GET /public/invoice/unknown-link': { status: 404, message: 'Invoice not found' } });
    const { unmount } = renderRoutes([{ path: '/billing/invoice/:slug', element: <PublicInvoicePage /> }], {
      path: '/billing/invoice/unknown-link',
      session: fakeSession({ isFirmSignedIn: false }),
    });
    expect(document.title).toBe('Invoice · Matterhorn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice link not valid' })).toBeInTheDocument();
    expect(document.title).toBe('Invoice link not valid · Matterhorn');
    expect(descriptionOf()).toMatch(/^An invoice from your law firm/);

    unmount();
    expect(document.title).toBe('Matterhorn');
    expect(descriptionOf()).toBeNull();
  });

  it('the sign-in page, with its description', async () => {
    renderRoutes([{ path: '/login', element: <LoginPage /> }], { path: '/login', session: fakeSession({ isFirmSignedIn: false }) });
    await waitFor(() => expect(document.title).toBe('Sign in · Matterhorn'));
    expect(descriptionOf()).toMatch(/^Sign in to Matterhorn/);
  });
});
