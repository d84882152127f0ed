import type { FastifyInstance } from 'fastify';
import { PASSKEY_MESSAGES, passkeyContracts, twoStepContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { AuthService } from './auth.service.ts';

/** Two-step sign-in for the firm's staff (issue 39): the second step at sign-in, the member's own settings, and an administrator's reset. */
export function registerTwoStepRoutes(
  app: FastifyInstance,
  auth: AuthService,
  { rateLimit, appUrl }: { rateLimit: { max: number; timeWindow: string }; appUrl: string },
) {
  const route = contractRoutes(app, ['Accounts']);
  const { twoStep } = auth;

  route(
    twoStepContracts.verify,
    {
      access: publicAccess(),
      rateLimit,
      summary: 'The second step of a sign-in: the authenticator app’s code, or an unused recovery code, for the login’s challenge',
      description:
        'Answers the session. A code that sets the app up (step enrol) also answers the ten recovery codes, shown this once. rememberBrowser sets a signed cookie: ' +
        'for 30 days this browser skips the second step for this member and authenticator. A wrong or used code answers 400 and counts towards the slow-down; ' +
        'an expired or used challenge answers 400 (sign in again). Rate-limited.',
    },
    async (request, reply) => {
      const { session, remember } = await twoStep.verify({ ...request.body, address: request.ip });
      if (request.body.rememberBrowser) reply.header('set-cookie', auth.rememberedBrowsers.cookieFor(request, remember));
      return ok('Signed in', session);
    },
  );
  route(
    twoStepContracts.enrol,
    {
      access: publicAccess(),
      rateLimit,
      summary: 'At a sign-in the firm requires two-step for: a new authenticator secret for the challenged member (QR code and text)',
      description: 'Refused with 400 when the challenge is invalid or expired, or the member already has an app.',
    },
    async (request) => ok('Authenticator secret', await twoStep.enrol(request.body.challenge)),
  );
  route(
    twoStepContracts.status,
    {
      access: firmAccess(),
      summary: 'The signed-in member’s two-step sign-in: on or off, recovery codes left, and whether the firm requires it',
    },
    async (request) => ok('Two-step sign-in', await twoStep.status(firmPrincipalOf(request))),
  );
  route(
    twoStepContracts.setupTotp,
    {
      access: firmAccess(),
      summary: 'A new authenticator secret for the signed-in member (QR code and text); confirm-totp turns two-step on',
      description: 'Refused with 409 when two-step sign-in is already on.',
    },
    async (request) => ok('Authenticator secret', await twoStep.setUp(firmPrincipalOf(request))),
  );
  route(
    twoStepContracts.confirmTotp,
    {
      access: firmAccess(),
      summary: 'The app’s first code: turns two-step sign-in on and answers ten recovery codes, shown this once',
      description: 'A wrong code answers 400 (and counts towards the slow-down); 409 when it is on already or no secret was set up.',
    },
    async (request) => ok('Two-step sign-in is on', await twoStep.confirm(firmPrincipalOf(request), request.body.code, request.ip)),
  );
  route(
    twoStepContracts.recoveryCodes,
    {
      access: firmAccess(),
      summary: 'Ten new recovery codes for the app’s current code; the old ones stop working',
      description: 'A wrong code answers 400; 409 when two-step sign-in is off.',
    },
    async (request) => ok('New recovery codes', await twoStep.renewRecoveryCodes(firmPrincipalOf(request), request.body.code, request.ip)),
  );
  route(
    twoStepContracts.turnOff,
    {
      access: firmAccess(),
      summary: 'Turns two-step sign-in off for the app’s current code',
      description: 'Refused with 409 when it is off, or when the firm requires it; a wrong code answers 400.',
    },
    async (request) => ok('Two-step sign-in is off', await twoStep.turnOff(firmPrincipalOf(request), request.body.code, request.ip)),
  );
  route(
    twoStepContracts.reset,
    {
      access: firmAccess('adminUsers.edit'),
      summary: 'Resets a member’s two-step sign-in (a lost phone): their app and recovery codes are forgotten, and they are e-mailed',
      description:
        'Every browser remembered for them asks again; they set it up again at their next sign-in when the firm requires it. Audited. 404 for another firm’s member, 409 when it is off.',
    },
    async (request) => {
      await twoStep.reset(firmPrincipalOf(request), request.params.id, appUrl);
      return ok('Two-step sign-in reset', null);
    },
  );

  const passkeys = auth.passkeys;
  route(passkeyContracts.list, { access: firmAccess(), summary: 'The signed-in member’s passkeys' }, async (request) =>
    ok('Passkeys', await passkeys.list(firmPrincipalOf(request))),
  );
  route(
    passkeyContracts.registerOptions,
    {
      access: firmAccess(),
      rateLimit,
      summary: 'Options to add a passkey (WebAuthn creation options) and the ticket to send back with the browser’s answer',
      description:
        'Only for the member’s current password and, when they have an authenticator app, its current code or an unused recovery code: ' +
        'a wrong or missing one answers 400 (a wrong code counts towards the slow-down), and no ticket means no passkey. The member is e-mailed when one is added.',
    },
    async (request) => ok('Passkey options', await passkeys.addOptions(firmPrincipalOf(request), request.body, request.ip)),
  );
  route(
    passkeyContracts.register,
    {
      access: firmAccess(),
      rateLimit,
      summary: 'Adds the passkey the browser created; it then signs in without a password or stands for the second step',
      description: '400 when the answer does not verify against the ticket’s challenge, or the ticket expired (5 minutes).',
    },
    async (request) => ok(PASSKEY_MESSAGES.added, await passkeys.add(firmPrincipalOf(request), request.body)),
  );
  route(
    passkeyContracts.remove,
    { access: firmAccess(), summary: 'Removes one of the member’s passkeys', description: '404 for a passkey that is not theirs.' },
    async (request) => {
      await passkeys.remove(firmPrincipalOf(request), request.params.id);
      return ok(PASSKEY_MESSAGES.removed, null);
    },
  );
  route(
    passkeyContracts.signInOptions,
    {
      access: publicAccess(),
      rateLimit,
      summary: 'Options to sign in with a passkey: with the second-step challenge, that member’s passkeys; without, any',
    },
    async (request) => ok('Passkey options', await passkeys.signInOptions(request.body.challenge)),
  );
  route(
    passkeyContracts.signIn,
    {
      access: publicAccess(),
      rateLimit,
      summary: 'Signs in with a passkey: without a password (the authenticator verified the user) or as the second step',
      description: '400 when the passkey’s answer does not verify, the ticket expired, or the challenge is spent.',
    },
    async (request) => ok('Signed in', await passkeys.signIn(request.body)),
  );
}
