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
    {
      access: firmAccess('clientInfo'),
      summary: "A client's portal accounts (one per contact): status and last sign-in",
      description:
        'Every portal account of the client, removed ones included, oldest first: its email, contact, status, last sign-in and ' +
        'whether an authenticator app is set up. Answers 404 for a client that is not the firm’s or is deleted.',
    },
    async (request) => ok('Portal accounts', await portalAccess.list(firmPrincipalOf(request), request.query.ClientId)),
  );
  route(
    contracts.invite,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Invite one of a client's contacts (or the client's own email) to the portal by email",
      description:
        'Emails a personal sign-up link (single use, valid 7 days), or a sign-in link when the email already has an active account, ' +
        'and answers the client’s accounts. Refused with 400 when the firm has no portal address, the email is missing, belongs to ' +
        'another client’s account or to a disabled one.',
    },
    async (request) => ok('Portal invitation sent', await portalAccess.invite(firmPrincipalOf(request), request.body)),
  );
  const changes = [
    [
      contracts.disable,
      'disable',
      'Portal access disabled',
      'Disable a portal account and end its sessions at once',
      'Stops the account signing in, ends its sessions and voids its unused emailed links; answers the client’s accounts. ' +
        'Refused with 400 when it is already disabled or was removed.',
    ],
    [
      contracts.enable,
      'enable',
      'Portal access enabled',
      'Let a disabled portal account sign in again (old sessions stay ended)',
      'Makes a disabled account Active again (Invited if it never set a password); answers the client’s accounts. ' +
        'Refused with 400 when the account is not disabled or was removed.',
    ],
    [
      contracts.remove,
      'remove',
      'Portal access removed',
      'Remove a portal account for good (kept for the audit trail) and end its sessions',
      'Marks the account Removed for good, ends its sessions and voids its unused emailed links; answers the client’s accounts. ' +
        'Refused with 400 when it was removed already.',
    ],
  ] as const;
  for (const [contract, change, message, summary, description] of changes) {
    route(contract, { access: firmAccess('clientInfo.edit'), summary, description }, async (request) =>
      ok(message, await portalAccess[change](firmPrincipalOf(request), request.params.id)),
    );
  }
  route(
    contracts.resetAuthenticator,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Forget a portal account's authenticator app (a lost phone) and end its sessions; the next sign-in sets up a new one",
      description:
        'Clears the account’s authenticator app, ends its sessions and emails the account that it was done; answers the client’s ' +
        'accounts. Refused with 400 when the account has no authenticator app or was removed.',
    },
    async (request) => ok('Authenticator app reset', await portalAccess.resetAuthenticator(firmPrincipalOf(request), request.params.id)),
  );
  route(
    settings.view,
    {
      access: firmAccess(),
      summary: "The firm's portal sign-in rules",
      description: 'Answers whether the firm requires its portal users to give an authenticator app’s code when they sign in.',
    },
    async (request) => ok('Portal sign-in settings', await portalAccess.settings(firmPrincipalOf(request))),
  );
  route(
    settings.update,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Require two-step sign-in (authenticator app) for portal users, or not',
      description:
        'Saves the rule (audited) and answers it. It applies from each user’s next sign-in: those without an authenticator app ' +
        'are asked to set one up then; sessions already open stay open.',
    },
    async (request) => ok('Portal sign-in settings saved', await portalAccess.updateSettings(firmPrincipalOf(request), request.body)),
  );
}
