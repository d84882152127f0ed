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
    { ...limited, summary: "Sign a client in to their firm's portal (or, when the firm requires it, start the authenticator step)" },
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
    { ...limited, summary: 'Create a portal account with the invitation link the firm emailed (same refusal for every email)' },
    async (request) => ok('Your portal account is ready', await portalAuth.signup(request.body)),
  );
  route(contracts.forgotPassword, { ...limited, summary: 'Email a portal password-reset link' }, async (request) => {
    await portalAuth.forgotPassword(request.body);
    return ok(AUTH_MESSAGES.forgotPassword, null);
  });
  route(contracts.resetPassword, { ...limited, summary: 'Set a new portal password with a reset link' }, async (request) => {
    await portalAuth.resetPassword(request.body);
    return ok(AUTH_MESSAGES.passwordReset, null);
  });
  route(
    contracts.requestSignInLink,
    { ...limited, summary: 'Email a single-use sign-in link valid for 15 minutes (same answer for every email)' },
    async (request) => {
      await portalAuth.requestSignInLink(request.body);
      return ok(PORTAL_SIGN_IN_MESSAGES.signInLinkSent, null);
    },
  );
  route(
    contracts.signInWithLink,
    { ...limited, summary: 'Sign in with the emailed sign-in link (or start the authenticator step)' },
    async (request) => ok('Signed in', await portalAuth.signInWithLink(request.body)),
  );
  route(
    contracts.enrolTotp,
    { ...limited, summary: 'Set up an authenticator app during sign-in: a new secret and its QR code, until the first right code' },
    async (request) => ok('Scan the code with your authenticator app', await portalAuth.enrolTotp(request.body)),
  );
  route(contracts.verifyTotp, { ...limited, summary: "Finish a sign-in with the authenticator app's 6-digit code" }, async (request) =>
    ok('Signed in', await portalAuth.verifyTotp({ ...request.body, address: request.ip })),
  );
}
