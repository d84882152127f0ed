import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  PORTAL_SIGN_IN_MESSAGES,
  portalForgotPasswordRequestSchema,
  portalLoginRequestSchema,
  portalResetPasswordRequestSchema,
  portalLinkSignInRequestSchema,
  portalSessionSchema,
  portalSignInLinkRequestSchema,
  portalSignInResultSchema,
  portalSignupRequestSchema,
  portalTotpEnrolmentSchema,
  portalTotpEnrolRequestSchema,
  portalTotpVerifyRequestSchema,
} from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import type { createPortalAuthService } from './portal-auth.service.ts';

const tags = ['Client portal'];

export function registerPortalAuthRoutes(
  app: FastifyInstance,
  portalAuth: ReturnType<typeof createPortalAuthService>,
  rateLimit: { max: number; timeWindow: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { access: publicAccess(), rateLimit };

  api.post(
    '/api/client-portal/login',
    {
      config: limited,
      schema: {
        tags,
        summary: "Sign a client in to their firm's portal (or, when the firm requires it, start the authenticator step)",
        body: portalLoginRequestSchema,
        response: answers(portalSignInResultSchema),
      },
    },
    async (request, reply) => {
      const { result, device } = await portalAuth.login({
        ...request.body,
        address: request.ip,
        device: portalAuth.deviceCookies.read(request),
      });
      portalAuth.deviceCookies.write(reply, device, request);
      return ok('Signed in', result);
    },
  );
  api.post(
    '/api/client-portal/signup',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create a portal account with the invitation link the firm emailed (same refusal for every email)',
        body: portalSignupRequestSchema,
        response: answers(portalSignInResultSchema),
      },
    },
    async (request) => ok('Your portal account is ready', await portalAuth.signup(request.body)),
  );
  api.post(
    '/api/client-portal/forgot-password',
    {
      config: limited,
      schema: { tags, summary: 'Email a portal password-reset link', body: portalForgotPasswordRequestSchema, response: answers(z.null()) },
    },
    async (request) => {
      await portalAuth.forgotPassword(request.body);
      return ok(AUTH_MESSAGES.forgotPassword, null);
    },
  );
  api.post(
    '/api/client-portal/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new portal password with a reset link',
        body: portalResetPasswordRequestSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await portalAuth.resetPassword(request.body);
      return ok(AUTH_MESSAGES.passwordReset, null);
    },
  );
  api.post(
    '/api/client-portal/request-sign-in-link',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Email a single-use sign-in link valid for 15 minutes (same answer for every email)',
        body: portalSignInLinkRequestSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await portalAuth.requestSignInLink(request.body);
      return ok(PORTAL_SIGN_IN_MESSAGES.signInLinkSent, null);
    },
  );
  api.post(
    '/api/client-portal/sign-in-with-link',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in with the emailed sign-in link (or start the authenticator step)',
        body: portalLinkSignInRequestSchema,
        response: answers(portalSignInResultSchema),
      },
    },
    async (request) => ok('Signed in', await portalAuth.signInWithLink(request.body)),
  );
  api.post(
    '/api/client-portal/totp/enrol',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set up an authenticator app during sign-in: a new secret and its QR code, until the first right code',
        body: portalTotpEnrolRequestSchema,
        response: answers(portalTotpEnrolmentSchema),
      },
    },
    async (request) => ok('Scan the code with your authenticator app', await portalAuth.enrolTotp(request.body)),
  );
  api.post(
    '/api/client-portal/totp/verify',
    {
      config: limited,
      schema: {
        tags,
        summary: "Finish a sign-in with the authenticator app's 6-digit code",
        body: portalTotpVerifyRequestSchema,
        response: answers(portalSessionSchema),
      },
    },
    async (request) => ok('Signed in', await portalAuth.verifyTotp({ ...request.body, address: request.ip })),
  );
}
