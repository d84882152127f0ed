import { PASSWORD_TOO_WEAK } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { SignupPage } from './signup-page.tsx';

async function fillIn(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Firm name/), 'Okafor Chambers');
  await user.type(screen.getByLabelText(/Your name/), 'Ngozi Okafor');
  await user.type(screen.getByLabelText(/Email/), 'ngozi@okafor.example');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('SignupPage', { timeout: 30_000 }, () => {
  it('sends the details, signs nobody in and asks the user to check their email', async () => {
    const api = stubApi({ 'POST /auth/signup': { status: 201, message: 'Check your email' } });
    const signInFirm = vi.fn(async () => {});
    renderAt(<SignupPage />, { path: '/signup', session: fakeSession({ isFirmSignedIn: false, signInFirm }) });
    await fillIn('plum-orchard-zebra-kettle');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/verification'));
    expect(api.callsTo('POST', '/auth/signup')[0]?.body).toEqual({
      firmName: 'Okafor Chambers',
      name: 'Ngozi Okafor',
      email: 'ngozi@okafor.example',
      password: 'plum-orchard-zebra-kettle',
    });
    expect(signInFirm).not.toHaveBeenCalled();
  });

  it('shows why a guessable password was refused under the password field', async () => {
    const reason = `${PASSWORD_TOO_WEAK}. This is similar to a commonly used password. Add more words that are less common.`;
    stubApi({
      'POST /auth/signup': {
        status: 400,
        body: JSON.stringify({ success: false, message: reason, data: null, errors: { password: reason } }),
      },
    });
    renderAt(<SignupPage />, { path: '/signup', session: fakeSession({ isFirmSignedIn: false }) });
    await fillIn('password1234');
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining('commonly used password')));
    // Under the field, and in the error toast every refused form shows (SPEC.md §8).
    expect(screen.getAllByText(reason)).toHaveLength(2);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
