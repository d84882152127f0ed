import type { FastifyInstance } from 'fastify';
import { signedInDeviceContracts } from '@matterhorn/shared';
import type { AfterResponse } from '../../lib/after-response.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { SignedInDevices } from './signed-in-devices.service.ts';

/** My account's signed-in devices, and an administrator's sign-out of a member everywhere (issue 39). */
export function registerMyAccountRoutes(app: FastifyInstance, devices: SignedInDevices, afterResponse: AfterResponse) {
  const route = contractRoutes(app, ['My account']);
  // Each firm session's last request, after its answer (at most every five minutes): what "last active" shows.
  app.addHook('onResponse', async (request) => {
    const principal = request.principal;
    const touch = principal?.kind === 'firm' ? devices.touchIfDue(principal) : null;
    if (touch) afterResponse.run(touch);
  });

  route(
    signedInDeviceContracts.list,
    {
      access: firmAccess(),
      summary: 'The signed-in member’s open sessions: browser, address, when each signed in and was last active',
      description: 'Most recently active first; isThisDevice marks the session making the request.',
    },
    async (request) => ok('Signed-in devices', await devices.list(firmPrincipalOf(request))),
  );
  route(
    signedInDeviceContracts.signOut,
    {
      access: firmAccess(),
      summary: 'Signs one of the member’s own sessions out',
      description: '404 for a session that is not theirs or not open.',
    },
    async (request) => ok('Signed out', await devices.signOut(firmPrincipalOf(request), request.params.id)),
  );
  route(
    signedInDeviceContracts.signOutOthers,
    { access: firmAccess(), summary: 'Signs every other session of the member out, keeping this one' },
    async (request) => ok('Signed out of other devices', await devices.signOutOthers(firmPrincipalOf(request))),
  );
  route(
    signedInDeviceContracts.signOutEverywhere,
    {
      access: firmAccess('adminUsers.edit'),
      summary: 'Signs a team member out on every device (audited)',
      description: '404 for another firm’s member. Open while the firm is read-only: a stolen device is shut out whatever the plan.',
    },
    async (request) => ok('Signed out everywhere', await devices.signOutEverywhere(firmPrincipalOf(request), request.params.id)),
  );
}
