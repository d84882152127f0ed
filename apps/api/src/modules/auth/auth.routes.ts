import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  emailOnlyRequestSchema,
  firmSessionSchema,
  firmSignInResultSchema,
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
        description:
          'Creates the firm with its default roles, activity types and practice areas, and emails the administrator a link to verify the address (valid 48 hours); no session is opened until then. ' +
          'An email that already has an account gets an email saying so instead, with the same 201 answer. A weak password is refused (400). Rate-limited.',
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
    {
      config: limited,
      schema: {
        tags,
        summary: 'Sign in a firm user',
        description:
          'Answers a bearer token (valid 12 hours) and whether the email is verified and the firm set up; for a member with two-step sign-in (or whose firm requires it), a challenge for mfa/verify instead, unless this browser is remembered for them. A wrong password, an unknown email or a deactivated account all answer the same 400; ' +
          'after repeated failures, tries are slowed (even a right password then answers 400; a browser that signed in before is counted on its own) and the owner is emailed a link to trust their browser. Rate-limited.',
        body: loginRequestSchema,
        response: answers(firmSignInResultSchema),
      },
    },
    async (request, reply) => {
      const { session, device } = await auth.login({
        ...request.body,
        address: request.ip,
        device: auth.deviceCookies.read(request),
        isRemembered: (member) => auth.rememberedBrowsers.isRemembered(request, member),
      });
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
        description:
          'Marks this browser (its device cookie) as trusted for the account the link names, so its sign-ins are not slowed by others’ failed attempts, and answers where to sign in. ' +
          'An invalid or expired link is refused (400). Rate-limited.',
        body: z.strictObject({ token: z.string().min(1).max(500).describe('The token from the emailed trust-browser link.') }),
        response: answers(
          z.object({
            signInPath: z
              .string()
              .describe('Where to sign in to that account: /login for a firm user, the firm’s portal sign-in page for a client.'),
          }),
        ),
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
      schema: {
        tags,
        summary: 'End the session of the bearer token (firm or portal)',
        description: 'Revokes the session at once; without a token, or with an unknown or expired one, it answers the same 200.',
        response: answers(z.null()),
      },
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
        description:
          'Marks the email verified and answers a new session (bearer token valid 12 hours). The link works once; a used, expired or unknown one is refused (400). Rate-limited.',
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
      schema: {
        tags,
        summary: 'Send a new verification link',
        description:
          'Emails a new verification link if the account exists and is not yet verified; the answer is the same either way, so it does not tell whether an account exists. Rate-limited.',
        body: emailOnlyRequestSchema,
        response: answers(z.null()),
      },
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
        description:
          'The link works once and expires in 1 hour; it is sent after the answer, so the time taken does not tell whether the account exists. Rate-limited.',
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
        description:
          'Sets the password and ends every session of the account. A used, expired or unknown link is refused (400), as is a weak password. Rate-limited.',
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
        description:
          'Answers the firm, email and role of a pending invitation, for the join-team page; a used, cancelled, expired or unknown one answers 404. Rate-limited.',
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(200)
            .describe('The secret from the emailed invitation link (/join-team/{secret}), not the invitation’s id.'),
        }),
        response: answers(invitationSchema),
      },
    },
    async (request) => ok('Invitation found', await auth.findInvitation(request.params.id)),
  );
  api.post(
    '/api/auth/join-team',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Accept a team invitation and sign in',
        description:
          'Creates the member with the invited email (already verified) and role, uses up the invitation and answers a session. ' +
          'Refused with 404 for a used or expired invitation, 409 when the email already has an account or the plan has no free seat, 400 for a weak password. Rate-limited.',
        body: joinTeamRequestSchema,
        response: answers(firmSessionSchema),
      },
    },
    async (request) => ok('Welcome to the team', await auth.joinTeam(request.body)),
  );
}
