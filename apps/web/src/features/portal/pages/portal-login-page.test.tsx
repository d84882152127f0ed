import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PORTAL_SIGN_IN_MESSAGES } from '@matterhorn/shared';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { PortalLinkSignInPage } from './portal-link-sign-in-page.tsx';
import { PortalLoginPage } from './portal-login-page.tsx';

const branding = { 'GET /client-portal/get-firm-branding': { data: { firmName: 'Obi & Co', firmLogo: null, company: 'obi' } } };
const CLIENT_ID = '5b0c7a43-6a0e-4c55-9d0e-0a8f1c2b3d4e';
const SESSION = { token: 'v1.a.b', clientId: CLIENT_ID, company: 'obi' };
const routes = [
  { path: '/portal/:company/login', element: <PortalLoginPage /> },
  { path: '/portal/:company/sign-in/:token', element: <PortalLinkSignInPage /> },
];

describe('Portal sign-in by emailed link', { timeout: 30_000 }, () => {
  it('offers "Email me a sign-in link" and shows the same answer whatever the email', async () => {
    const api = stubApi({
      ...branding,
      'POST /client-portal/request-sign-in-link': { message: PORTAL_SIGN_IN_MESSAGES.signInLinkSent, data: null },
    });
    renderRoutes(routes, { path: '/portal/obi/login', session: fakeSession({ isFirmSignedIn: false }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'kemi@client.example');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PORTAL_SIGN_IN_MESSAGES.signInLinkSent);
    expect(api.callsTo('POST', '/client-portal/request-sign-in-link')[0]?.body).toEqual({ slug: 'obi', email: 'kemi@client.example' });
    await user.click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('opening the link signs the client in once and goes to the overview', async () => {
    const api = stubApi({ ...branding, 'POST /client-portal/sign-in-with-link': { data: SESSION } });
    const signInClient = vi.fn(async () => {});
    renderRoutes(routes, {
      path: '/portal/obi/sign-in/secret-from-the-email',
      session: fakeSession({ isFirmSignedIn: false, signInClient }),
    });
    await waitFor(() => expect(signInClient).toHaveBeenCalledWith(SESSION));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/portal/obi/${CLIENT_ID}?activeTab=overview`));
    expect(api.callsTo('POST', '/client-portal/sign-in-with-link')).toHaveLength(1);
    expect(api.callsTo('POST', '/client-portal/sign-in-with-link')[0]?.body).toEqual({ slug: 'obi', token: 'secret-from-the-email' });
  });

  it('a used or expired link explains itself and leads back to sign in', async () => {
    stubApi({
      ...branding,
      'POST /client-portal/sign-in-with-link': { status: 400, message: PORTAL_SIGN_IN_MESSAGES.signInLinkInvalid },
    });
    renderRoutes(routes, { path: '/portal/obi/sign-in/used', session: fakeSession({ isFirmSignedIn: false }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(PORTAL_SIGN_IN_MESSAGES.signInLinkInvalid);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/portal/obi/login');
  });

  it('when the firm requires an authenticator, asks for the code before any session is stored', async () => {
    const api = stubApi({
      ...branding,
      'POST /client-portal/login': { data: { challenge: 'challenge-secret', step: 'verify', company: 'obi' } },
      'POST /client-portal/totp/verify': { data: SESSION },
    });
    const signInClient = vi.fn(async () => {});
    renderRoutes(routes, { path: '/portal/obi/login', session: fakeSession({ isFirmSignedIn: false, signInClient }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'kemi@client.example');
    await user.type(screen.getByLabelText(/^Password/), 'plum-orchard-zebra-kettle');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText(/Authentication code/);
    expect(signInClient).not.toHaveBeenCalled();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(signInClient).toHaveBeenCalledWith(SESSION));
    expect(api.callsTo('POST', '/client-portal/totp/verify')[0]?.body).toEqual({
      slug: 'obi',
      challenge: 'challenge-secret',
      code: '123456',
    });
  });
});
