import type { FastifyInstance } from 'fastify';
import { clientContracts as contracts } from '@matterhorn/shared';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createClientListService } from './client-list.service.ts';
import { createClientsService, type ClientsDependencies } from './clients.service.ts';

export function registerClientRoutes(app: FastifyInstance, dependencies: ClientsDependencies) {
  const route = contractRoutes(app, ['Clients']);
  const clients = createClientsService(dependencies);
  const clientList = createClientListService(dependencies.database);

  route(
    contracts.associated,
    {
      access: firmAccess('clientInfo'),
      summary: 'Active clients for dropdowns: people (userId, name) and companies (companyId, companyName), by name',
      description: 'Answers every active client of the firm, split into people and companies; archived and deleted clients are left out.',
    },
    async (request) => ok('Clients', await clients.associatedClients(firmPrincipalOf(request))),
  );

  route(
    contracts.list,
    {
      access: firmAccess('clientInfo'),
      summary: 'Clients: search, filter, sort and page; IsDownlodCsv=true answers the whole filtered list as text/csv',
      description:
        'Answers a page of the firm’s clients (deleted ones left out), newest first unless sorted otherwise, each with its open matter count; the total count is capped for large filters (isTotalCountCapped).',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Clients', await clientList.page(principal, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"')
        .send(await clientList.csv(principal, request.query)); // a stream is piped as is, never serialized
    },
  );

  route(
    contracts.view,
    {
      access: firmAccess('clientInfo'),
      summary: 'One client with contacts, matters and portal status',
      description:
        'Answers every field of the client, its contacts, its matters and whether it may use and has used the portal; a deleted or unknown client answers 404.',
    },
    async (request) => ok('Client', await clients.detail(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('clientInfo.create'),
      summary: 'Create a client (person or company) with contacts and custom fields; links the conflict check run before saving',
      description:
        'Gives the client its CL-number and answers it in full. Refused with 400 when no conflict check covers its names or the check is undecided, 409 when the check was declined or is recorded against another record, ' +
        'and 400 for custom-field values that are unknown, missing or of the wrong type.',
    },
    async (request, reply) => created(reply, 'Client created', await clients.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Replace a client's details and contacts",
      description:
        'Replaces every field, the contacts and the custom-field values with the body’s, and answers the client in full. ' +
        'Only names new to the client need a conflict check (refusals as for create); a deleted or unknown client answers 404.',
    },
    async (request) => ok('Client updated', await clients.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('clientInfo.delete'),
      summary: 'Soft-delete a client (restorable); ends its portal access and sessions',
      description:
        'Moves the client to the recycle bin: it leaves every list and picker and its portal sessions end at once. An unknown or already deleted client answers 404.',
    },
    async (request) => {
      await clients.remove(firmPrincipalOf(request), request.params.id);
      return ok('Client deleted', null);
    },
  );

  route(
    contracts.restore,
    {
      access: firmAccess('clientInfo.delete'),
      summary: 'Restore a soft-deleted client (the recycle bin)',
      description: 'Brings a deleted client back and answers it in full; a client that is not deleted answers 404.',
    },
    async (request) => ok('Client restored', await clients.restore(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.inviteToPortal,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Let a client onto the firm's portal and email them the sign-up link",
      description:
        'Enables the portal for the client and emails an invitation to the client’s own email (contacts are invited from portal access); answers the client in full. Refused with 400 when the client has no email.',
    },
    async (request) => ok('Portal invitation sent', await clients.inviteToPortal(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.revokePortal,
    {
      access: firmAccess('clientInfo.edit'),
      summary: "Take a client's portal access away and end their portal sessions",
      description:
        'Disables the portal for the client, ends its portal sessions at once and voids pending invitations; answers the client in full.',
    },
    async (request) => ok('Portal access revoked', await clients.revokePortal(firmPrincipalOf(request), request.params.id)),
  );
}
