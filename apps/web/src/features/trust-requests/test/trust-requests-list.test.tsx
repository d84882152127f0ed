import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { MatterTrustRequestsPanel, TrustRequestsTab } from '../components/trust-requests-list.tsx';
import {
  ACCOUNT_ID,
  ALL_PERMISSIONS,
  allowSlowRenders,
  BASE,
  CLIENT_ID,
  CREATE,
  LIST,
  listItem,
  MATTER_ID,
  page,
  REQUEST_ID,
  sessionWith,
  stubApi,
  trustRequest,
  USER_A,
} from './stub-trust-requests.ts';

allowSlowRenders();
type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const renderTab = (permissions = ALL_PERMISSIONS) =>
  renderAt(<TrustRequestsTab trustAccountId={ACCOUNT_ID} />, { path: '/trust-account/main', session: sessionWith(permissions) });

describe('TrustRequestsTab', { timeout: 60_000 }, () => {
  it("lists the account's requests and filters them by status", async () => {
    const api = stubApi({
      [`GET ${LIST}`]: (call) =>
        call.query.get('Status') === 'Paid'
          ? page([listItem({ requestNumber: 'TRQ-00002', status: 'Paid', statusLabel: 'Paid', paidAmount: '250000.00' })])
          : page([listItem()]),
    });
    const user = userEvent.setup();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Trust requests' });
    expect(within(table).getByText('TRQ-00001')).toBeInTheDocument();
    expect(within(table).getByText('₦250,000.00')).toBeInTheDocument();
    expect(within(table).getByText('15/12/2026')).toBeInTheDocument();
    expect(api.lastQuery(LIST)?.get('TrustAccountId')).toBe(ACCOUNT_ID);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    expect(await screen.findByText('TRQ-00002')).toBeInTheDocument();
    expect(api.lastQuery(LIST)?.get('Status')).toBe('Paid');
  });

  it('drafts a new request for the account once, with an idempotency key, and says what is missing first', async () => {
    const api = stubApi({ [`POST ${CREATE}`]: { data: trustRequest() } });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'New trust request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trust request' });
    // The account is the page's: not asked.
    expect(within(dialog).queryByRole('combobox', { name: 'Trust account' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('Client is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Due date is required')).toBeInTheDocument();
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);

    await choose(user, 'Client', 'Ada Lovelace');
    await choose(user, 'Matter', 'MAT-00001 — Acme v Beta');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '250000');
    // A day already gone is refused in the form, before any call.
    await user.type(within(dialog).getByRole('combobox', { name: 'Due date' }), '01/01/2020');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await within(dialog).findByText('The due date cannot be in the past')).toBeInTheDocument();
    expect(api.callsTo('POST', CREATE)).toHaveLength(0);
    await user.clear(within(dialog).getByRole('combobox', { name: 'Due date' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Due date' }), '15/12/2099');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note to the client' }), 'Retainer');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(api.callsTo('POST', CREATE)).toHaveLength(1));
    const [create] = api.callsTo('POST', CREATE);
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(create?.body).toEqual({
      trustAccountId: ACCOUNT_ID,
      clientId: CLIENT_ID,
      matterId: MATTER_ID,
      amount: '250000',
      dueDate: '2099-12-15',
      note: 'Retainer',
    });
    // The saved draft opens.
    expect(await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' })).toBeInTheDocument();
  });

  it('sends a draft and shows its link once', async () => {
    const sent = {
      request: trustRequest({ status: 'Sent', statusLabel: 'Sent', sentToEmail: 'ada@client.test' }),
      slug: 'q3K9x_Zr-8aLmN0pQrStUv',
      url: 'http://localhost/billing/trust-accounting/q3K9x_Zr-8aLmN0pQrStUv',
      emailedTo: 'ada@client.test',
    };
    const api = stubApi({ [`POST ${BASE}/send-trust-request/${REQUEST_ID}`]: { data: sent } });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Open TRQ-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' });
    expect(within(dialog).queryByRole('button', { name: 'Submit for approval' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send to client' }));
    // Nothing is sent until the user confirms the recipient.
    const confirm = await within(dialog).findByRole('alertdialog', { name: 'Confirm sending' });
    expect(confirm).toHaveTextContent('Email TRQ-00001 to Ada Lovelace at ada@client.test?');
    expect(api.callsTo('POST', `${BASE}/send-trust-request/${REQUEST_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Public link' })).toHaveValue(sent.url);
    expect(within(dialog).getByText('Sent to ada@client.test')).toBeInTheDocument();
    expect(api.callsTo('POST', `${BASE}/send-trust-request/${REQUEST_ID}`)).toHaveLength(1);
  });

  it('asks for approval when the firm requires it, and never offers Approve to the request’s creator', async () => {
    stubApi({
      [`GET ${BASE}/get-trust-request/${REQUEST_ID}`]: {
        data: trustRequest({
          status: 'AwaitingApproval',
          statusLabel: 'Awaiting approval',
          isApprovalRequired: true,
          createdByUserId: USER_A,
        }),
      },
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Open TRQ-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' });
    expect(await within(dialog).findByText(/A second person must approve this request/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send to client' })).not.toBeInTheDocument();
    expect(await within(dialog).findByText(/Can approve: Grace Hopper/)).toBeInTheDocument();
  });

  it('lets a second person approve a request awaiting approval', async () => {
    const awaiting = trustRequest({ status: 'AwaitingApproval', statusLabel: 'Awaiting approval', isApprovalRequired: true });
    const api = stubApi({
      [`GET ${BASE}/get-trust-request/${REQUEST_ID}`]: { data: awaiting },
      [`POST ${BASE}/approve-trust-request/${REQUEST_ID}`]: { data: { ...awaiting, isApproved: true } },
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Open TRQ-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' });
    await user.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/approve-trust-request/${REQUEST_ID}`)).toHaveLength(1));
  });

  it('cancels with a reason', async () => {
    const api = stubApi({
      [`POST ${BASE}/cancel-trust-request/${REQUEST_ID}`]: { data: trustRequest({ status: 'Cancelled', statusLabel: 'Cancelled' }) },
    });
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Open TRQ-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Paid the court directly');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/cancel-trust-request/${REQUEST_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `${BASE}/cancel-trust-request/${REQUEST_ID}`)[0]?.body).toEqual({ reason: 'Paid the court directly' });
  });

  it('offers a reader neither New nor any action', async () => {
    stubApi();
    const user = userEvent.setup();
    renderTab(['trustAccountRequest']);
    await user.click(await screen.findByRole('button', { name: 'Open TRQ-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' });
    expect(screen.queryByRole('button', { name: 'New trust request' })).not.toBeInTheDocument();
    for (const name of ['Edit', 'Send to client', 'Cancel request', 'Approve'])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('lets a member who may draft submit a draft for approval when the firm requires it', async () => {
    const draft = trustRequest({ isApprovalRequired: true });
    const api = stubApi({
      [`GET ${BASE}/get-trust-request/${REQUEST_ID}`]: { data: draft },
      [`POST ${BASE}/submit-trust-request/${REQUEST_ID}`]: {
        data: { ...draft, status: 'AwaitingApproval', statusLabel: 'Awaiting approval' },
      },
    });
    const user = userEvent.setup();
    renderTab(['trustAccountRequest', 'trustAccountRequest.create']);
    await user.click(await screen.findByRole('button', { name: 'Open TRQ-00001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trust request TRQ-00001' });
    expect(within(dialog).queryByRole('button', { name: 'Send to client' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/submit-trust-request/${REQUEST_ID}`)).toHaveLength(1));
  });
});

describe('MatterTrustRequestsPanel', { timeout: 60_000 }, () => {
  it("lists the matter's requests and drafts new ones for it without asking for the client or matter", async () => {
    const api = stubApi({ [`POST ${CREATE}`]: { data: trustRequest() } });
    const user = userEvent.setup();
    renderAt(<MatterTrustRequestsPanel clientId={CLIENT_ID} matterId={MATTER_ID} />, {
      path: '/matters/view',
      session: sessionWith(ALL_PERMISSIONS),
    });
    await screen.findByRole('table', { name: 'Trust requests' });
    expect(api.lastQuery(LIST)?.get('MatterId')).toBe(MATTER_ID);
    await user.click(screen.getByRole('button', { name: 'New trust request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trust request' });
    expect(within(dialog).queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Matter' })).not.toBeInTheDocument();
    // The firm's only trust account is chosen already.
    expect(await within(dialog).findByRole('combobox', { name: 'Trust account' })).toHaveTextContent(
      'Client Trust Account (Zenith Bank ••••4821)',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '1000.50');
    await user.type(within(dialog).getByRole('combobox', { name: 'Due date' }), '15/12/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo('POST', CREATE)).toHaveLength(1));
    expect(api.callsTo('POST', CREATE)[0]?.body).toMatchObject({
      trustAccountId: ACCOUNT_ID,
      clientId: CLIENT_ID,
      matterId: MATTER_ID,
      amount: '1000.50',
      dueDate: '2099-12-15',
    });
  });
});
