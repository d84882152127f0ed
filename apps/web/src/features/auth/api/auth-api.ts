import type { FirmSession, FirmSignInResult, Invitation } from '@matterhorn/shared';
import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/**
 * A session, or (when the user has two-step sign-in on, or the firm requires it) a challenge for the
 * second step. Not parsed with the shared schema: the sign-in page's first paint carries no zod.
 */
export async function loginFirm(body: { email: string; password: string }): Promise<FirmSignInResult> {
  const envelope = await apiMutate<FirmSignInResult>('/auth/login', body, { auth: 'none', toastSuccess: false });
  return envelope.data;
}

/** No session: the emailed verification link signs the new administrator in. */
export async function signupFirm(body: { firmName: string; name: string; email: string; password: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/auth/signup', body, { auth: 'none' });
  return envelope.message;
}

export async function verifyEmail(token: string): Promise<FirmSession> {
  const envelope = await apiMutate<FirmSession>('/auth/verify-email', { token }, { auth: 'none' });
  return envelope.data;
}

export async function resendVerification(email: string): Promise<string> {
  const envelope = await apiMutate<unknown>('/auth/resend-verification', { email }, { auth: 'none' });
  return envelope.message;
}

export async function requestPasswordReset(email: string): Promise<string> {
  const envelope = await apiMutate<unknown>('/auth/forgot-password', { email }, { auth: 'none' });
  return envelope.message;
}

export async function resetPassword(body: { token: string; password: string }): Promise<string> {
  const envelope = await apiMutate<unknown>('/auth/reset-password', body, { auth: 'none' });
  return envelope.message;
}

/** Null when the invitation is unknown or expired (the page says so). */
export async function getInvitation(id: string): Promise<Invitation | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<Invitation>>(`/auth/invitation/${encodeURIComponent(id)}`, {
      auth: 'none',
      silent: true,
    });
    return envelope.data;
  } catch {
    return null;
  }
}

export async function joinTeam(body: { invitationId: string; name: string; password: string }): Promise<FirmSession> {
  const envelope = await apiMutate<FirmSession>('/auth/join-team', body, { auth: 'none' });
  return envelope.data;
}

/** The link emailed after failed sign-in attempts: the server remembers this browser for the account; answers where to sign in. */
export async function trustBrowser(token: string): Promise<string> {
  const envelope = await apiMutate<{ signInPath: string }>('/auth/trust-browser', { token }, { auth: 'none', toastSuccess: false });
  return envelope.data.signInPath;
}
