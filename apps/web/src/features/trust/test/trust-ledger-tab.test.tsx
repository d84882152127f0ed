import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TrustLedgerTab } from '../components/trust-ledger-tab.tsx';
import { ACCOUNT_ID, allowSlowRenders, CLIENT_ID, MATTER_ID, sessionWith, stubApi, T, transactionOf } from './stub-trust.ts';

allowSlowRenders();

const LEDGER = {
  trustAccountId: ACCOUNT_ID,
  trustAccountName: 'Client Trust — GTBank',
  currencyCode: 'NGN',
  currencySymbol: '₦',
  clientId: CLIENT_ID,
  clientName: 'Kemi Adebayo',
  matterId: MATTER_ID,
  matterNumber: 'MAT-00001',
  matterName: 'Land purchase',
  balance: '100000.00',
  clearedBalance: '100000.00',
  minimumBalance: '50000.00',
};

const OTHER_ACCOUNT_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NGN_HELD = { currencyCode: 'NGN', currencySymbol: '₦', balance: '100000.00', clearedBalance: '100000.00' };

function stubLedger() {
  return stubApi({
    [`GET ${T}/get-trust-balance`]: () => ({
      data: {
        clientId: CLIENT_ID,
        matterId: MATTER_ID,
        balances: [NGN_HELD],
        currencyCode: 'NGN',
        balance: '100000.00',
        clearedBalance: '100000.00',
        ledgers: [LEDGER],
      },
    }),
    [`GET ${T}/get-client-ledger`]: () => ({
      data: {
        data: [
          {
            ...transactionOf({
              id: 'b',
              number: 'TRX-00002',
              type: 'disbursement',
              direction: 'out',
              amount: '20000.00',
              signedAmount: '-20000.00',
              counterparty: 'Registry',
              purpose: 'Stamp duty',
            }),
            balanceAfter: '100000.00',
          },
          { ...transactionOf(), balanceAfter: '120000.00' },
        ],
        page: 1,
        size: 20,
        totalCount: 2,
        clientId: CLIENT_ID,
        clientName: 'Kemi Adebayo',
        matterId: MATTER_ID,
        balances: [NGN_HELD],
        currencyCode: 'NGN',
        balance: '100000.00',
        clearedBalance: '100000.00',
      },
    }),
    [`PUT ${T}/set-matter-trust-minimum`]: () => ({ data: null, message: 'Minimum saved' }),
  });
}

const renderTab = (permissions: string[]) => {
  const user = userEvent.setup();
  renderRoutes([{ path: '/matter/:id', element: <TrustLedgerTab clientId={CLIENT_ID} matterId={MATTER_ID} /> }], {
    path: `/matter/${MATTER_ID}?activeTab=trust`,
    session: sessionWith(permissions),
  });
  return { user };
};

describe('TrustLedgerTab', { timeout: 60_000 }, () => {
  it("shows the matter's balance per account and its ledger with the running balance", async () => {
    const api = stubLedger();
    renderTab(['trustAccountRequest']);
    const balances = await screen.findByRole('region', { name: 'Trust balances' });
    expect(await within(balances).findByRole('link', { name: 'Client Trust — GTBank' })).toHaveAttribute(
      'href',
      `/trust-account/${ACCOUNT_ID}`,
    );
    const ledger = screen.getByRole('region', { name: 'Trust ledger' });
    const rows = await within(ledger).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('TRX-00002');
    expect(rows[1]).toHaveTextContent('Registry · Stamp duty');
    expect(rows[1]).toHaveTextContent('₦20,000.00₦100,000.00');
    expect(rows[2]).toHaveTextContent('₦120,000.00₦120,000.00');
    expect(Object.fromEntries(api.lastQuery(`${T}/get-client-ledger`) ?? [])).toMatchObject({ ClientId: CLIENT_ID, MatterId: MATTER_ID });
    expect(screen.getByRole('button', { name: 'Download trust statement (PDF)' })).toBeInTheDocument();
    // A reader sees the evergreen minimum but cannot change it.
    expect(screen.getByText('Evergreen minimum: ₦50,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Evergreen minimum' })).not.toBeInTheDocument();
  });

  it('shows money held in two currencies on two lines, never added together', async () => {
    const usdLedger = {
      ...LEDGER,
      trustAccountId: OTHER_ACCOUNT_ID,
      trustAccountName: 'Dollar account',
      currencyCode: 'USD',
      currencySymbol: '$',
    };
    const usdHeld = { currencyCode: 'USD', currencySymbol: '$', balance: '2500.00', clearedBalance: '2000.00' };
    stubApi({
      [`GET ${T}/get-trust-balance`]: () => ({
        data: {
          clientId: CLIENT_ID,
          matterId: MATTER_ID,
          balances: [NGN_HELD, usdHeld],
          currencyCode: null,
          balance: null,
          clearedBalance: null,
          ledgers: [LEDGER, { ...usdLedger, balance: '2500.00', clearedBalance: '2000.00' }],
        },
      }),
      [`GET ${T}/get-client-ledger`]: () => ({
        data: {
          data: [],
          page: 1,
          size: 20,
          totalCount: 0,
          clientId: CLIENT_ID,
          clientName: 'Kemi Adebayo',
          matterId: MATTER_ID,
          balances: [NGN_HELD, usdHeld],
          currencyCode: null,
          balance: null,
          clearedBalance: null,
        },
      }),
    });
    renderTab(['trustAccountRequest']);
    const held = await screen.findByLabelText('Held in trust by currency');
    expect(Array.from(held.children, (line) => line.textContent)).toEqual([
      '₦100,000.00 (cleared ₦100,000.00)',
      '$2,500.00 (cleared $2,000.00)',
    ]);
  });

  it("lets an editor change the matter's evergreen minimum", async () => {
    const api = stubLedger();
    const { user } = renderTab(['trustAccountRequest', 'trustAccountRequest.edit']);
    const form = await screen.findByRole('form', { name: 'Evergreen minimum' });
    const field = within(form).getByRole('textbox', { name: /Evergreen minimum/ });
    expect(field).toHaveValue('50,000.00');
    await user.clear(field);
    await user.type(field, '75000');
    await user.click(within(form).getByRole('button', { name: 'Save minimum' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', `${T}/set-matter-trust-minimum`).map((call) => call.body)).toEqual([
        { matterId: MATTER_ID, minimumBalance: '75000' },
      ]),
    );
  });

  it('shows nothing of trust to a user without the trust permission', async () => {
    const api = stubLedger();
    renderTab(['matterMaster']);
    expect(await screen.findByText(/open to users with the trust account permission/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
