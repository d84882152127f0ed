import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  associatedClientsSchema,
  clientDetailSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientPageSchema,
  firmScopeQuerySchema,
  idParamsSchema,
} from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createClientListService } from './client-list.service.ts';
import { createClientsService, type ClientsDependencies } from './clients.service.ts';

const tags = ['Clients'];
const base = '/api/admin/client-info';

export function registerClientRoutes(app: FastifyInstance, dependencies: ClientsDependencies) {
  const clients = createClientsService(dependencies);
  const clientList = createClientListService(dependencies.database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/get-associated-client-users`,
    {
      config: { access: firmAccess('clientInfo') },
      schema: {
        tags,
        summary: 'Active clients for dropdowns: people (userId, name) and companies (companyId, companyName), by name',
        querystring: firmScopeQuerySchema,
        response: answers(associatedClientsSchema),
      },
    },
    async (request) => ok('Clients', await clients.associatedClients(firmPrincipalOf(request))),
  );

  api.get(
    `${base}/get-clients-list`,
    {
      config: { access: firmAccess('clientInfo') },
      schema: {
        tags,
        summary: 'Clients: search, filter, sort and page; IsDownlodCsv=true answers the whole filtered list as text/csv',
        querystring: clientListQuerySchema,
        response: answers(clientPageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Clients', await clientList.page(principal, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clients.csv"')
        .send((await clientList.csv(principal, request.query)) as never); // a stream is piped as is, never serialized
    },
  );

  api.get(
    `${base}/get-client/:id`,
    {
      config: { access: firmAccess('clientInfo') },
      schema: {
        tags,
        summary: 'One client with contacts, matters and portal status',
        params: idParamsSchema,
        response: answers(clientDetailSchema),
      },
    },
    async (request) => ok('Client', await clients.detail(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${base}/create-client`,
    {
      config: { access: firmAccess('clientInfo.create') },
      schema: {
        tags,
        summary: 'Create a client (person or company) with contacts and custom fields; links the conflict check run before saving',
        body: clientInputSchema,
        response: answers(clientDetailSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Client created', await clients.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${base}/update-client/:id`,
    {
      config: { access: firmAccess('clientInfo.edit') },
      schema: {
        tags,
        summary: "Replace a client's details and contacts",
        params: idParamsSchema,
        body: clientInputSchema,
        response: answers(clientDetailSchema),
      },
    },
    async (request) => ok('Client updated', await clients.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-client/:id`,
    {
      config: { access: firmAccess('clientInfo.delete') },
      schema: {
        tags,
        summary: 'Soft-delete a client (restorable); ends its portal access and sessions',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await clients.remove(firmPrincipalOf(request), request.params.id);
      return ok('Client deleted', null);
    },
  );

  api.post(
    `${base}/restore-client/:id`,
    {
      config: { access: firmAccess('clientInfo.delete') },
      schema: {
        tags,
        summary: 'Restore a soft-deleted client (the recycle bin)',
        params: idParamsSchema,
        response: answers(clientDetailSchema),
      },
    },
    async (request) => ok('Client restored', await clients.restore(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${base}/invite-to-portal/:id`,
    {
      config: { access: firmAccess('clientInfo.edit') },
      schema: {
        tags,
        summary: "Let a client onto the firm's portal and email them the sign-up link",
        params: idParamsSchema,
        response: answers(clientDetailSchema),
      },
    },
    async (request) => ok('Portal invitation sent', await clients.inviteToPortal(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${base}/revoke-portal/:id`,
    {
      config: { access: firmAccess('clientInfo.edit') },
      schema: {
        tags,
        summary: "Take a client's portal access away and end their portal sessions",
        params: idParamsSchema,
        response: answers(clientDetailSchema),
      },
    },
    async (request) => ok('Portal access revoked', await clients.revokePortal(firmPrincipalOf(request), request.params.id)),
  );
}
