import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const SESSION = { token: 't'.repeat(43), isVerified: true, isFirmSetUp: true };

describe('LoginPage (its schema loads when the form first validates)', { timeout: 30_000 }, () => {
  it('names the missing fields on submit and calls nothing', async () => {
    const api = stubApi();
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false }) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('checks the email when the field is left, and clears the message once it is corrected', async () => {
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'ada@');
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    // Password was not touched: its rule stays quiet until submit.
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'obi.example');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument());
  });

  it('sends the trimmed, lower-cased email once, however often it is submitted, and signs in', async () => {
    const api = stubApi({ 'POST /auth/login': { data: SESSION } });
    const signInFirm = vi.fn(async () => {});
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), ' Ada@Obi.Example ');
    await user.type(screen.getByLabelText(/^Password/), 'plum-orchard-zebra-kettle');
    const button = screen.getByRole('button', { name: 'Sign in' });
    await Promise.all([user.click(button), user.click(button)]);
    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(1);
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({ email: 'ada@obi.example', password: 'plum-orchard-zebra-kettle' });
  });
});
