import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortalAccount } from '@matterhorn/shared';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { CLIENT_ID, clientDetail, stubApi } from '../testing/stub-api.ts';
import { ClientViewPage } from './client-view-page.tsx';

const routes = [{ path: '/clients/:id', element: <ClientViewPage /> }];
const EDITOR = ['clientInfo', 'clientInfo.edit'];
const CONTACT_ID = '33333333-3333-4333-8333-333333333333';

function account(overrides: Partial<PortalAccount>): PortalAccount {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    clientId: CLIENT_ID,
    email: 'ada@example.com',
    contactName: null,
    status: 'Active',
    lastSignInAt: null,
    hasAuthenticator: false,
    createdAt: '2024-03-15T10:00:00.000Z',
    ...overrides,
  };
}

const ACCOUNTS = [
  account({ lastSignInAt: '2024-04-02T09:30:00.000Z' }),
  account({ id: '55555555-5555-4555-8555-555555555555', email: 'bayo@acme.example', contactName: 'Bayo Ade', status: 'Disabled' }),
];

function stubPortalAccess(accounts: PortalAccount[] = ACCOUNTS) {
  const detail = clientDetail({
    isPortalEnabled: true,
    hasPortalAccount: true,
    contacts: [
      { id: CONTACT_ID, name: 'Chidi Eze', jobTitle: null, email: 'chidi@acme.example', phone: null },
      { id: '66666666-6666-4666-8666-666666666666', name: 'Bayo Ade', jobTitle: null, email: 'bayo@acme.example', phone: null },
    ],
  });
  return stubApi({
    [`GET /api/admin/client-info/get-client/${CLIENT_ID}`]: () => detail,
    'GET /api/admin/custom-field/get-custom-fields': () => [],
    'GET /api/admin/client-portal/get-portal-accounts': () => accounts,
    'POST /api/admin/client-portal/': () => accounts,
  });
}

describe('Client view: Portal access', { timeout: 20_000 }, () => {
  it('lists each account with its contact, status and last sign-in', async () => {
    stubPortalAccess();
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: EDITOR }) });
    const list = await screen.findByRole('list', { name: 'Portal accounts' });
    const ada = within(list).getByRole('listitem', { name: 'ada@example.com' });
    expect(ada).toHaveTextContent('Active');
    expect(ada).toHaveTextContent(/Last sign-in \d{2}\/04\/2024/);
    const bayo = within(list).getByRole('listitem', { name: 'bayo@acme.example' });
    expect(bayo).toHaveTextContent('Bayo Ade');
    expect(bayo).toHaveTextContent('Disabled');
    expect(bayo).toHaveTextContent('Never signed in');
    expect(within(bayo).getByRole('button', { name: 'Enable bayo@acme.example' })).toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: 'Disable ada@example.com' })).toBeInTheDocument();
  });

  it('disables an account after confirming, and invites a contact not yet on the portal once the recipient is confirmed', async () => {
    const api = stubPortalAccess();
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: EDITOR }) });
    await user.click(await screen.findByRole('button', { name: 'Disable ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable portal access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/admin/client-portal/disable-portal-account/${ACCOUNTS[0]!.id}`)).toHaveLength(1));

    // Bayo already has an account: only Chidi can be invited.
    const select = screen.getByLabelText('Contact to invite');
    expect(within(select).queryByRole('option', { name: /Bayo/ })).not.toBeInTheDocument();
    await user.selectOptions(select, CONTACT_ID);
    await user.click(screen.getByRole('button', { name: 'Invite contact' }));
    // The invitation is an email to the client's contact: who receives it is confirmed first.
    const confirm = await screen.findByRole('dialog', { name: 'Invite to portal?' });
    expect(confirm).toHaveTextContent('sent to Chidi Eze at chidi@acme.example');
    expect(api.callsTo('POST', '/api/admin/client-portal/invite-portal-account')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/client-portal/invite-portal-account')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/client-portal/invite-portal-account')[0]!.body).toEqual({
      clientId: CLIENT_ID,
      contactId: CONTACT_ID,
    });
  });

  it('resets a lost authenticator app after confirming, offered only where one is set up', async () => {
    const api = stubPortalAccess([account({ hasAuthenticator: true }), ACCOUNTS[1]!]);
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: EDITOR }) });
    const list = await screen.findByRole('list', { name: 'Portal accounts' });
    expect(within(list).getByRole('listitem', { name: 'ada@example.com' })).toHaveTextContent('Authenticator app set up');
    expect(screen.queryByRole('button', { name: 'Reset the authenticator app of bayo@acme.example' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset the authenticator app of ada@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the authenticator app?' });
    expect(dialog).toHaveTextContent('ada@example.com will be signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/admin/client-portal/reset-authenticator-portal-account/${ACCOUNTS[0]!.id}`)).toHaveLength(1),
    );
  });

  it('shows the accounts but no actions without clientInfo.edit', async () => {
    stubPortalAccess();
    renderRoutes(routes, { path: `/clients/${CLIENT_ID}`, session: fakeSession({ permissions: ['clientInfo'] }) });
    await screen.findByRole('list', { name: 'Portal accounts' });
    expect(screen.queryByRole('button', { name: /^(Disable|Enable|Remove|Reset) / })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Contact to invite')).not.toBeInTheDocument();
  });
});
