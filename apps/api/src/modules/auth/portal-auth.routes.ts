import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, PORTAL_SIGN_IN_MESSAGES, portalSignInContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import type { createPortalAuthService } from './portal-auth.service.ts';

const tags = ['Client portal'];

export function registerPortalAuthRoutes(
  app: FastifyInstance,
  portalAuth: ReturnType<typeof createPortalAuthService>,
  rateLimit: { max: number; timeWindow: string },
) {
  const route = contractRoutes(app, tags);
  const limited = { access: publicAccess(), rateLimit };

  route(
    contracts.login,
    {
      ...limited,
      summary: "Sign a client in to their firm's portal (or, when the firm requires it, start the authenticator step)",
      description:
        'Answers a portal session (bearer token), or a second-factor challenge when the firm requires an authenticator app. ' +
        'A wrong password, unknown email or an account that may not sign in all get the same 400 (INVALID_CREDENTIALS); repeated ' +
        'failures slow the account down. 404 for an unknown portal address.',
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
  route(
    contracts.signup,
    {
      ...limited,
      summary: 'Create a portal account with the invitation link the firm emailed (same refusal for every email)',
      description:
        'Sets the password of the invited account and signs it in: a session, or the authenticator step when the firm requires ' +
        'it. An invalid, used or expired link, or an email other than the invited one, is refused with 400 (INVALID_TOKEN).',
    },
    async (request) => ok('Your portal account is ready', await portalAuth.signup(request.body)),
  );
  route(
    contracts.forgotPassword,
    {
      ...limited,
      summary: 'Email a portal password-reset link',
      description:
        'Answers null with the same message whether or not the email has an account; an active account is emailed a reset link ' +
        '(single use, valid 1 hour) after the answer. 404 for an unknown portal address.',
    },
    async (request) => {
      await portalAuth.forgotPassword(request.body);
      return ok(AUTH_MESSAGES.forgotPassword, null);
    },
  );
  route(
    contracts.resetPassword,
    {
      ...limited,
      summary: 'Set a new portal password with a reset link',
      description:
        'Sets the password and ends every session of the account; answers null. Refused with 400 (INVALID_TOKEN) for an invalid, ' +
        'used or expired link, and 400 for a weak password.',
    },
    async (request) => {
      await portalAuth.resetPassword(request.body);
      return ok(AUTH_MESSAGES.passwordReset, null);
    },
  );
  route(
    contracts.requestSignInLink,
    {
      ...limited,
      summary: 'Email a single-use sign-in link valid for 15 minutes (same answer for every email)',
      description:
        'Answers null with the same message whether or not the email has an account that may sign in; only such an account is ' +
        'emailed the link. 404 for an unknown portal address.',
    },
    async (request) => {
      await portalAuth.requestSignInLink(request.body);
      return ok(PORTAL_SIGN_IN_MESSAGES.signInLinkSent, null);
    },
  );
  route(
    contracts.signInWithLink,
    {
      ...limited,
      summary: 'Sign in with the emailed sign-in link (or start the authenticator step)',
      description:
        'Uses up the link and answers a portal session, or a second-factor challenge when the firm requires an authenticator ' +
        'app. Refused with 400 when the link is invalid, used, expired or its account may no longer sign in.',
    },
    async (request) => ok('Signed in', await portalAuth.signInWithLink(request.body)),
  );
  route(
    contracts.enrolTotp,
    {
      ...limited,
      summary: 'Set up an authenticator app during sign-in: a new secret and its QR code, until the first right code',
      description:
        'For a challenge whose step is enrol: answers a new secret, its otpauth URI and QR code; the app is confirmed by the first ' +
        'right code to totp/verify. Refused with 400 when the challenge is invalid or expired or the account already has an app.',
    },
    async (request) => ok('Scan the code with your authenticator app', await portalAuth.enrolTotp(request.body)),
  );
  route(
    contracts.verifyTotp,
    {
      ...limited,
      summary: "Finish a sign-in with the authenticator app's 6-digit code",
      description:
        'A right code uses up the challenge (and confirms a newly set-up app) and answers the portal session. Refused with 400 ' +
        'for a wrong or already used code (repeated failures slow the account down) or an invalid or expired challenge.',
    },
    async (request) => ok('Signed in', await portalAuth.verifyTotp({ ...request.body, address: request.ip })),
  );
}
