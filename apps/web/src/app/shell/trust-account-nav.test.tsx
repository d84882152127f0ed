import { trustAccountListRoute, trustAccountSchema } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRUST_ACCOUNTS_NAV_PATH } from '../../features/trust/api/trust-accounts-nav.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { workingUserOf } from '../../lib/session/working-user.ts';
import { stubApi } from '../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderRoutes } from '../../test/render.tsx';
import { needs } from '../routing/page-permissions.ts';
import { firmPages } from '../routing/firm-routes.tsx';
import { FirmShell } from './firm-shell.tsx';

const profile = fakeProfile();
const account = (id: string, name: string) =>
  trustAccountSchema.parse({
    id,
    name,
    bankName: 'GTBank',
    accountNumberMasked: '••••1234',
    currencyCode: 'NGN',
    currencySymbol: '₦',
    paymentInstructions: '',
    isActive: true,
    balance: '0.00',
    clearedBalance: '0.00',
    unclearedBalance: '0.00',
    clientLedgerCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
  });
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const routes = [
  {
    element: <FirmShell pages={firmPages} />,
    children: [
      { path: '/trust-account/:slug', handle: needs('trustAccountRequest'), element: <h1>Trust page</h1> },
      { path: '/dashboard', handle: needs(), element: <h1>Dashboard page</h1> },
    ],
  },
];
const session = fakeSession({ profile, workingUser: workingUserOf(profile), permissions: ['trustAccountRequest'] });

describe('The side navigation under Trust Account', () => {
  it("reads the trust accounts contract's path, without loading the contract", () => {
    expect(`${API_BASE}${TRUST_ACCOUNTS_NAV_PATH}`).toBe(trustAccountListRoute.path);
  });

  it("lists the firm's trust accounts, the open one marked", async () => {
    stubApi({
      'GET /admin/trust-account/get-trust-accounts': { data: [account(A, 'Client Trust — GTBank'), account(B, 'Estates Trust')] },
    });
    renderRoutes(routes, { path: `/trust-account/${B}`, session });
    const nav = screen.getByRole('navigation', { name: 'Trust Account navigation' });
    expect(await within(nav).findByRole('link', { name: 'Estates Trust' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['All accounts', '/trust-account/accounts'],
      ['Client Trust — GTBank', `/trust-account/${A}`],
      ['Estates Trust', `/trust-account/${B}`],
    ]);
  });

  it('asks for the accounts only on the trust pages', async () => {
    const api = stubApi({ 'GET /admin/trust-account/get-trust-accounts': { data: [] } });
    renderRoutes(routes, { path: '/dashboard', session });
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Trust Account navigation' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/trust-account/get-trust-accounts')).toHaveLength(0);
  });
});
