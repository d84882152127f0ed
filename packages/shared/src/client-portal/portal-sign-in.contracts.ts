import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  portalFirmSchema,
  portalForgotPasswordRequestSchema,
  portalLinkSignInRequestSchema,
  portalLoginRequestSchema,
  portalResetPasswordRequestSchema,
  portalSessionSchema,
  portalSignInLinkRequestSchema,
  portalSignInResultSchema,
  portalSignupRequestSchema,
  portalTotpEnrolmentSchema,
  portalTotpEnrolRequestSchema,
  portalTotpVerifyRequestSchema,
} from './client-portal.schemas.ts';

/**
 * The portal's public pages' calls (a firm's branding by slug, signing in, up and back in), apart
 * from the signed-in portal's contracts: the sign-in pages load only these.
 */
const base = '/api/client-portal';

export const portalFirmBrandingQuerySchema = z.object({
  Slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(40)
    .describe('The firm’s portal address (slug), compared in lower case; an unknown one answers 404.'),
});

export const portalFirmBrandingRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-firm-branding`,
  query: portalFirmBrandingQuerySchema,
  response: portalFirmSchema,
});

/** A session, or (when the firm requires an authenticator app) the second-factor challenge. */
export const portalLoginRoute = defineRoute({
  method: 'POST',
  path: `${base}/login`,
  body: portalLoginRequestSchema,
  response: portalSignInResultSchema,
});

export const portalSignupRoute = defineRoute({
  method: 'POST',
  path: `${base}/signup`,
  body: portalSignupRequestSchema,
  response: portalSignInResultSchema,
});

export const portalForgotPasswordRoute = defineRoute({
  method: 'POST',
  path: `${base}/forgot-password`,
  body: portalForgotPasswordRequestSchema,
  response: z.null(),
});

export const portalResetPasswordRoute = defineRoute({
  method: 'POST',
  path: `${base}/reset-password`,
  body: portalResetPasswordRequestSchema,
  response: z.null(),
});

/** The answer's message reads the same whether or not the email has an account. */
export const portalSignInLinkRequestRoute = defineRoute({
  method: 'POST',
  path: `${base}/request-sign-in-link`,
  body: portalSignInLinkRequestSchema,
  response: z.null(),
});

export const portalLinkSignInRoute = defineRoute({
  method: 'POST',
  path: `${base}/sign-in-with-link`,
  body: portalLinkSignInRequestSchema,
  response: portalSignInResultSchema,
});

export const portalTotpEnrolRoute = defineRoute({
  method: 'POST',
  path: `${base}/totp/enrol`,
  body: portalTotpEnrolRequestSchema,
  response: portalTotpEnrolmentSchema,
});

export const portalTotpVerifyRoute = defineRoute({
  method: 'POST',
  path: `${base}/totp/verify`,
  body: portalTotpVerifyRequestSchema,
  response: portalSessionSchema,
});

/** The sign-in calls, which the auth module registers (the branding is the client-portal module's: clientPortalContracts). */
export const portalSignInContracts = {
  login: portalLoginRoute,
  signup: portalSignupRoute,
  forgotPassword: portalForgotPasswordRoute,
  resetPassword: portalResetPasswordRoute,
  requestSignInLink: portalSignInLinkRequestRoute,
  signInWithLink: portalLinkSignInRoute,
  enrolTotp: portalTotpEnrolRoute,
  verifyTotp: portalTotpVerifyRoute,
};
