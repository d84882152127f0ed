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
    {
      access: firmAccess('clientInfo'),
      summary: "The firm's custom fields for clients or matters (EntityType), in their order",
      description:
        'Answers the live custom fields, by entity, then sortOrder, then label: the client and matter forms show them in that order.',
    },
    async (request) => ok('Custom fields', await fields.list(firmPrincipalOf(request), request.query.EntityType)),
  );
  route(
    contracts.create,
    {
      access: settingsAccess,
      summary: 'Add a custom field to clients or matters',
      description:
        'Answers the new field; records saved from now on are checked against it. A label the entity’s fields already use, ignoring case, is refused (409); a list field needs an option (400).',
    },
    async (request, reply) => created(reply, 'Custom field created', await fields.create(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.update,
    {
      access: settingsAccess,
      summary: 'Change a custom field',
      description:
        'Replaces the field’s definition and answers it; values already saved on records stay as they are. A label another field of the entity uses is refused (409); an unknown or removed field answers 404.',
    },
    async (request) => ok('Custom field updated', await fields.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.remove,
    {
      access: settingsAccess,
      summary: 'Remove a custom field (values already saved on records are kept)',
      description: 'Takes the field off the forms and the list (a soft delete); an unknown or already removed field answers 404.',
    },
    async (request) => {
      await fields.remove(firmPrincipalOf(request), request.params.id);
      return ok('Custom field deleted', null);
    },
  );
}
