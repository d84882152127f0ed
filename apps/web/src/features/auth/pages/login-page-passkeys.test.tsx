import { PASSKEY_MESSAGES, TWO_STEP_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { PASSKEY_SIGN_IN_PROMPT_CLOSED } from '../api/passkey-sign-in.ts';
import { LoginPage } from './login-page.tsx';

/** The browser's side of WebAuthn, played by the test: what the prompt answers is set per test. */
const webAuthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

const SESSION = { token: 't'.repeat(43), isVerified: true, isFirmSetUp: true };
const CEREMONY = {
  options: { challenge: 'c2lnbi1tZS1wbGVhc2U', rpId: 'localhost', userVerification: 'preferred' },
  ticket: 'sealed-ticket',
};
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
const OPTIONS = 'POST /auth/mfa/passkey/sign-in-options';
const SIGN_IN = 'POST /auth/mfa/passkey/sign-in';

beforeEach(() => {
  webAuthn.browserSupportsWebAuthn.mockReturnValue(true);
  webAuthn.startAuthentication.mockReset();
  webAuthn.startAuthentication.mockResolvedValue(ASSERTION);
});

function renderLogin() {
  const signInFirm = vi.fn(async () => {});
  renderAt(<LoginPage />, { path: '/login', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
  return { signInFirm, user: userEvent.setup() };
}

/** Signs in with a password that earns a second-step challenge. */
async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Email/), 'ada@obi.example');
  await user.type(screen.getByLabelText(/^Password/), 'plum-orchard-zebra-kettle');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const bodiesOf = (api: ReturnType<typeof stubApi>, key: string) => {
  const [method = '', path = ''] = key.split(' ');
  return api.callsTo(method, path).map((call) => call.body);
};

describe('LoginPage, signing in with a passkey', { timeout: 30_000 }, () => {
  it('signs in without a password, then lands as a password sign-in does', async () => {
    const api = stubApi({ [OPTIONS]: { data: CEREMONY }, [SIGN_IN]: { data: SESSION } });
    const { signInFirm, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with a passkey' }));

    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(webAuthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: CEREMONY.options });
    expect(bodiesOf(api, OPTIONS)).toEqual([{}]);
    expect(bodiesOf(api, SIGN_IN)).toEqual([{ ticket: CEREMONY.ticket, response: ASSERTION }]);
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('says calmly that the prompt was closed, and gives the button its focus back for another try', async () => {
    webAuthn.startAuthentication.mockRejectedValue(
      new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const api = stubApi({ [OPTIONS]: { data: CEREMONY } });
    const { signInFirm, user } = renderLogin();
    const button = screen.getByRole('button', { name: 'Continue with a passkey' });
    await user.click(button);

    expect(await screen.findByRole('status')).toHaveTextContent(PASSKEY_SIGN_IN_PROMPT_CLOSED);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toBeEnabled();
    expect(api.callsTo('POST', '/auth/mfa/passkey/sign-in')).toHaveLength(0);
    expect(signInFirm).not.toHaveBeenCalled();
  });

  it('shows the server’s message when the passkey is refused', async () => {
    stubApi({ [OPTIONS]: { data: CEREMONY }, [SIGN_IN]: { status: 400, message: PASSKEY_MESSAGES.failed } });
    const { signInFirm, user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with a passkey' }));
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.failed);
    expect(signInFirm).not.toHaveBeenCalled();
  });

  it('says when this browser cannot use passkeys', async () => {
    webAuthn.browserSupportsWebAuthn.mockReturnValue(false);
    stubApi({ [OPTIONS]: { data: CEREMONY } });
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passkeys are not supported by this browser.');
    expect(webAuthn.startAuthentication).not.toHaveBeenCalled();
  });
});

describe('LoginPage, a passkey for the second step', { timeout: 30_000 }, () => {
  it('asks only for the passkey when it is the member’s second step, and answers the challenge with it', async () => {
    const challenge = 'p'.repeat(43);
    const api = stubApi({
      'POST /auth/login': { data: { challenge, step: 'passkey', hasPasskey: true } },
      [OPTIONS]: { data: CEREMONY },
      [SIGN_IN]: { data: SESSION },
    });
    const { signInFirm, user } = renderLogin();
    await signInWithPassword(user);

    const button = await screen.findByRole('button', { name: 'Use your passkey' }, { timeout: 10_000 });
    await waitFor(() => expect(button).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: /^Authentication code/ })).not.toBeInTheDocument();
    expect(signInFirm).not.toHaveBeenCalled();

    await user.click(button);
    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(bodiesOf(api, OPTIONS)).toEqual([{ challenge }]);
    expect(bodiesOf(api, SIGN_IN)).toEqual([{ challenge, ticket: CEREMONY.ticket, response: ASSERTION }]);
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('offers a passkey beside the app’s code when the member has both', async () => {
    const challenge = 'b'.repeat(43);
    const api = stubApi({
      'POST /auth/login': { data: { challenge, step: 'verify', hasPasskey: true } },
      [OPTIONS]: { data: CEREMONY },
      [SIGN_IN]: { data: SESSION },
    });
    const { signInFirm, user } = renderLogin();
    await signInWithPassword(user);

    const code = await screen.findByRole('textbox', { name: /^Authentication code/ }, { timeout: 10_000 });
    await waitFor(() => expect(code).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Use a passkey instead' }));
    await waitFor(() => expect(signInFirm).toHaveBeenCalledWith(SESSION));
    expect(bodiesOf(api, SIGN_IN)).toEqual([{ challenge, ticket: CEREMONY.ticket, response: ASSERTION }]);
    expect(api.callsTo('POST', '/auth/mfa/verify')).toHaveLength(0);
  });

  it('offers no passkey to a member who has none', async () => {
    stubApi({ 'POST /auth/login': { data: { challenge: 'n'.repeat(43), step: 'verify' } } });
    const { user } = renderLogin();
    await signInWithPassword(user);
    await screen.findByRole('textbox', { name: /^Authentication code/ }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Use a passkey instead' })).not.toBeInTheDocument();
  });

  it('returns to the password with the message when the challenge has expired', async () => {
    stubApi({
      'POST /auth/login': { data: { challenge: 'e'.repeat(43), step: 'passkey', hasPasskey: true } },
      [OPTIONS]: { status: 400, message: TWO_STEP_MESSAGES.expired },
    });
    const { signInFirm, user } = renderLogin();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use your passkey' }, { timeout: 10_000 }));
    const card = screen.getByRole('main');
    expect(await within(card).findByRole('alert')).toHaveTextContent(TWO_STEP_MESSAGES.expired);
    expect(within(card).getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use your passkey' })).not.toBeInTheDocument();
    expect(signInFirm).not.toHaveBeenCalled();
  });
});
