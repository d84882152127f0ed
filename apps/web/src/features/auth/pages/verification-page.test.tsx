import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { fakeSession, renderAt } from '../../../test/render.tsx';
import { VerificationPage } from './verification-page.tsx';

describe('VerificationPage', { timeout: 30_000 }, () => {
  it('the emailed link signs the new administrator in and continues to firm set-up', async () => {
    const firmSession = { token: 'v1.session.signature', isVerified: true, isFirmSetUp: false };
    const api = stubApi({ 'POST /auth/verify-email': { data: firmSession, message: 'Your email has been verified.' } });
    const signInFirm = vi.fn(async () => {});
    renderAt(<VerificationPage />, {
      path: '/verification?token=emailed-secret',
      session: fakeSession({ isFirmSignedIn: false, signInFirm }),
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/setup-firm'));
    expect(api.callsTo('POST', '/auth/verify-email')[0]?.body).toEqual({ token: 'emailed-secret' });
    expect(signInFirm).toHaveBeenCalledWith(firmSession);
  });

  it('a used or expired link says so and offers a new one', async () => {
    stubApi({ 'POST /auth/verify-email': { status: 400, message: 'This link is invalid or has expired' } });
    renderAt(<VerificationPage />, { path: '/verification?token=old-secret', session: fakeSession({ isFirmSignedIn: false }) });
    expect(await screen.findByText('This verification link is invalid or has expired. Ask for a new one below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });
});
