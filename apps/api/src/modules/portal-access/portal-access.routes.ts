import type { FastifyInstance } from 'fastify';
import { portalAccessContracts as contracts, portalSignInSettingsContracts as settings } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { PortalAccess } from './portal-access.service.ts';

const tags = ['Portal access'];

export function registerPortalAccessRoutes(app: FastifyInstance, portalAccess: PortalAccess) {
  const route = contractRoutes(app, tags);

  route(
    contracts.list,
    { access: firmAccess('clientInfo'), summary: "A client's portal accounts (one per contact): status and last sign-in" },
    async (request) => ok('Portal accounts', await portalAccess.list(firmPrincipalOf(request), request.query.ClientId)),
  );
  route(
    contracts.invite,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Invite one of a client's contacts (or the client's own email) to the portal by email",
    },
    async (request) => ok('Portal invitation sent', await portalAccess.invite(firmPrincipalOf(request), request.body)),
  );
  const changes = [
    [contracts.disable, 'disable', 'Portal access disabled', 'Disable a portal account and end its sessions at once'],
    [contracts.enable, 'enable', 'Portal access enabled', 'Let a disabled portal account sign in again (old sessions stay ended)'],
    [
      contracts.remove,
      'remove',
      'Portal access removed',
      'Remove a portal account for good (kept for the audit trail) and end its sessions',
    ],
  ] as const;
  for (const [contract, change, message, summary] of changes) {
    route(contract, { access: firmAccess('clientInfo.edit'), summary }, async (request) =>
      ok(message, await portalAccess[change](firmPrincipalOf(request), request.params.id)),
    );
  }
  route(
    contracts.resetAuthenticator,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Forget a portal account's authenticator app (a lost phone) and end its sessions; the next sign-in sets up a new one",
    },
    async (request) => ok('Authenticator app reset', await portalAccess.resetAuthenticator(firmPrincipalOf(request), request.params.id)),
  );
  route(settings.view, { access: firmAccess(), summary: "The firm's portal sign-in rules" }, async (request) =>
    ok('Portal sign-in settings', await portalAccess.settings(firmPrincipalOf(request))),
  );
  route(
    settings.update,
    { access: firmAccess('updateAccountSettings'), summary: 'Require two-step sign-in (authenticator app) for portal users, or not' },
    async (request) => ok('Portal sign-in settings saved', await portalAccess.updateSettings(firmPrincipalOf(request), request.body)),
  );
}
