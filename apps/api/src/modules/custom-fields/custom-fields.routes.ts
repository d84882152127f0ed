import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customFieldInputSchema, customFieldListQuerySchema, customFieldSchema, idParamsSchema } from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createCustomFieldsService } from './custom-fields.service.ts';

const tags = ['Custom fields'];
const base = '/api/admin/custom-field';
const settingsAccess = firmAccess('updateAccountSettings');

export function registerCustomFieldRoutes(app: FastifyInstance, database: Database) {
  const fields = createCustomFieldsService(database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/get-custom-fields`,
    {
      config: { access: firmAccess('clientInfo') },
      schema: {
        tags,
        summary: "The firm's custom fields for clients or matters (EntityType), in their order",
        querystring: customFieldListQuerySchema,
        response: answers(z.array(customFieldSchema)),
      },
    },
    async (request) => ok('Custom fields', await fields.list(firmPrincipalOf(request), request.query.EntityType)),
  );

  api.post(
    `${base}/create-custom-field`,
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        summary: 'Add a custom field to clients or matters',
        body: customFieldInputSchema,
        response: answers(customFieldSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Custom field created', await fields.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${base}/update-custom-field/:id`,
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        summary: 'Change a custom field',
        params: idParamsSchema,
        body: customFieldInputSchema,
        response: answers(customFieldSchema),
      },
    },
    async (request) => ok('Custom field updated', await fields.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-custom-field/:id`,
    {
      config: { access: settingsAccess },
      schema: {
        tags,
        summary: 'Remove a custom field (values already saved on records are kept)',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await fields.remove(firmPrincipalOf(request), request.params.id);
      return ok('Custom field deleted', null);
    },
  );
}
