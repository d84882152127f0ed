import { TRUST_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { WAITING_FOR_ANOTHER } from '../components/approvals-tab.tsx';
import { TrustAccountPage } from '../pages/trust-account-page.tsx';
import {
  ACCOUNT_ID,
  allowSlowRenders,
  CLIENT_ID,
  MATTER_ID,
  ME,
  movementRequestOf,
  page,
  sessionWith,
  stubApi,
  T,
  transactionOf,
} from './stub-trust.ts';

allowSlowRenders();

type User = ReturnType<typeof userEvent.setup>;
const queryOf = (query: URLSearchParams | undefined) => Object.fromEntries(query ?? []);
const FULL = ['trustAccountRequest', 'trustAccountRequest.create', 'trustAccountRequest.approve', 'paymentInfo', 'invoice'];

function renderAccount(permissions: string[], path = `/trust-account/${ACCOUNT_ID}`, element = <TrustAccountPage />) {
  const user = userEvent.setup();
  const result = renderRoutes([{ path: '/trust-account/:slug', element }], { path, session: sessionWith(permissions) });
  return { user, ...result };
}

async function choose(user: User, scope: HTMLElement, field: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('TrustAccountPage', { timeout: 60_000 }, () => {
  it('shows the balances and the client ledgers first; the tabs keep their choice in the URL', async () => {
    const api = stubApi({
      [`GET ${T}/get-trust-account-ledgers`]: () =>
        page([
          {
            trustAccountId: ACCOUNT_ID,
            trustAccountName: 'Client Trust — GTBank',
            currencyCode: 'NGN',
            currencySymbol: '₦',
            clientId: CLIENT_ID,
            clientName: 'Kemi Adebayo',
            matterId: MATTER_ID,
            matterNumber: 'MAT-00001',
            matterName: 'Land purchase',
            balance: '120000.00',
            clearedBalance: '120000.00',
            minimumBalance: null,
          },
        ]),
      [`GET ${T}/get-trust-transactions`]: () => page([transactionOf({ isCleared: false, clearedDate: null })]),
    });
    const { user, router } = renderAccount(FULL);
    expect(await screen.findByRole('heading', { name: 'Client Trust — GTBank' })).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(balances).toHaveTextContent('₦150,000.00');
    expect(balances).toHaveTextContent('₦120,000.00');
    expect(balances).toHaveTextContent('₦30,000.00');

    const ledgers = await screen.findByRole('table', { name: 'Client ledgers' });
    expect(await within(ledgers).findByRole('link', { name: 'Kemi Adebayo' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_ID}?activeTab=trust`,
    );
    expect(queryOf(api.lastQuery(`${T}/get-trust-account-ledgers`))).toMatchObject({ TrustAccountId: ACCOUNT_ID, IsNonZeroOnly: 'true' });

    // No Requests or Reconciliation tab until their features fill them.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Client ledgers', 'Movements', 'Approvals']);

    await user.click(screen.getByRole('tab', { name: 'Movements' }));
    expect(router.state.location.search).toBe('?activeTab=movements');
    const movements = await screen.findByRole('table', { name: 'Movements' });
    expect(await within(movements).findByRole('link', { name: 'TRX-00001' })).toHaveAttribute(
      'href',
      `/trust-account/record/${transactionOf().id}`,
    );
    expect(within(movements).getByText('Uncleared')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Uncleared deposits only' }));
    await waitFor(() =>
      expect(queryOf(api.lastQuery(`${T}/get-trust-transactions`))).toMatchObject({ IsUnclearedOnly: 'true', page: '1' }),
    );
  });

  it('shows the slot tabs other features pass in', async () => {
    stubApi();
    renderAccount(
      FULL,
      `/trust-account/${ACCOUNT_ID}?activeTab=requests`,
      <TrustAccountPage tabPanels={{ requests: (account) => <p>Requests of {account.name}</p> }} />,
    );
    expect(await screen.findByText('Requests of Client Trust — GTBank')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Client ledgers', 'Movements', 'Approvals', 'Requests']);
  });

  it('offers the movements by permission: none to a reader, Pay invoice only with the payment permission', async () => {
    stubApi();
    renderAccount(['trustAccountRequest']);
    await screen.findByRole('heading', { name: 'Client Trust — GTBank' });
    expect(screen.queryByRole('group', { name: 'Trust account actions' })).not.toBeInTheDocument();
  });

  it("keeps a refused overdraft's reason in the Disburse form, and sends nothing else", async () => {
    const refusal = TRUST_MESSAGES.insufficient('Kemi Adebayo', '120000.00', '₦', 'MAT-00001');
    const api = stubApi({ [`POST ${T}/disburse`]: () => ({ status: 422, message: refusal }) });
    const { user } = renderAccount(['trustAccountRequest', 'trustAccountRequest.create']);
    const actions = await screen.findByRole('group', { name: 'Trust account actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Deposit', 'Disburse', 'Refund', 'Transfer']);
    await user.click(within(actions).getByRole('button', { name: 'Disburse' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disburse from trust' });
    await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));
    expect(await within(dialog).findByText('Client is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Payee is required')).toBeInTheDocument();
    expect(api.callsTo('POST', `${T}/disburse`)).toHaveLength(0);

    await choose(user, dialog, 'Client', 'Kemi Adebayo');
    await choose(user, dialog, 'Matter', 'MAT-00001 — Land purchase');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '500000');
    await user.type(within(dialog).getByRole('textbox', { name: /Payee/ }), 'Lagos Land Registry');
    await user.type(within(dialog).getByRole('textbox', { name: /Purpose/ }), 'Stamp duty');
    await user.click(within(dialog).getByRole('button', { name: 'Disburse' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Insufficient trust funds: Kemi Adebayo has ₦120,000.00 on MAT-00001');
    expect(screen.getByRole('dialog', { name: 'Disburse from trust' })).toBeInTheDocument();
    expect(api.callsTo('POST', `${T}/disburse`).map((call) => call.body)).toEqual([
      expect.objectContaining({
        trustAccountId: ACCOUNT_ID,
        clientId: CLIENT_ID,
        matterId: MATTER_ID,
        amount: '500000',
        payee: 'Lagos Land Registry',
        purpose: 'Stamp duty',
      }),
    ]);
  });

  it('records a deposit and closes the form', async () => {
    const api = stubApi({ [`POST ${T}/deposit`]: () => ({ data: transactionOf(), message: 'Deposit recorded' }) });
    const { user } = renderAccount(FULL);
    const actions = await screen.findByRole('group', { name: 'Trust account actions' });
    await user.click(within(actions).getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record deposit' });
    await choose(user, dialog, 'Client', 'Kemi Adebayo');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '120000');
    await user.click(within(dialog).getByRole('checkbox', { name: /funds have cleared/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record deposit' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${T}/deposit`).map((call) => call.body)).toEqual([
      expect.objectContaining({ clientId: CLIENT_ID, matterId: null, amount: '120000', method: 'Bank transfer', isCleared: false }),
    ]);
    expect(api.callsTo('POST', `${T}/deposit`)[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('refreshes the Requests and Reconciliation tabs open under the form once a movement is recorded', async () => {
    stubApi({ [`POST ${T}/deposit`]: () => ({ data: transactionOf(), message: 'Deposit recorded' }) });
    const reads = { 'trust-requests': 0, 'trust-reconciliation': 0 };
    function Slot({ name }: { name: keyof typeof reads }) {
      const query = useQuery({ queryKey: [name, 'list'], queryFn: () => (reads[name] += 1) });
      return <p>{`${name} read ${query.data ?? 0}`}</p>;
    }
    const { user } = renderAccount(
      FULL,
      `/trust-account/${ACCOUNT_ID}?activeTab=requests`,
      <TrustAccountPage
        tabPanels={{ requests: () => <Slot name="trust-requests" />, reconciliation: () => <Slot name="trust-reconciliation" /> }}
      />,
    );
    expect(await screen.findByText('trust-requests read 1')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Trust account actions' });
    await user.click(within(actions).getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record deposit' });
    await choose(user, dialog, 'Client', 'Kemi Adebayo');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '120000');
    await user.click(within(dialog).getByRole('button', { name: 'Record deposit' }));
    // A deposit against a request settles it: the list under the form shows it at once.
    expect(await screen.findByText('trust-requests read 2')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Reconciliation' }));
    expect(await screen.findByText('trust-reconciliation read 1')).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Deposit' }));
    const again = await screen.findByRole('dialog', { name: 'Record deposit' });
    await choose(user, again, 'Client', 'Kemi Adebayo');
    await user.type(within(again).getByRole('textbox', { name: /Amount/ }), '5000');
    await user.click(within(again).getByRole('button', { name: 'Record deposit' }));
    expect(await screen.findByText('trust-reconciliation read 2')).toBeInTheDocument();
  });

  it("lets a second person approve or reject; the requester's own waits for another approver", async () => {
    const mine = movementRequestOf({ id: '99999999-9999-4999-8999-999999999992', requestedByUserId: ME, description: 'My own request' });
    const theirs = movementRequestOf({});
    let pending = [theirs, mine];
    const api = stubApi({
      [`GET ${T}/get-pending-transactions`]: () => page(pending),
      [`POST ${T}/approve-transaction/${theirs.id}`]: () => {
        pending = [mine];
        return {
          data: { status: 'Posted', transaction: transactionOf({ type: 'disbursement', direction: 'out' }), movementRequest: null },
        };
      },
      [`POST ${T}/reject-transaction/${mine.id}`]: () => ({ data: { ...mine, status: 'Rejected' } }),
    });
    const { user } = renderAccount(FULL, `/trust-account/${ACCOUNT_ID}?activeTab=approvals`);
    const table = await screen.findByRole('list', { name: 'Movements awaiting approval' });
    const ownRow = (await within(table).findByText('My own request')).closest('li') as HTMLElement;
    expect(within(ownRow).getByText(WAITING_FOR_ANOTHER)).toBeInTheDocument();
    expect(within(ownRow).queryByRole('button')).not.toBeInTheDocument();

    const theirRow = within(table).getByText('Lagos Land Registry: stamp duty').closest('li') as HTMLElement;
    expect(theirRow).toHaveTextContent('₦500,000.00');
    expect(theirRow).toHaveTextContent('Alan Turing');
    await user.click(within(theirRow).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', `${T}/approve-transaction/${theirs.id}`)).toHaveLength(1));
    await waitFor(() => expect(within(table).queryByText('Lagos Land Registry: stamp duty')).not.toBeInTheDocument());
    expect(queryOf(api.lastQuery(`${T}/get-pending-transactions`))).toMatchObject({
      Status: 'AwaitingApproval',
      TrustAccountId: ACCOUNT_ID,
    });
  });

  it('rejects with a required reason', async () => {
    const theirs = movementRequestOf({});
    const api = stubApi({
      [`GET ${T}/get-pending-transactions`]: () => page([theirs]),
      [`POST ${T}/reject-transaction/${theirs.id}`]: () => ({ data: { ...theirs, status: 'Rejected' } }),
    });
    const { user } = renderAccount(FULL, `/trust-account/${ACCOUNT_ID}?activeTab=approvals`);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject movement' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Reject movement' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(reason, 'Wrong payee');
    await user.click(within(dialog).getByRole('button', { name: 'Reject movement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `${T}/reject-transaction/${theirs.id}`).map((call) => call.body)).toEqual([{ reason: 'Wrong payee' }]);
  });

  it('offers no Approve to a user without the approve permission', async () => {
    stubApi({ [`GET ${T}/get-pending-transactions`]: () => page([movementRequestOf({})]) });
    renderAccount(['trustAccountRequest'], `/trust-account/${ACCOUNT_ID}?activeTab=approvals`);
    await screen.findByText('Lagos Land Registry: stamp duty');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says when the account is not found', async () => {
    stubApi({ [`GET ${T}/get-trust-account/${ACCOUNT_ID}`]: () => ({ status: 404, message: 'Not found' }) });
    renderAccount(FULL);
    expect(await screen.findByRole('heading', { name: 'Trust account not found' })).toBeInTheDocument();
  });
});
