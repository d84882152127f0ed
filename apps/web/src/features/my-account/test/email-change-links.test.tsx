import { AUTH_MESSAGES, MY_ACCOUNT_MESSAGES } from '@matterhorn/shared';
import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { renderAt } from '../../../test/render.tsx';
import { INCOMPLETE_LINK } from '../hooks/use-email-change-link.ts';
import { ConfirmEmailChangePage } from '../pages/confirm-email-change-page.tsx';
import { UndoEmailChangePage } from '../pages/undo-email-change-page.tsx';

const CONFIRM = '/auth/confirm-email-change';
const UNDO = '/auth/undo-email-change';
const invalidLink = { status: 400, message: AUTH_MESSAGES.invalidToken };

describe('ConfirmEmailChangePage', () => {
  it('posts the link’s token once, even when React runs its effect twice, and says it worked', async () => {
    const api = stubApi({ [`POST ${CONFIRM}`]: { message: MY_ACCOUNT_MESSAGES.emailChanged } });
    renderAt(
      <StrictMode>
        <ConfirmEmailChangePage />
      </StrictMode>,
      { path: '/confirm-email-change?token=k3f9-confirm-once' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your new email…');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(MY_ACCOUNT_MESSAGES.emailChanged));
    expect(api.callsTo('POST', CONFIRM)).toHaveLength(1);
    expect(api.callsTo('POST', CONFIRM)[0]?.body).toEqual({ token: 'k3f9-confirm-once' });
    // No session: the link works signed out.
    expect(api.callsTo('POST', CONFIRM)[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the server’s refusal of a used or expired link, with a way to sign in', async () => {
    const api = stubApi({ [`POST ${CONFIRM}`]: invalidLink });
    renderAt(<ConfirmEmailChangePage />, { path: '/confirm-email-change?token=used-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidToken);
    expect(screen.getByRole('status')).not.toHaveTextContent(/\S/);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST', CONFIRM)).toHaveLength(1);
  });

  it('says a link without its token is incomplete, and posts nothing', async () => {
    const api = stubApi({ [`POST ${CONFIRM}`]: { message: MY_ACCOUNT_MESSAGES.emailChanged } });
    renderAt(<ConfirmEmailChangePage />, { path: '/confirm-email-change' });
    expect(await screen.findByRole('alert')).toHaveTextContent(INCOMPLETE_LINK);
    expect(api.calls).toHaveLength(0);
  });
});

describe('UndoEmailChangePage', () => {
  it('posts the token once and says every device was signed out, offering a new password', async () => {
    const api = stubApi({ [`POST ${UNDO}`]: { message: MY_ACCOUNT_MESSAGES.emailChangeUndone } });
    renderAt(
      <StrictMode>
        <UndoEmailChangePage />
      </StrictMode>,
      { path: '/undo-email-change?token=k3f9-undo-once' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Undo the email change' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(MY_ACCOUNT_MESSAGES.emailChangeUndone));
    expect(api.callsTo('POST', UNDO)).toHaveLength(1);
    expect(api.callsTo('POST', UNDO)[0]?.body).toEqual({ token: 'k3f9-undo-once' });
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the refusal of an expired undo link', async () => {
    stubApi({ [`POST ${UNDO}`]: invalidLink });
    renderAt(<UndoEmailChangePage />, { path: '/undo-email-change?token=expired-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidToken);
    expect(screen.queryByRole('link', { name: 'Choose a new password' })).not.toBeInTheDocument();
  });
});
