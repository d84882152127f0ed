import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderRoutes } from '../../../test/render.tsx';
import { TrustAccountsPage } from '../pages/trust-accounts-page.tsx';
import { ACCOUNT_ID, accountOf, allowSlowRenders, sessionWith, stubApi, T } from './stub-trust.ts';

allowSlowRenders();

const SETTINGS = { approvalThreshold: '250000.00', requireRequestApproval: false, cashReviewThreshold: null };

const renderAccounts = (permissions: string[]) => {
  const user = userEvent.setup();
  const result = renderRoutes(
    [
      { path: '/trust-account/accounts', element: <TrustAccountsPage /> },
      { path: '/trust-account/:slug', element: <LocationProbe /> },
    ],
    { path: '/trust-account/accounts', session: sessionWith(permissions) },
  );
  return { user, ...result };
};

describe('TrustAccountsPage', { timeout: 60_000 }, () => {
  it("lists the firm's trust accounts with balances, each linking to its page", async () => {
    stubApi({
      [`GET ${T}/get-trust-accounts`]: () => ({
        data: [
          accountOf(),
          accountOf({ id: 'b2', name: 'Old account', isActive: false, balance: '0.00', clearedBalance: '0.00', clientLedgerCount: 0 }),
        ],
      }),
      [`GET ${T}/get-trust-settings`]: () => ({ data: SETTINGS }),
    });
    renderAccounts(['trustAccountRequest']);
    const table = await screen.findByRole('table', { name: 'Trust accounts' });
    const row = (await within(table).findByRole('link', { name: 'Client Trust — GTBank' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/trust-account/${ACCOUNT_ID}`);
    expect(row).toHaveTextContent('GTBank••••1234NGN₦150,000.00₦120,000.002');
    expect(within(table).getByText('Closed')).toBeInTheDocument();
    // A reader sees the rules but cannot change them or add an account.
    expect(screen.queryByRole('button', { name: 'New trust account' })).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Approval threshold/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save trust rules' })).not.toBeInTheDocument();
  });

  it('creates a trust account in a modal and opens it', async () => {
    const api = stubApi({
      [`GET ${T}/get-trust-accounts`]: () => ({ data: [] }),
      [`GET ${T}/get-trust-settings`]: () => ({ data: SETTINGS }),
      'GET /api/admin/currency/get-currency-list': () => ({ data: [] }),
      [`POST ${T}/create-trust-account`]: () => ({ data: accountOf(), message: 'Trust account created' }),
    });
    const { user, router } = renderAccounts(['trustAccountRequest', 'trustAccountRequest.create']);
    expect(await screen.findByText('No trust accounts yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New trust account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trust account' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Account name/ })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Create trust account' }));
    expect(await within(dialog).findByText('Account name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Account name/ }), 'Client Trust — GTBank');
    await user.type(within(dialog).getByRole('textbox', { name: /Bank name/ }), 'GTBank');
    await user.type(within(dialog).getByRole('textbox', { name: /Account number/ }), '0123451234');
    await user.click(within(dialog).getByRole('button', { name: 'Create trust account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/trust-account/${ACCOUNT_ID}`));
    expect(api.callsTo('POST', `${T}/create-trust-account`).map((call) => call.body)).toEqual([
      { name: 'Client Trust — GTBank', bankName: 'GTBank', accountNumber: '0123451234', currencyCode: 'NGN', paymentInstructions: null },
    ]);
  });

  it("saves the firm's trust rules for an editor", async () => {
    const api = stubApi({
      [`GET ${T}/get-trust-accounts`]: () => ({ data: [accountOf()] }),
      [`GET ${T}/get-trust-settings`]: () => ({ data: SETTINGS }),
      [`PUT ${T}/update-trust-settings`]: (call) => ({ data: call.body }),
    });
    const { user } = renderAccounts(['trustAccountRequest', 'trustAccountRequest.edit']);
    const form = await screen.findByRole('form', { name: 'Trust settings' });
    const threshold = within(form).getByRole('textbox', { name: /Approval threshold/ });
    expect(threshold).toHaveValue('250,000.00');
    await user.clear(threshold);
    await user.type(threshold, '100000');
    await user.click(within(form).getByRole('checkbox', { name: /need approval/ }));
    await user.click(within(form).getByRole('button', { name: 'Save trust rules' }));
    await waitFor(() => expect(api.callsTo('PUT', `${T}/update-trust-settings`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${T}/update-trust-settings`)[0]?.body).toEqual({
      approvalThreshold: '100000',
      requireRequestApproval: true,
      cashReviewThreshold: null,
    });
  });
});
