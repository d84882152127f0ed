import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  portalAccountInviteSchema,
  portalAccountListSchema,
  portalAccountsQuerySchema,
  portalSignInSettingsSchema,
} from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { PortalAccess } from './portal-access.service.ts';

const tags = ['Portal access'];
const base = '/api/admin/client-portal';

export function registerPortalAccessRoutes(app: FastifyInstance, portalAccess: PortalAccess) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/get-portal-accounts`,
    {
      config: { access: firmAccess('clientInfo') },
      schema: {
        tags,
        summary: "A client's portal accounts (one per contact): status and last sign-in",
        querystring: portalAccountsQuerySchema,
        response: answers(portalAccountListSchema),
      },
    },
    async (request) => ok('Portal accounts', await portalAccess.list(firmPrincipalOf(request), request.query.ClientId)),
  );
  api.post(
    `${base}/invite-portal-account`,
    {
      config: { access: firmAccess('clientInfo.edit') },
      schema: {
        tags,
        summary: "Invite one of a client's contacts (or the client's own email) to the portal by email",
        body: portalAccountInviteSchema,
        response: answers(portalAccountListSchema),
      },
    },
    async (request) => ok('Portal invitation sent', await portalAccess.invite(firmPrincipalOf(request), request.body)),
  );
  const changes = [
    ['disable', 'Portal access disabled', 'Disable a portal account and end its sessions at once'],
    ['enable', 'Portal access enabled', 'Let a disabled portal account sign in again (old sessions stay ended)'],
    ['remove', 'Portal access removed', 'Remove a portal account for good (kept for the audit trail) and end its sessions'],
  ] as const;
  for (const [change, message, summary] of changes) {
    api.post(
      `${base}/${change}-portal-account/:id`,
      {
        config: { access: firmAccess('clientInfo.edit') },
        schema: { tags, summary, params: idParamsSchema, response: answers(portalAccountListSchema) },
      },
      async (request) => ok(message, await portalAccess[change](firmPrincipalOf(request), request.params.id)),
    );
  }
  api.post(
    `${base}/reset-authenticator-portal-account/:id`,
    {
      config: { access: firmAccess('clientInfo.edit') },
      schema: {
        tags,
        summary: "Forget a portal account's authenticator app (a lost phone) and end its sessions; the next sign-in sets up a new one",
        params: idParamsSchema,
        response: answers(portalAccountListSchema),
      },
    },
    async (request) => ok('Authenticator app reset', await portalAccess.resetAuthenticator(firmPrincipalOf(request), request.params.id)),
  );
  api.get(
    `${base}/get-sign-in-settings`,
    {
      config: { access: firmAccess() },
      schema: { tags, summary: "The firm's portal sign-in rules", response: answers(portalSignInSettingsSchema) },
    },
    async (request) => ok('Portal sign-in settings', await portalAccess.settings(firmPrincipalOf(request))),
  );
  api.put(
    `${base}/update-sign-in-settings`,
    {
      config: { access: firmAccess('updateAccountSettings') },
      schema: {
        tags,
        summary: 'Require two-step sign-in (authenticator app) for portal users, or not',
        body: portalSignInSettingsSchema,
        response: answers(portalSignInSettingsSchema),
      },
    },
    async (request) => ok('Portal sign-in settings saved', await portalAccess.updateSettings(firmPrincipalOf(request), request.body)),
  );
}
