import { billRunFiltersSchema, type BillRunDetail, type BillRunResult } from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { BILL_RUN_FORM_TEXT } from '../components/bill-run-filters-form.tsx';
import { BillRunPage } from '../pages/bill-run-page.tsx';
import { BILL_RUNS_TEXT, BillRunsPage } from '../pages/bill-runs-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/bill-runs';
const RUN_ID = '99999999-9999-4999-8999-999999999999';
const INVOICE_ID = '88888888-8888-4888-8888-888888888888';
const CLIENT_ID = '11111111-1111-4111-8111-111111111111';

const result = (overrides: Partial<BillRunResult> & Pick<BillRunResult, 'id'>): BillRunResult => ({
  clientId: CLIENT_ID,
  clientName: 'Marina Estates Ltd',
  matterId: '55555555-5555-4555-8555-555555555555',
  matterName: 'Lease dispute',
  matterCount: 1,
  unbilledAmount: '100000.00',
  itemCount: 2,
  outcome: 'Pending',
  invoiceId: null,
  invoiceNumber: null,
  invoiceTotal: null,
  skipReason: null,
  ...overrides,
});

const runOf = (results: BillRunResult[], status: BillRunDetail['status']): BillRunDetail => ({
  id: RUN_ID,
  status,
  filters: {
    feeEarnerId: null,
    practiceAreaId: null,
    billingType: null,
    minimumUnbilled: '50000',
    workUpTo: '2026-11-30',
    clientIds: [],
    matterIds: [],
  },
  total: results.length,
  done: results.filter((row) => row.outcome !== 'Pending').length,
  draftedCount: results.filter((row) => row.outcome === 'Drafted').length,
  skippedCount: results.filter((row) => row.outcome === 'Skipped').length,
  startedByName: 'Tunde Bakare',
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: status === 'Finished' ? '2026-11-28T09:00:05.000Z' : null,
  currencyCode: 'NGN',
  results,
});

const PENDING = [result({ id: 'r1' }), result({ id: 'r2', matterName: 'Share purchase', unbilledAmount: '20000.00', itemCount: 1 })];
const DONE = [
  result({ id: 'r1', outcome: 'Drafted', invoiceId: INVOICE_ID, invoiceTotal: '100000.00' }),
  result({
    id: 'r2',
    matterName: 'Share purchase',
    unbilledAmount: '20000.00',
    itemCount: 1,
    outcome: 'Skipped',
    skipReason: 'belowMinimum',
  }),
];

describe('Bill runs', { timeout: 60_000 }, () => {
  it('previews the filters, starts a run with an Idempotency-Key, follows its progress and lists drafts and skip reasons', async () => {
    let polls = 0;
    const api = stubApi({
      [`GET ${BASE}/get-runs`]: { data: [] },
      [`POST ${BASE}/preview`]: (call) => {
        billRunFiltersSchema.parse(call.body);
        return {
          data: {
            invoiceCount: 2,
            clientCount: 1,
            matterCount: 2,
            unbilledAmount: '120000.00',
            currencyCode: 'NGN',
            targets: PENDING.map(({ clientId, clientName, matterId, matterName, matterCount, unbilledAmount, itemCount }) => ({
              clientId,
              clientName,
              matterId,
              matterName,
              matterCount,
              unbilledAmount,
              itemCount,
            })),
          },
        };
      },
      [`POST ${BASE}/start`]: { data: runOf(PENDING, 'Queued') },
      [`GET ${BASE}/get-run/${RUN_ID}`]: () => {
        polls += 1;
        return { data: polls < 2 ? runOf([DONE[0]!, PENDING[1]!], 'Running') : runOf(DONE, 'Finished') };
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/billing/bill-runs', element: <BillRunsPage /> },
        { path: '/billing/bill-runs/:id', element: <BillRunPage /> },
      ],
      { path: '/billing/bill-runs', session: fakeSession({ permissions: ['invoice', 'invoice.create'] }) },
    );
    expect(await screen.findByText(BILL_RUNS_TEXT.noRuns)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: BILL_RUN_FORM_TEXT.minimum }), '50000');
    await user.click(screen.getByRole('button', { name: BILL_RUN_FORM_TEXT.preview }));
    // Counts agree with their nouns, and money shows its currency's sign.
    expect(await screen.findByText(/2 invoices for 1 client \(2 matters\), ₦120,000.00 unbilled/)).toBeInTheDocument();
    const previewed = billRunFiltersSchema.parse(api.callsTo('POST', `${BASE}/preview`)[0]!.body);
    expect(previewed.minimumUnbilled).toBe('50000');
    expect(previewed.workUpTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await user.click(screen.getByRole('button', { name: BILL_RUN_FORM_TEXT.start }));
    const started = api.callsTo('POST', `${BASE}/start`);
    expect(started).toHaveLength(1);
    expect(started[0]!.headers.get('idempotency-key')).toBeTruthy();

    expect(await screen.findByText('2 of 2 done · 1 drafted · 1 skipped', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Bill run progress' })).toBeInTheDocument();
    const drafted = screen.getByRole('listitem', { name: 'Marina Estates Ltd: Lease dispute' });
    expect(within(drafted).getByRole('link', { name: /Draft invoice/ })).toHaveAttribute('href', `/billing/invoices/${INVOICE_ID}`);
    expect(within(drafted).getByText('Lease dispute · 2 items · ₦100,000.00 unbilled')).toBeInTheDocument();
    const skipped = screen.getByRole('listitem', { name: 'Marina Estates Ltd: Share purchase' });
    expect(within(skipped).getByText('Share purchase · 1 item · ₦20,000.00 unbilled')).toBeInTheDocument();
    expect(within(skipped).getByText('Unbilled work below the minimum')).toBeInTheDocument();
    await waitFor(() => expect(polls).toBeGreaterThanOrEqual(2));
  });

  it('says when the filters match nothing, and starts nothing without a date', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-runs`]: { data: [] },
      [`POST ${BASE}/preview`]: {
        data: { invoiceCount: 0, clientCount: 0, matterCount: 0, unbilledAmount: '0.00', currencyCode: 'NGN', targets: [] },
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/bill-runs', element: <BillRunsPage /> }], {
      path: '/billing/bill-runs',
      session: fakeSession({ permissions: ['invoice', 'invoice.create'] }),
    });
    await user.click(await screen.findByRole('button', { name: BILL_RUN_FORM_TEXT.preview }));
    expect(await screen.findByText(BILL_RUNS_TEXT.nothing)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(new RegExp(BILL_RUN_FORM_TEXT.workUpTo)));
    await user.click(screen.getByRole('button', { name: BILL_RUN_FORM_TEXT.start }));
    expect(await screen.findByText(BILL_RUN_FORM_TEXT.dateRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/start`)).toHaveLength(0);
  });

  it('bills only the matters chosen of the chosen clients', async () => {
    const MATTER_ID = '55555555-5555-4555-8555-555555555555';
    const api = stubApi({
      [`GET ${BASE}/get-runs`]: { data: [] },
      'GET /api/admin/client-info/get-associated-client-users': {
        data: { people: [], companies: [{ companyId: CLIENT_ID, companyName: 'Marina Estates Ltd' }] },
      },
      'GET /api/admin/matter-master/get-matter-name-using-client': {
        data: [{ id: MATTER_ID, matterName: 'Lease dispute', matterNumber: 'MAT-00001', matterRate: 'Hourly', status: 'Open' }],
      },
      [`POST ${BASE}/preview`]: {
        data: { invoiceCount: 0, clientCount: 0, matterCount: 0, unbilledAmount: '0.00', currencyCode: 'NGN', targets: [] },
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/bill-runs', element: <BillRunsPage /> }], {
      path: '/billing/bill-runs',
      session: fakeSession({ permissions: ['invoice', 'invoice.create'] }),
    });
    /** The multi-select's typing field (Mantine labels its hidden value input too). */
    const field = (label: string) =>
      screen.getAllByLabelText(label).find((element) => element instanceof HTMLInputElement && element.type !== 'hidden')!;
    await screen.findAllByLabelText(BILL_RUN_FORM_TEXT.matters);
    expect(field(BILL_RUN_FORM_TEXT.matters)).toBeDisabled();
    await user.click(field(BILL_RUN_FORM_TEXT.clients));
    await user.click(await screen.findByRole('option', { name: 'Marina Estates Ltd' }));
    await user.click(field(BILL_RUN_FORM_TEXT.matters));
    await user.click(await screen.findByRole('option', { name: 'MAT-00001 — Lease dispute' }));
    await user.click(screen.getByRole('button', { name: BILL_RUN_FORM_TEXT.preview }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/preview`)).toHaveLength(1));
    expect(billRunFiltersSchema.parse(api.callsTo('POST', `${BASE}/preview`)[0]!.body)).toMatchObject({
      clientIds: [CLIENT_ID],
      matterIds: [MATTER_ID],
    });
  });
});
