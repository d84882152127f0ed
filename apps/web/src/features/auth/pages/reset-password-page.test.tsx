import { PASSWORD_TOO_WEAK } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderRoutes } from '../../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

describe('ResetPasswordPage', { timeout: 30_000 }, () => {
  it('shows under the new password why the server refused it, and clears it once the password changes', async () => {
    const reason = `${PASSWORD_TOO_WEAK}. Repeated characters like "aaa" are easy to guess. Avoid repeated words and characters.`;
    const api = stubApi({
      'POST /auth/reset-password': {
        status: 400,
        body: JSON.stringify({ success: false, message: reason, data: null, errors: { password: reason } }),
      },
    });
    renderRoutes([{ path: '/forgot-password/reset/:id', element: <ResetPasswordPage /> }], {
      path: '/forgot-password/reset/emailed-secret',
      session: fakeSession({ isFirmSignedIn: false }),
    });
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    await user.type(password, 'aaaaaaaaaaaa');
    await user.type(screen.getByLabelText(/^Confirm/), 'aaaaaaaaaaaa');
    await user.click(screen.getByRole('button', { name: /Reset password/ }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining('Repeated characters')));
    expect(api.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({ token: 'emailed-secret', password: 'aaaaaaaaaaaa' });
    await user.type(password, 'x');
    await waitFor(() => expect(password).not.toHaveAccessibleDescription(expect.stringContaining('Repeated characters')));
  });
});
