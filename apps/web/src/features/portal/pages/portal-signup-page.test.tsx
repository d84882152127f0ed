import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { NO_INVITATION_TEXT, PortalSignupPage } from './portal-signup-page.tsx';

const branding = { 'GET /client-portal/get-firm-branding': { data: { firmName: 'Obi & Co', firmLogo: null, company: 'obi' } } };
const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const route = [{ path: '/portal/:company/signup', element: <PortalSignupPage /> }];

describe('PortalSignupPage', { timeout: 30_000 }, () => {
  it('sends the token from the invitation link with the new account', async () => {
    const api = stubApi({
      ...branding,
      'POST /client-portal/signup': { data: { token: 'v1.a.b', clientId: CLIENT_ID, company: 'obi' } },
    });
    const signInClient = vi.fn(async () => {});
    renderRoutes(route, {
      path: '/portal/obi/signup?token=secret-from-the-email',
      session: fakeSession({ isFirmSignedIn: false, signInClient }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'kemi@client.example');
    await user.type(screen.getByLabelText(/^Password/), 'plum-orchard-zebra-kettle');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signInClient).toHaveBeenCalled());
    expect(api.callsTo('POST', '/client-portal/signup')[0]?.body).toEqual({
      slug: 'obi',
      token: 'secret-from-the-email',
      email: 'kemi@client.example',
      password: 'plum-orchard-zebra-kettle',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/portal/obi/${CLIENT_ID}?activeTab=overview`));
  });

  it('without an invitation link, explains where to find it and offers no form', async () => {
    const api = stubApi(branding);
    renderRoutes(route, { path: '/portal/obi/signup', session: fakeSession({ isFirmSignedIn: false }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_INVITATION_TEXT);
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/portal/obi/login');
    expect(api.callsTo('POST', '/client-portal/signup')).toHaveLength(0);
  });
});
