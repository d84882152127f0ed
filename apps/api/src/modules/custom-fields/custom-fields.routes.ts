import type { FastifyInstance } from 'fastify';
import { customFieldContracts as contracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createCustomFieldsService } from './custom-fields.service.ts';

export function registerCustomFieldRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Custom fields']);
  const fields = createCustomFieldsService(database);
  const settingsAccess = firmAccess('updateAccountSettings');

  route(
    contracts.list,
    { access: firmAccess('clientInfo'), summary: "The firm's custom fields for clients or matters (EntityType), in their order" },
    async (request) => ok('Custom fields', await fields.list(firmPrincipalOf(request), request.query.EntityType)),
  );
  route(contracts.create, { access: settingsAccess, summary: 'Add a custom field to clients or matters' }, async (request, reply) =>
    created(reply, 'Custom field created', await fields.create(firmPrincipalOf(request), request.body)),
  );
  route(contracts.update, { access: settingsAccess, summary: 'Change a custom field' }, async (request) =>
    ok('Custom field updated', await fields.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.remove,
    { access: settingsAccess, summary: 'Remove a custom field (values already saved on records are kept)' },
    async (request) => {
      await fields.remove(firmPrincipalOf(request), request.params.id);
      return ok('Custom field deleted', null);
    },
  );
}
