import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  emailOnlyRequestSchema,
  firmSessionSchema,
  invitationSchema,
  joinTeamRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  verifyEmailRequestSchema,
} from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { bearerTokenOf, publicAccess } from '../../plugins/route-access.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['Accounts'];

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, rateLimit: { max: number; timeWindow: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limited = { access: publicAccess(), rateLimit };

  api.post(
    '/api/auth/signup',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create a firm, its administrator and a Trial subscription (same answer whether or not the email exists)',
        body: signupRequestSchema,
        response: answers(z.null(), 201),
      },
    },
    async (request, reply) => {
      await auth.signup(request.body);
      return created(reply, AUTH_MESSAGES.signedUp, null);
    },
  );
  api.post(
    '/api/auth/login',
    { config: limited, schema: { tags, summary: 'Sign in a firm user', body: loginRequestSchema, response: answers(firmSessionSchema) } },
    async (request, reply) => {
      const { session, device } = await auth.login({ ...request.body, address: request.ip, device: auth.deviceCookies.read(request) });
      auth.deviceCookies.write(reply, device, request);
      return ok('Signed in', session);
    },
  );
  api.post(
    '/api/auth/trust-browser',
    {
      config: limited,
      schema: {
        tags,
        summary:
          'Open the link emailed after failed sign-in attempts: this browser may then sign in to that account (firm or portal) while the attempts go on',
        body: z.strictObject({ token: z.string().min(1).max(500) }),
        response: answers(z.object({ signInPath: z.string() })),
      },
    },
    async (request, reply) => {
      const { signInPath, device } = auth.trustBrowser(request.body.token, auth.deviceCookies.read(request));
      auth.deviceCookies.write(reply, device, request);
      return ok('This browser can now sign in to your account', { signInPath });
    },
  );
  // Public so that any session, firm or portal, can end itself; an unknown token is simply ignored.
  api.post(
    '/api/auth/logout',
    {
      config: { access: publicAccess() },
      schema: { tags, summary: 'End the session of the bearer token (firm or portal)', response: answers(z.null()) },
    },
    async (request) => {
      const token = bearerTokenOf(request);
      if (token) await auth.logoutToken(token);
      return ok('Signed out', null);
    },
  );
  api.post(
    '/api/auth/verify-email',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Verify an email address with the emailed link, and sign its owner in',
        body: verifyEmailRequestSchema,
        response: answers(firmSessionSchema),
      },
    },
    async (request) => ok(AUTH_MESSAGES.emailVerified, await auth.verifyEmail(request.body.token)),
  );
  api.post(
    '/api/auth/resend-verification',
    {
      config: limited,
      schema: { tags, summary: 'Send a new verification link', body: emailOnlyRequestSchema, response: answers(z.null()) },
    },
    async (request) => {
      auth.resendVerification(request.body.email);
      return ok(AUTH_MESSAGES.resendVerification, null);
    },
  );
  api.post(
    '/api/auth/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Email a password-reset link (same answer whether or not the email exists)',
        body: emailOnlyRequestSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      auth.forgotPassword(request.body.email);
      return ok(AUTH_MESSAGES.forgotPassword, null);
    },
  );
  api.post(
    '/api/auth/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with a single-use reset link',
        body: resetPasswordRequestSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return ok(AUTH_MESSAGES.passwordReset, null);
    },
  );
  api.get(
    '/api/auth/invitation/:id',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Read a team invitation before accepting it',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: answers(invitationSchema),
      },
    },
    async (request) => ok('Invitation found', await auth.findInvitation(request.params.id)),
  );
  api.post(
    '/api/auth/join-team',
    {
      config: limited,
      schema: { tags, summary: 'Accept a team invitation and sign in', body: joinTeamRequestSchema, response: answers(firmSessionSchema) },
    },
    async (request) => ok('Welcome to the team', await auth.joinTeam(request.body)),
  );
}
