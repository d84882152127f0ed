import {
  MY_ACCOUNT_MESSAGES,
  myAccountSchema,
  passkeyCeremonySchema,
  PASSKEY_MESSAGES,
  passkeySchema,
  signedInDeviceSchema,
  twoStepStatusSchema,
  type Passkey,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { ADD_PROMPT_CLOSED } from '../components/add-passkey-modal.tsx';
import { PASSKEY_IS_SECOND_STEP_TEXT } from '../components/two-step-card.tsx';
import { MyAccountPage } from '../pages/my-account-page.tsx';

/** The browser's side of WebAuthn, played by the test: what the prompt answers is set per test. */
const webAuthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webAuthn);

const session = fakeSession({ profile: fakeProfile(), permissions: [] });
const PASSKEYS = '/auth/mfa/passkeys';
const STATUS = '/auth/mfa/status';

/** A local moment as ISO, so the page shows the same DD/MM/YYYY HH:mm in any time zone. */
const localIso = (day: number, hour: number, minute: number) => new Date(2026, 4, day, hour, minute).toISOString();

const laptop: Passkey = {
  id: '0b6f3c1e-2d4a-4e8b-9c7d-5a1f2e3d4c5b',
  name: 'Work laptop',
  createdAt: localIso(2, 10, 15),
  lastUsedAt: localIso(4, 8, 5),
};
const phone: Passkey = { id: '7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f', name: 'Phone', createdAt: localIso(3, 9, 0), lastUsedAt: null };

const CEREMONY = { options: { challenge: 'c2lnbi1tZS1wbGVhc2U', rp: { name: 'Matterhorn', id: 'localhost' } }, ticket: 'sealed-ticket' };
const REGISTRATION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'o2M' } };

/** My account with the passkeys the server holds now: adding and removing change them, as the server would. */
function stubPasskeys(initial: Passkey[], overrides: Record<string, StubHandler> = {}) {
  let passkeys = initial;
  const api = stubApi({
    'GET /me/account': contractAnswer(myAccountSchema, { name: 'Ada Obi', email: 'ada@example.com', photo: null, pendingEmail: null }),
    'GET /me/sessions': contractAnswer(signedInDeviceSchema.array(), []),
    [`GET ${STATUS}`]: contractAnswer(twoStepStatusSchema, { isOn: false, recoveryCodesLeft: 0, isRequiredByFirm: false }),
    [`GET ${PASSKEYS}`]: () => contractAnswer(passkeySchema.array(), passkeys),
    'POST /auth/mfa/passkey/register-options': contractAnswer(passkeyCeremonySchema, CEREMONY),
    'POST /auth/mfa/passkey/register': (call) => {
      const added = {
        id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        name: (call.body as { name: string }).name,
        createdAt: localIso(5, 12, 0),
        lastUsedAt: null,
      };
      passkeys = [...passkeys, added];
      return { data: added, message: PASSKEY_MESSAGES.added };
    },
    ...Object.fromEntries(
      initial.map((passkey) => [
        `DELETE /auth/mfa/passkey/${passkey.id}`,
        () => {
          passkeys = passkeys.filter((kept) => kept.id !== passkey.id);
          return { data: null, message: PASSKEY_MESSAGES.removed };
        },
      ]),
    ),
    ...overrides,
  });
  return api;
}

const passkeysSection = () => screen.getByRole('region', { name: 'Passkeys' });
const passkeyRows = async () => within(await within(passkeysSection()).findByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');

beforeEach(() => {
  webAuthn.browserSupportsWebAuthn.mockReturnValue(true);
  webAuthn.startRegistration.mockReset();
});

describe('MyAccountPage, passkeys', { timeout: 30_000 }, () => {
  it('lists each passkey by name, when it was added and when it last signed in', async () => {
    stubPasskeys([laptop, phone]);
    renderAt(<MyAccountPage />, { session });
    expect(
      within(passkeysSection()).getByText(
        'Sign in with your fingerprint, face or screen lock instead of a password. A passkey also counts as your second step.',
      ),
    ).toBeInTheDocument();
    const [first, second] = (await passkeyRows()) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Work laptop')).toBeInTheDocument();
    expect(within(first).getByText('Added 02/05/2026')).toBeInTheDocument();
    expect(within(first).getByText('Last used 04/05/2026 08:05')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove passkey: Work laptop' })).toBeEnabled();
    expect(within(second).getByText('Phone')).toBeInTheDocument();
    expect(within(second).getByText('Not used to sign in yet')).toBeInTheDocument();
    expect(within(passkeysSection()).getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
    // With a passkey, a password sign-in asks for it: the two-step card says so.
    expect(within(screen.getByRole('region', { name: 'Two-step sign-in' })).getByText(PASSKEY_IS_SECOND_STEP_TEXT)).toBeInTheDocument();
  });

  it('adds a passkey: names it, runs the browser’s prompt with the server’s options, and sends the ticket, name and answer', async () => {
    const user = userEvent.setup();
    webAuthn.startRegistration.mockResolvedValue(REGISTRATION);
    const api = stubPasskeys([]);
    renderAt(<MyAccountPage />, { session });
    expect(await within(passkeysSection()).findByText('You have no passkeys yet.')).toBeInTheDocument();
    const twoStep = screen.getByRole('region', { name: 'Two-step sign-in' });
    expect(await within(twoStep).findByText('Off — signing in asks only for your password.')).toBeInTheDocument();
    const statusLoads = api.callsTo('GET', STATUS).length;

    await user.click(within(passkeysSection()).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    const name = within(dialog).getByRole('textbox', { name: /^Passkey name/ });
    // Named after this browser to begin with.
    expect(name).not.toHaveValue('');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    // Two-step sign-in is off: the password alone is asked.
    expect(within(dialog).queryByRole('textbox', { name: /^Authentication code/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/passkey/register-options')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Current password/), 'correct-horse-battery-staple');
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));

    expect(await screen.findByText(PASSKEY_MESSAGES.added)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/passkey/register-options').map((call) => call.body)).toEqual([
      { currentPassword: 'correct-horse-battery-staple' },
    ]);
    expect(webAuthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: CEREMONY.options });
    expect(api.callsTo('POST', '/auth/mfa/passkey/register').map((call) => call.body)).toEqual([
      { ticket: CEREMONY.ticket, name: 'Work laptop', response: REGISTRATION },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [added] = (await passkeyRows()) as [HTMLElement];
    expect(within(added).getByText('Work laptop')).toBeInTheDocument();
    expect(await within(twoStep).findByText(PASSKEY_IS_SECOND_STEP_TEXT)).toBeInTheDocument();
    expect(api.callsTo('GET', STATUS).length).toBeGreaterThan(statusLoads);
  });

  it('with two-step sign-in on, asks for the code too, and shows a wrong password under its field without a prompt', async () => {
    const user = userEvent.setup();
    webAuthn.startRegistration.mockResolvedValue(REGISTRATION);
    let refusals = 1;
    const api = stubPasskeys([], {
      [`GET ${STATUS}`]: contractAnswer(twoStepStatusSchema, { isOn: true, recoveryCodesLeft: 10, isRequiredByFirm: false }),
      'POST /auth/mfa/passkey/register-options': () =>
        refusals-- > 0
          ? {
              status: 400,
              body: JSON.stringify({
                success: false,
                message: MY_ACCOUNT_MESSAGES.wrongPassword,
                data: null,
                errors: { currentPassword: MY_ACCOUNT_MESSAGES.wrongPassword },
              }),
            }
          : { data: CEREMONY, message: 'Passkey options' },
    });
    renderAt(<MyAccountPage />, { session });
    await user.click(await within(passkeysSection()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'not-it');
    const code = within(dialog).getByRole('textbox', { name: /^Authentication code/ });
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));

    expect(await within(dialog).findByText(MY_ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    expect(webAuthn.startRegistration).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/auth/mfa/passkey/register')).toHaveLength(0);
    const password = within(dialog).getByLabelText(/^Current password/);
    await user.clear(password);
    await user.type(password, 'correct-horse-battery-staple');
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.added)).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/passkey/register-options').at(-1)?.body).toEqual({
      currentPassword: 'correct-horse-battery-staple',
      code: '123456',
    });
  });

  it('says calmly that nothing changed when the browser’s prompt is closed, and keeps the dialog for another try', async () => {
    const user = userEvent.setup();
    webAuthn.startRegistration.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const api = stubPasskeys([]);
    renderAt(<MyAccountPage />, { session });
    await user.click(await within(passkeysSection()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'correct-horse-battery-staple');
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(ADD_PROMPT_CLOSED);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/mfa/passkey/register')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Add passkey' })).toBeEnabled();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    webAuthn.startRegistration.mockResolvedValue(REGISTRATION);
    stubPasskeys([], { 'POST /auth/mfa/passkey/register': { status: 400, message: PASSKEY_MESSAGES.failed } });
    renderAt(<MyAccountPage />, { session });
    await user.click(await within(passkeysSection()).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'correct-horse-battery-staple');
    await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.failed);
  });

  it('asks before removing a passkey, then removes that one and reloads the list', async () => {
    const user = userEvent.setup();
    const api = stubPasskeys([laptop, phone]);
    renderAt(<MyAccountPage />, { session });
    await passkeyRows();

    await user.click(screen.getByRole('button', { name: 'Remove passkey: Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(within(dialog).getByText(/“Phone” will no longer sign you in\./)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/auth/mfa/passkey/${phone.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));

    expect(await screen.findByText(PASSKEY_MESSAGES.removed)).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/auth/mfa/passkey/${phone.id}`)).toHaveLength(1);
    expect(api.callsTo('DELETE', `/auth/mfa/passkey/${laptop.id}`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(passkeysSection()).queryByText('Phone')).not.toBeInTheDocument());
    expect(await passkeyRows()).toHaveLength(1);
  });

  it('says when this browser cannot use passkeys, offers no Add, and still lists and removes them', async () => {
    webAuthn.browserSupportsWebAuthn.mockReturnValue(false);
    stubPasskeys([laptop]);
    renderAt(<MyAccountPage />, { session });
    expect(await within(passkeysSection()).findByText(/^Passkeys are not supported by this browser\./)).toBeInTheDocument();
    expect(within(passkeysSection()).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(await passkeyRows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove passkey: Work laptop' })).toBeEnabled();
  });
});
