import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { TrustAccountPage } from '../pages/trust-account-page.tsx';
import { ACCOUNT_ID, allowSlowRenders, CLIENT_ID, MATTER_ID, page, sessionWith, stubApi, T, transactionOf } from './stub-trust.ts';

allowSlowRenders();

const queryOf = (query: URLSearchParams | undefined) => Object.fromEntries(query ?? []);
const searchOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

function renderAccount(search: string) {
  const user = userEvent.setup();
  const result = renderRoutes([{ path: '/trust-account/:slug', element: <TrustAccountPage /> }], {
    path: `/trust-account/${ACCOUNT_ID}${search}`,
    session: sessionWith(['trustAccountRequest']),
  });
  return { user, ...result };
}

describe('The trust account tabs keep their lists in the URL', { timeout: 60_000 }, () => {
  it('opens the movements a link names, and writes each filter change into the URL', async () => {
    const api = stubApi({ [`GET ${T}/get-trust-transactions`]: () => page([transactionOf()]) });
    const { user, router } = renderAccount(
      `?activeTab=movements&type=deposit&clientId=${CLIENT_ID}&matterId=${MATTER_ID}&from=2026-01-01&to=2026-01-31&uncleared=1&page=2&size=50`,
    );
    await screen.findByRole('table', { name: 'Movements' });
    await waitFor(() =>
      expect(queryOf(api.lastQuery(`${T}/get-trust-transactions`))).toMatchObject({
        TrustAccountId: ACCOUNT_ID,
        Type: 'deposit',
        ClientId: CLIENT_ID,
        MatterId: MATTER_ID,
        FromDate: '2026-01-01',
        ToDate: '2026-01-31',
        IsUnclearedOnly: 'true',
        page: '2',
        size: '50',
      }),
    );

    // A filter change goes back to page 1 and keeps the rest.
    await user.click(screen.getByRole('switch', { name: 'Uncleared deposits only' }));
    await waitFor(() => expect(searchOf(router.state.location.search)).not.toHaveProperty('uncleared'));
    expect(searchOf(router.state.location.search)).toEqual({
      activeTab: 'movements',
      type: 'deposit',
      clientId: CLIENT_ID,
      matterId: MATTER_ID,
      from: '2026-01-01',
      to: '2026-01-31',
      size: '50',
    });
    await waitFor(() => expect(queryOf(api.lastQuery(`${T}/get-trust-transactions`))).not.toHaveProperty('IsUnclearedOnly'));
    expect(queryOf(api.lastQuery(`${T}/get-trust-transactions`))).toMatchObject({ page: '1', Type: 'deposit' });

    await user.click(within(screen.getByRole('region', { name: 'Movement filters' })).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(router.state.location.search)).toEqual({ activeTab: 'movements', size: '50' }));
  });

  it('reads a hand-typed value the API would refuse as no filter', async () => {
    const api = stubApi();
    renderAccount('?activeTab=movements&type=gift&clientId=someone&from=yesterday');
    await screen.findByRole('table', { name: 'Movements' });
    await waitFor(() => expect(api.lastQuery(`${T}/get-trust-transactions`)).toBeDefined());
    const query = queryOf(api.lastQuery(`${T}/get-trust-transactions`));
    expect(query).not.toHaveProperty('Type');
    expect(query).not.toHaveProperty('ClientId');
    expect(query).not.toHaveProperty('FromDate');
  });

  it("keeps the ledgers' search and funds switch, and starts another tab unfiltered", async () => {
    const api = stubApi();
    const { user, router } = renderAccount('?search=Kemi&holding=all&page=3');
    await waitFor(() =>
      expect(queryOf(api.lastQuery(`${T}/get-trust-account-ledgers`))).toMatchObject({
        TrustAccountId: ACCOUNT_ID,
        GeneralSearchText: 'Kemi',
        IsNonZeroOnly: 'false',
        page: '3',
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search ledgers' })).toHaveValue('Kemi');
    expect(screen.getByRole('switch', { name: 'Only ledgers holding funds' })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Only ledgers holding funds' }));
    await waitFor(() => expect(searchOf(router.state.location.search)).toEqual({ search: 'Kemi' }));
    await waitFor(() =>
      expect(queryOf(api.lastQuery(`${T}/get-trust-account-ledgers`))).toMatchObject({ IsNonZeroOnly: 'true', page: '1' }),
    );

    await user.click(screen.getByRole('tab', { name: 'Approvals' }));
    expect(router.state.location.search).toBe('?activeTab=approvals');
  });

  it('keeps the approvals page and size in the URL', async () => {
    const api = stubApi();
    renderAccount('?activeTab=approvals&page=2&size=50');
    await waitFor(() =>
      expect(queryOf(api.lastQuery(`${T}/get-pending-transactions`))).toMatchObject({
        Status: 'AwaitingApproval',
        TrustAccountId: ACCOUNT_ID,
        page: '2',
        size: '50',
      }),
    );
    expect(await screen.findByText('Nothing is awaiting approval.')).toBeInTheDocument();
  });
});
