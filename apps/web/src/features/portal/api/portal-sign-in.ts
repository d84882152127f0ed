import {
  portalFirmBrandingRoute,
  portalForgotPasswordRoute,
  portalLinkSignInRoute,
  portalLoginRoute,
  portalResetPasswordRoute,
  portalSignInLinkRequestRoute,
  portalSignupRoute,
  portalTotpEnrolRoute,
  portalTotpVerifyRoute,
  type PortalFirm,
  type PortalSession,
  type PortalSignInResult,
  type PortalTotpEnrolment,
} from '@matterhorn/shared';
import { useQuery } from '@tanstack/react-query';
import { callContract, listContract } from '../../../lib/api/call-contract.ts';

/**
 * The portal's public pages' calls (branding, signing in, up and back in), apart from the
 * signed-in portal's (portal-api.ts): the sign-in pages load only these contracts.
 */

/** Null when no firm has this portal address (the page says so). */
export const getFirmBranding = (slug: string): Promise<PortalFirm | null> =>
  listContract(portalFirmBrandingRoute, { query: { Slug: slug } }, 'none');

export function useFirmBranding(slug: string) {
  return useQuery({ queryKey: ['firm-branding', slug], queryFn: () => getFirmBranding(slug), staleTime: 5 * 60_000 });
}

/** A session, or (when the firm requires an authenticator app) the second-factor challenge. */
export async function portalLogin(body: { slug: string; email: string; password: string }): Promise<PortalSignInResult> {
  return (await callContract(portalLoginRoute, { body }, { auth: 'none' })).data;
}

export async function portalSignup(body: {
  slug: string;
  token: string;
  email: string;
  password: string;
  privacyNoticeVersion?: number;
}): Promise<PortalSignInResult> {
  return (await callContract(portalSignupRoute, { body }, { auth: 'none', toastSuccess: true })).data;
}

/** "Email me a sign-in link": the answer reads the same whether or not the email has an account. */
export async function requestPortalSignInLink(body: { slug: string; email: string }): Promise<string> {
  return (await callContract(portalSignInLinkRequestRoute, { body }, { auth: 'none' })).message;
}

/** Silent: the sign-in link page shows the refusal itself. */
export async function portalSignInWithLink(body: { slug: string; token: string }): Promise<PortalSignInResult> {
  return (await callContract(portalLinkSignInRoute, { body }, { auth: 'none', silent: true })).data;
}

export async function enrolPortalTotp(body: { slug: string; challenge: string }): Promise<PortalTotpEnrolment> {
  return (await callContract(portalTotpEnrolRoute, { body }, { auth: 'none' })).data;
}

export async function verifyPortalTotp(body: { slug: string; challenge: string; code: string }): Promise<PortalSession> {
  return (await callContract(portalTotpVerifyRoute, { body }, { auth: 'none' })).data;
}

export async function portalForgotPassword(body: { slug: string; email: string }): Promise<string> {
  return (await callContract(portalForgotPasswordRoute, { body }, { auth: 'none', toastSuccess: true })).message;
}

export async function portalResetPassword(body: { slug: string; token: string; password: string }): Promise<string> {
  return (await callContract(portalResetPasswordRoute, { body }, { auth: 'none', toastSuccess: true })).message;
}
