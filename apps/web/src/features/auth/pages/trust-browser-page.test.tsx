import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { TrustBrowserPage } from './trust-browser-page.tsx';

describe('TrustBrowserPage', { timeout: 30_000 }, () => {
  it('the emailed link recognises this browser and leads to the sign-in page it names', async () => {
    const api = stubApi({ 'POST /auth/trust-browser': { data: { signInPath: '/portal/acme/login' }, message: 'Trusted' } });
    renderAt(<TrustBrowserPage />, { path: '/trust-browser?token=emailed-secret', session: fakeSession({ isFirmSignedIn: false }) });
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/acme/login'));
    expect(api.callsTo('POST', '/auth/trust-browser')[0]?.body).toEqual({ token: 'emailed-secret' });
  });

  it('an expired link says so', async () => {
    stubApi({ 'POST /auth/trust-browser': { status: 400, message: 'This link is invalid or has expired' } });
    renderAt(<TrustBrowserPage />, { path: '/trust-browser?token=old', session: fakeSession({ isFirmSignedIn: false }) });
    expect(await screen.findByText(/This link is invalid or has expired/)).toBeInTheDocument();
  });
});
