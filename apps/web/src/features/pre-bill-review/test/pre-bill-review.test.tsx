import {
  adjustLineSchema,
  approveAndSendSchema,
  checkNarratives,
  type BatchOutcome,
  type InvoiceLine,
  type ReviewDraft,
  type ReviewDraftSummary,
} from '@matterhorn/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WorkingUser } from '../../../lib/session/working-user.ts';
import { invoiceView } from '../../../test/msw/contract-answers.ts';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { PRE_BILL_REVIEW_TEXT, PreBillReviewPage } from '../pages/pre-bill-review-page.tsx';
import { ReviewDraftPage } from '../pages/review-draft-page.tsx';

configure({ asyncUtilTimeout: 10_000 });

const BASE = '/api/admin/pre-bill-review';
const INVOICE_ID = '99999999-9999-4999-8999-999999999999';
const OTHER_ID = '88888888-8888-4888-8888-888888888888';
const MATTER_ID = '55555555-5555-4555-8555-555555555555';
const SIBLING_ID = '66666666-6666-4666-8666-666666666666';
const USER_ID = '22222222-2222-4222-8222-222222222222';

const WORKING_USER: WorkingUser = {
  id: 'owner',
  profileId: USER_ID,
  currency: '₦',
  businessId: 'firm',
  name: 'Tunde Bakare',
  email: 'tunde@firm.test',
  firmName: 'Firm',
  isSetupComplete: true,
  currencyId: 1,
  currencyISOCode: 'NGN',
  multicurrency: false,
  billingIncrement: '0.1',
  bareNumberUnit: 'hours',
  suggestsTime: false,
};
const session = (permissions: string[]) => fakeSession({ permissions, workingUser: WORKING_USER });
const EVERYTHING = ['invoice', 'invoice.edit', 'invoice.approve'];

function feeLine(overrides: Partial<InvoiceLine> & Pick<InvoiceLine, 'id' | 'description'>): InvoiceLine {
  return {
    itemType: 'fee',
    itemId: `item-${overrides.id}`,
    lineDate: '2026-11-20',
    matterId: MATTER_ID,
    matterName: 'Lease dispute',
    matterNumber: 'MAT-00001',
    feeEarnerId: USER_ID,
    feeEarnerName: 'Tunde Bakare',
    hours: '2.0000',
    rate: '50000.00',
    quantity: null,
    itemAmount: '100000.00',
    amount: '100000.00',
    adjustment: '0.00',
    adjustmentReason: null,
    utbmsTaskCode: null,
    utbmsActivityCode: null,
    utbmsExpenseCode: null,
    sortOrder: 0,
    creditNoteNumber: null,
    ...overrides,
  };
}

/** A draft as the server answers it: its flags from the shared check itself. */
function draftOf(lines: InvoiceLine[]): ReviewDraft {
  const invoice = invoiceView({
    id: INVOICE_ID,
    clientId: '11111111-1111-4111-8111-111111111111',
    matters: [{ id: MATTER_ID, name: 'Lease dispute', matterNumber: 'MAT-00001' }],
    status: 'Draft',
    clientName: 'Marina Estates Ltd',
    fees: lines,
    expenses: [],
    flatFees: [],
  });
  const checked = checkNarratives(lines, { today: '2026-11-28', staleWorkDays: 90 });
  return {
    invoice,
    flags: Object.fromEntries(checked),
    clientMatters: [
      { id: MATTER_ID, name: 'Lease dispute', number: 'MAT-00001' },
      { id: SIBLING_ID, name: 'Service charge arrears', number: 'MAT-00007' },
    ],
    staleWorkDays: 90,
  };
}

const LINES = [
  feeLine({ id: 'line-1', description: 'Drafted the particulars of claim for the landlord' }),
  feeLine({ id: 'line-2', description: 'Reviewed lease; drafted notice', sortOrder: 1 }),
];

const summary = (id: string, clientName: string, flagged: number, status: ReviewDraftSummary['status'] = 'Draft'): ReviewDraftSummary => ({
  id,
  status,
  clientId: 'c',
  clientName,
  matters: ['Lease dispute'],
  feeEarners: ['Tunde Bakare'],
  issueDate: '2026-11-28',
  currencySymbol: '₦',
  total: '200000.00',
  lineCount: 2,
  flaggedLineCount: flagged,
  isMine: true,
});

describe('ReviewDraftPage', { timeout: 60_000 }, () => {
  it('shows each line with the narrative check’s reasons, writes one down with a reason, and holds another', async () => {
    let current = draftOf(LINES);
    const api = stubApi({
      [`GET ${BASE}/get-draft/${INVOICE_ID}`]: () => ({ data: current }),
      [`POST ${BASE}/draft/${INVOICE_ID}/lines/line-1/adjust`]: (call) => {
        const body = adjustLineSchema.parse(call.body);
        current = draftOf([{ ...LINES[0]!, amount: '90000.00', adjustment: '-10000.00', adjustmentReason: body.reason }, LINES[1]!]);
        return { data: current };
      },
      [`POST ${BASE}/draft/${INVOICE_ID}/lines/line-2/hold`]: () => {
        current = draftOf([{ ...LINES[0]!, amount: '90000.00', adjustment: '-10000.00', adjustmentReason: 'First draft' }]);
        return { data: current };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/pre-bill-review/:invoiceId', element: <ReviewDraftPage /> }], {
      path: `/billing/pre-bill-review/${INVOICE_ID}`,
      session: session(EVERYTHING),
    });
    const flagged = await screen.findByRole('listitem', { name: 'Line: Reviewed lease; drafted notice' });
    expect(within(flagged).getByText(/Block billing/)).toBeInTheDocument();
    const clean = screen.getByRole('listitem', { name: 'Line: Drafted the particulars of claim for the landlord' });
    expect(within(clean).queryByText(/Block billing/)).not.toBeInTheDocument();

    await user.click(within(clean).getByRole('button', { name: 'Write down/up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write down or up' });
    await user.type(within(dialog).getByRole('textbox', { name: /Percentage/ }), '10');
    expect(within(dialog).getByText('Bills ₦90,000.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/draft/${INVOICE_ID}/lines/line-1/adjust`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'First draft');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/draft/${INVOICE_ID}/lines/line-1/adjust`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/draft/${INVOICE_ID}/lines/line-1/adjust`)[0]!.body).toEqual({
      direction: 'down',
      basis: 'percent',
      value: '10',
      reason: 'First draft',
    });
    expect(await screen.findByText('Written down: First draft')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('listitem', { name: 'Line: Reviewed lease; drafted notice' })).getByRole('button', { name: 'Hold' }),
    );
    const hold = await screen.findByRole('dialog', { name: 'Hold for the next bill' });
    await user.type(within(hold).getByRole('textbox', { name: /Reason/ }), 'Client queries the hours');
    await user.click(within(hold).getByRole('button', { name: 'Hold line' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Line: Reviewed lease; drafted notice' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${BASE}/draft/${INVOICE_ID}/lines/line-2/hold`)[0]!.body).toEqual({ reason: 'Client queries the hours' });
  });

  it('moves a line to another matter of the client and corrects a narrative', async () => {
    let current = draftOf(LINES);
    const api = stubApi({
      [`GET ${BASE}/get-draft/${INVOICE_ID}`]: () => ({ data: current }),
      [`POST ${BASE}/draft/${INVOICE_ID}/lines/line-2/narrative`]: (call) => {
        const { description } = call.body as { description: string };
        current = draftOf([LINES[0]!, { ...LINES[1]!, description }]);
        return { data: current };
      },
      [`POST ${BASE}/draft/${INVOICE_ID}/lines/line-1/move`]: () => {
        current = draftOf([current.invoice.fees[1]!]);
        return { data: current };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/pre-bill-review/:invoiceId', element: <ReviewDraftPage /> }], {
      path: `/billing/pre-bill-review/${INVOICE_ID}`,
      session: session(EVERYTHING),
    });
    const blocked = await screen.findByRole('listitem', { name: 'Line: Reviewed lease; drafted notice' });
    await user.click(within(blocked).getByRole('button', { name: 'Edit narrative' }));
    const narrative = await screen.findByRole('dialog', { name: 'Correct the narrative' });
    const field = within(narrative).getByRole('textbox', { name: /Narrative/ });
    await user.clear(field);
    await user.type(field, 'Reviewed the lease and its break clause');
    await user.click(within(narrative).getByRole('button', { name: 'Save narrative' }));
    const corrected = await screen.findByRole('listitem', { name: 'Line: Reviewed the lease and its break clause' });
    expect(within(corrected).queryByText(/Block billing/)).not.toBeInTheDocument();

    const first = screen.getByRole('listitem', { name: 'Line: Drafted the particulars of claim for the landlord' });
    await user.click(within(first).getByRole('button', { name: 'Move' }));
    const move = await screen.findByRole('dialog', { name: 'Move to another matter' });
    // The field takes the focus, but its list stays closed until it is asked for (issue 64).
    await waitFor(() => expect(within(move).getByRole('combobox', { name: /Matter/ })).toHaveFocus());
    expect(within(move).getByRole('combobox', { name: /Matter/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(within(move).getByRole('button', { name: 'Move line' }));
    expect(await within(move).findByText('Matter is required')).toBeInTheDocument();
    await user.click(within(move).getByRole('combobox', { name: /Matter/ }));
    // Only the client's other matters are offered, not the line's own.
    expect(screen.queryByRole('option', { name: 'MAT-00001 — Lease dispute' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'MAT-00007 — Service charge arrears' }));
    await user.click(within(move).getByRole('button', { name: 'Move line' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/draft/${INVOICE_ID}/lines/line-1/move`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/draft/${INVOICE_ID}/lines/line-1/move`)[0]!.body).toEqual({ matterId: SIBLING_ID });
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Line: Drafted the particulars of claim for the landlord' })).not.toBeInTheDocument(),
    );
  });

  it('offers no changes or approval to someone who may only read invoices', async () => {
    stubApi({ [`GET ${BASE}/get-draft/${INVOICE_ID}`]: () => ({ data: draftOf(LINES) }) });
    renderRoutes([{ path: '/billing/pre-bill-review/:invoiceId', element: <ReviewDraftPage /> }], {
      path: `/billing/pre-bill-review/${INVOICE_ID}`,
      session: session(['invoice']),
    });
    await screen.findByRole('listitem', { name: 'Line: Reviewed lease; drafted notice' });
    expect(screen.queryByRole('button', { name: 'Hold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve draft' })).not.toBeInTheDocument();
  });
});

describe('PreBillReviewPage', { timeout: 60_000 }, () => {
  it('approves and sends the chosen drafts in one batch and shows each one’s result', async () => {
    const results: BatchOutcome[] = [
      {
        invoiceId: INVOICE_ID,
        invoiceNumber: 'INV-00012',
        clientName: 'Marina Estates Ltd',
        outcome: 'sent',
        message: 'Approved and emailed to a@b.example',
      },
      { invoiceId: OTHER_ID, invoiceNumber: null, clientName: null, outcome: 'failed', message: 'The client has no email address' },
    ];
    const api = stubApi({
      [`GET ${BASE}/get-drafts`]: () => ({ data: [summary(INVOICE_ID, 'Marina Estates Ltd', 1), summary(OTHER_ID, 'Harbour Capital', 0)] }),
      [`GET ${BASE}/get-held-items`]: () => ({ data: [] }),
      [`POST ${BASE}/approve-and-send`]: (call) => {
        approveAndSendSchema.parse(call.body);
        return { data: { results } };
      },
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/pre-bill-review', element: <PreBillReviewPage /> }], {
      path: '/billing/pre-bill-review',
      session: session(EVERYTHING),
    });
    expect(await screen.findByText('2 lines · 1 flagged')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: `${PRE_BILL_REVIEW_TEXT.approveAndSend} (0)` });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Marina Estates Ltd – ₦200,000.00' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Harbour Capital – ₦200,000.00' }));
    await user.click(screen.getByRole('button', { name: `${PRE_BILL_REVIEW_TEXT.approveAndSend} (2)` }));
    const confirm = await screen.findByRole('dialog', { name: PRE_BILL_REVIEW_TEXT.approveAndSend });
    await user.click(within(confirm).getByRole('button', { name: PRE_BILL_REVIEW_TEXT.approveAndSend }));
    expect(await screen.findByText('Approve and send: 1 of 2 sent')).toBeInTheDocument();
    expect(screen.getByText(/INV-00012 · Marina Estates Ltd: Approved and emailed/)).toBeInTheDocument();
    expect(screen.getByText(/The client has no email address/)).toBeInTheDocument();
    const calls = api.callsTo('POST', `${BASE}/approve-and-send`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ invoiceIds: [INVOICE_ID, OTHER_ID] });
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^pre-bill-/);
  });

  it('opens on every draft for billing staff, and keeps an approved one on the list, marked, until it is sent', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-drafts`]: () => ({
        data: [summary(INVOICE_ID, 'Marina Estates Ltd', 0, 'Approved'), summary(OTHER_ID, 'Harbour Capital', 0)],
      }),
      [`GET ${BASE}/get-held-items`]: () => ({ data: [] }),
    });
    renderRoutes([{ path: '/billing/pre-bill-review', element: <PreBillReviewPage /> }], {
      path: '/billing/pre-bill-review',
      session: session(EVERYTHING),
    });
    const approved = (await screen.findByRole('link', { name: 'Marina Estates Ltd' })).closest('li')!;
    expect(within(approved as HTMLElement).getByText(PRE_BILL_REVIEW_TEXT.approvedNotSent)).toBeInTheDocument();
    expect(within(approved as HTMLElement).getByRole('checkbox', { name: 'Choose Marina Estates Ltd – ₦200,000.00' })).toBeInTheDocument();
    expect(api.callsTo('GET', `${BASE}/get-drafts`)[0]!.query.get('Scope')).toBe('all');
    expect(screen.getByRole('radio', { name: PRE_BILL_REVIEW_TEXT.all })).toBeChecked();
  });

  it('says when “My matters” has no drafts and links to all of them; says why there are no checkboxes', async () => {
    const api = stubApi({
      [`GET ${BASE}/get-drafts`]: (call) => ({
        data: call.query.get('Scope') === 'all' ? [summary(INVOICE_ID, 'Marina Estates Ltd', 1)] : [],
      }),
      [`GET ${BASE}/get-held-items`]: () => ({ data: [] }),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/billing/pre-bill-review', element: <PreBillReviewPage /> }], {
      path: '/billing/pre-bill-review',
      session: session(['invoice']),
    });
    expect(await screen.findByText(PRE_BILL_REVIEW_TEXT.noneMine)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PRE_BILL_REVIEW_TEXT.showAll }));
    expect(await screen.findByText('2 lines · 1 flagged')).toBeInTheDocument();
    expect(api.callsTo('GET', `${BASE}/get-drafts`).at(-1)!.query.get('Scope')).toBe('all');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText(PRE_BILL_REVIEW_TEXT.cannotSend)).toBeInTheDocument();
  });
});
