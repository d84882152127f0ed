import { RECOVERY_CODE_COUNT, TWO_STEP_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
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

/** Signs in with a password that earns a second-step challenge. */
async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Email/), 'ada@obi.example');
  await user.type(screen.getByLabelText(/^Password/), 'plum-orchard-zebra-kettle');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const RECOVERY_CODES = Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) => `k3f9${index}-2mxq7`);
const TOTP_SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Matterhorn:ada@obi.example?secret=JBSWY3DPEHPK3PXP&issuer=Matterhorn',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('LoginPage, two-step sign-in', { timeout: 30_000 }, () => {
  it('asks for the authenticator code after the password, then signs in as a password-only sign-in does', async () => {
    const challenge = 'v'.repeat(43);
    const api = stubApi({
      'POST /auth/login': { data: { challenge, step: 'verify' } },
      'POST /auth/mfa/verify': { data: SESSION },
    });
    const signInFirm = vi.fn(async () => {});
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
    const user = userEvent.setup();
    await signInWithPassword(user);

    const code = await screen.findByRole('textbox', { name: /^Authentication code/ }, { timeout: 10_000 });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription(/recovery codes/);
    expect(signInFirm).not.toHaveBeenCalled();

    await user.type(code, '123456');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this browser for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(api.callsTo('POST', '/auth/mfa/verify')[0]?.body).toEqual({ challenge, code: '123456', rememberBrowser: true });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows a wrong code under the field and stays on the step; a recovery code is sent as typed, in lower case', async () => {
    const challenge = 'w'.repeat(43);
    let answer: { status?: number; message?: string; data?: unknown } = { status: 400, message: TWO_STEP_MESSAGES.invalidCode };
    const api = stubApi({
      'POST /auth/login': { data: { challenge, step: 'verify' } },
      'POST /auth/mfa/verify': () => answer,
    });
    const signInFirm = vi.fn(async () => {});
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
    const user = userEvent.setup();
    await signInWithPassword(user);

    const code = await screen.findByRole('textbox', { name: /^Authentication code/ }, { timeout: 10_000 });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(new RegExp(TWO_STEP_MESSAGES.invalidCode)));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(signInFirm).not.toHaveBeenCalled();

    answer = { data: SESSION };
    await user.clear(code);
    await user.type(code, 'K3F9A-2MXQ7');
    expect(code).not.toHaveAccessibleDescription(new RegExp(TWO_STEP_MESSAGES.invalidCode));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(api.callsTo('POST', '/auth/mfa/verify').map((call) => call.body)).toEqual([
      { challenge, code: '000000', rememberBrowser: false },
      { challenge, code: 'k3f9a-2mxq7', rememberBrowser: false },
    ]);
  });

  it('refuses a code that is neither six digits nor a recovery code without calling the server', async () => {
    const api = stubApi({ 'POST /auth/login': { data: { challenge: 'x'.repeat(43), step: 'verify' } } });
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false }) });
    const user = userEvent.setup();
    await signInWithPassword(user);
    const code = await screen.findByRole('textbox', { name: /^Authentication code/ }, { timeout: 10_000 });
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/verify')).toHaveLength(0);
  });

  it('returns to the password with the message when the challenge has expired', async () => {
    stubApi({
      'POST /auth/login': { data: { challenge: 'e'.repeat(43), step: 'verify' } },
      'POST /auth/mfa/verify': { status: 400, message: TWO_STEP_MESSAGES.expired },
    });
    const signInFirm = vi.fn(async () => {});
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
    const user = userEvent.setup();
    await signInWithPassword(user);
    await user.type(await screen.findByRole('textbox', { name: /^Authentication code/ }, { timeout: 10_000 }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const card = await screen.findByRole('main');
    expect(await within(card).findByRole('alert')).toHaveTextContent(TWO_STEP_MESSAGES.expired);
    expect(within(card).getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Authentication code/ })).not.toBeInTheDocument();
    expect(signInFirm).not.toHaveBeenCalled();
  });

  it('sets the authenticator up when the firm requires it, shows the recovery codes once, and signs in on Continue', async () => {
    const challenge = 'n'.repeat(43);
    const api = stubApi({
      'POST /auth/login': { data: { challenge, step: 'enrol' } },
      'POST /auth/mfa/enrol': { data: TOTP_SETUP },
      'POST /auth/mfa/verify': { data: { ...SESSION, recoveryCodes: RECOVERY_CODES } },
    });
    const signInFirm = vi.fn(async () => {});
    renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
    const user = userEvent.setup();
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: 'Your firm requires two-step sign-in' }, { timeout: 10_000 })).toBeInTheDocument();
    const qrCode = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qrCode).toHaveAttribute('src', TOTP_SETUP.qrCode);
    expect(screen.getByText(TOTP_SETUP.secret)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/enrol').map((call) => call.body)).toEqual([{ challenge }]);
    const code = screen.getByRole('textbox', { name: /^Authentication code/ });
    await waitFor(() => expect(code).toHaveFocus());

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByText('Save these recovery codes: each signs in once if you lose your phone.')).toHaveFocus();
    expect(signInFirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(api.callsTo('POST', '/auth/mfa/verify')[0]?.body).toEqual({ challenge, code: '654321', rememberBrowser: false });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});
