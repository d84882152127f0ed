import {
  MY_ACCOUNT_MESSAGES,
  myAccountSchema,
  signedInDeviceSchema,
  twoStepStatusSchema,
  type MyAccount,
  type SignedInDevice,
} from '@matterhorn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../../test/msw/contract-answers.ts';
import { stubApi, type StubHandler } from '../../../test/msw/stub-api.ts';
import { fakeProfile, fakeSession, renderAt } from '../../../test/render.tsx';
import { PASSWORDS_DIFFER } from '../components/password-card.tsx';
import { MyAccountPage } from '../pages/my-account-page.tsx';
import { PHOTO_MESSAGES } from '../utils/shrink-photo.ts';

// jsdom has no image decoder and no canvas: these stand in for the browser's, so the page's own
// shrinking code runs (a module mock was not always applied on a loaded CI machine).
const SHRUNK_PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} });
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: async () => {} });
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(900);
  const context = { fillStyle: '', imageSmoothingQuality: 'low', fillRect: () => {}, drawImage: () => {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SHRUNK_PHOTO);
});
afterEach(() => vi.restoreAllMocks());

const STORED_PHOTO = 'data:image/png;base64,iVBORw0KGgo=';
const ACCOUNT = '/me/account';
const thisDevice: SignedInDevice = {
  id: '3f0c2b1a-7d4e-4c5b-8a9f-1e2d3c4b5a60',
  userAgent: null,
  ipAddress: null,
  signedInAt: '2026-05-01T09:30:00.000Z',
  lastActiveAt: '2026-05-01T09:30:00.000Z',
  isThisDevice: true,
};

const accountOf = (overrides: Partial<MyAccount> = {}): MyAccount => ({
  name: 'Ada Obi',
  email: 'ada@example.com',
  photo: null,
  pendingEmail: null,
  ...overrides,
});

function sessionWith(permissions: string[] = []) {
  return fakeSession({ profile: fakeProfile(), permissions, reloadProfile: vi.fn(async () => null) });
}

/** My account's API holding `stored` as the user's account: a save keeps what it was sent. */
function stubAccount(stored: MyAccount, handlers: Record<string, StubHandler> = {}) {
  let account = stored;
  return stubApi({
    'GET /auth/mfa/status': contractAnswer(twoStepStatusSchema, { isOn: false, recoveryCodesLeft: 0, isRequiredByFirm: false }),
    'GET /me/sessions': contractAnswer(signedInDeviceSchema.array(), [thisDevice]),
    [`GET ${ACCOUNT}`]: () => contractAnswer(myAccountSchema, account),
    [`PUT ${ACCOUNT}`]: (call) => {
      const body = call.body as { name: string; photo?: string | null };
      account = { ...account, name: body.name, photo: body.photo === undefined ? account.photo : body.photo };
      return { ...contractAnswer(myAccountSchema, account), message: 'My account updated' };
    },
    ...handlers,
  });
}

const refusal = (field: string, message: string): StubHandler => ({
  status: 400,
  body: JSON.stringify({ success: false, message, data: null, errors: { [field]: message } }),
});

const profileSection = () => screen.getByRole('region', { name: 'Profile' });
const passwordSection = () => screen.getByRole('region', { name: 'Password' });
const photoChooser = () => {
  const input = profileSection().querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No photo chooser');
  return input;
};

describe('MyAccountPage, profile', { timeout: 30_000 }, () => {
  it('saves the name and the chosen photo, shrunk, then reloads the name the top bar shows', async () => {
    const user = userEvent.setup();
    const session = sessionWith();
    const api = stubAccount(accountOf());
    renderAt(<MyAccountPage />, { session });
    const name = await within(profileSection()).findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Ada Obi');

    await user.upload(photoChooser(), new File(['a large photo'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await within(profileSection()).findByRole('img', { name: 'Your photo' })).toHaveAttribute('src', SHRUNK_PHOTO);
    await user.clear(name);
    await user.type(name, 'Ada Obi-Okafor');
    await user.click(within(profileSection()).getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(api.callsTo('PUT', ACCOUNT)).toHaveLength(1));
    expect(api.callsTo('PUT', ACCOUNT)[0]?.body).toEqual({ name: 'Ada Obi-Okafor', photo: SHRUNK_PHOTO });
    expect(await screen.findByText('My account updated')).toBeInTheDocument();
    await waitFor(() => expect(session.reloadProfile).toHaveBeenCalledTimes(1));
  });

  it('leaves an unchanged photo out, and sends null when it is removed', async () => {
    const user = userEvent.setup();
    const api = stubAccount(accountOf({ photo: STORED_PHOTO }));
    renderAt(<MyAccountPage />, { session: sessionWith() });
    const name = await within(profileSection()).findByRole('textbox', { name: /^Name/ });
    expect(within(profileSection()).getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', STORED_PHOTO);

    await user.type(name, ' Jr');
    await user.click(within(profileSection()).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.callsTo('PUT', ACCOUNT)).toHaveLength(1));
    // Left out, the photo stays as it is.
    expect(api.callsTo('PUT', ACCOUNT)[0]?.body).toEqual({ name: 'Ada Obi Jr' });

    await user.click(within(profileSection()).getByRole('button', { name: 'Remove photo' }));
    expect(within(profileSection()).getByRole('button', { name: 'Upload photo' })).toHaveFocus();
    await user.click(within(profileSection()).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.callsTo('PUT', ACCOUNT)).toHaveLength(2));
    expect(api.callsTo('PUT', ACCOUNT)[1]?.body).toEqual({ name: 'Ada Obi Jr', photo: null });
    await waitFor(() => expect(within(profileSection()).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument());
  });

  it('refuses a file that is not an image, and a blank name, without saving', async () => {
    // A browser's "All files" choice gets past the chooser's image filter.
    const user = userEvent.setup({ applyAccept: false });
    const api = stubAccount(accountOf());
    renderAt(<MyAccountPage />, { session: sessionWith() });
    const name = await within(profileSection()).findByRole('textbox', { name: /^Name/ });

    await user.upload(photoChooser(), new File(['%PDF-1.7'], 'contract.pdf', { type: 'application/pdf' }));
    expect(await within(profileSection()).findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.notAnImage);
    expect(within(profileSection()).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    // An image file the browser cannot decode (a damaged or unsupported one).
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: async () => Promise.reject(new Error('EncodingError')),
    });
    await user.upload(photoChooser(), new File(['not really a photo'], 'broken.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(within(profileSection()).getByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.unreadable));
    expect(within(profileSection()).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    await user.clear(name);
    await user.click(within(profileSection()).getByRole('button', { name: 'Save profile' }));
    expect(await within(profileSection()).findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(api.callsTo('PUT', ACCOUNT)).toHaveLength(0);
  });
});

describe('MyAccountPage, password', { timeout: 30_000 }, () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, passwords: [string, string, string]) => {
    const section = passwordSection();
    await user.type(within(section).getByLabelText(/^Current password/), passwords[0]);
    await user.type(within(section).getByLabelText(/^New password/), passwords[1]);
    await user.type(within(section).getByLabelText(/^Confirm new password/), passwords[2]);
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
  };

  it('catches new passwords that differ on the page, before asking the server', async () => {
    const user = userEvent.setup();
    const api = stubAccount(accountOf());
    renderAt(<MyAccountPage />, { session: sessionWith() });
    await fill(user, ['old secret words', 'correct horse battery staple', 'correct horse battery stapel']);
    const confirm = within(passwordSection()).getByLabelText(/^Confirm new password/);
    await waitFor(() => expect(confirm).toHaveAccessibleDescription(PASSWORDS_DIFFER));
    expect(confirm).toHaveFocus();
    expect(api.callsTo('POST', '/me/change-password')).toHaveLength(0);
  });

  it('shows a wrong current password at its field', async () => {
    const user = userEvent.setup();
    const api = stubAccount(accountOf(), {
      'POST /me/change-password': refusal('currentPassword', MY_ACCOUNT_MESSAGES.wrongPassword),
    });
    renderAt(<MyAccountPage />, { session: sessionWith() });
    await fill(user, ['not my password', 'correct horse battery staple', 'correct horse battery staple']);
    const current = within(passwordSection()).getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription(MY_ACCOUNT_MESSAGES.wrongPassword));
    expect(current).toHaveFocus();
    expect(api.callsTo('POST', '/me/change-password')).toHaveLength(1);
  });

  it('shows a guessable new password at the new password field', async () => {
    const user = userEvent.setup();
    const weak = 'This password is too easy to guess. Add another word or two; uncommon words are better.';
    stubAccount(accountOf(), { 'POST /me/change-password': refusal('password', weak) });
    renderAt(<MyAccountPage />, { session: sessionWith() });
    await fill(user, ['old secret words', 'password1234', 'password1234']);
    const newPassword = within(passwordSection()).getByLabelText(/^New password/);
    await waitFor(() => expect(newPassword).toHaveAccessibleDescription(expect.stringContaining(weak)));
  });

  it('changes it, says so, clears the form and reloads the signed-in devices', async () => {
    const user = userEvent.setup();
    const api = stubAccount(accountOf(), {
      'POST /me/change-password': { data: { otherSessionsEnded: 2 }, message: MY_ACCOUNT_MESSAGES.passwordChanged },
    });
    renderAt(<MyAccountPage />, { session: sessionWith() });
    await screen.findByRole('list', { name: 'Signed-in devices' });
    const devicesListed = api.callsTo('GET', '/me/sessions').length;

    await fill(user, ['old secret words', 'correct horse battery staple', 'correct horse battery staple']);
    expect(await screen.findByText(MY_ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo('POST', '/me/change-password')[0]?.body).toEqual({
      currentPassword: 'old secret words',
      newPassword: 'correct horse battery staple',
    });
    await waitFor(() => expect(api.callsTo('GET', '/me/sessions').length).toBeGreaterThan(devicesListed));
    expect(within(passwordSection()).getByLabelText(/^Current password/)).toHaveValue('');
    expect(within(passwordSection()).getByLabelText(/^Confirm new password/)).toHaveValue('');
  });
});
