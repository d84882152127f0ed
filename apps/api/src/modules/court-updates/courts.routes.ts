import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courtInputSchema, courtSchema, firmScopeQuerySchema, idParamsSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createCourtService } from './courts.service.ts';

const tags = ['Court updates'];
const base = '/api/admin/progress-update/courts';

/** The firm's list of courts: whoever records court updates keeps it. */
export function registerCourtRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const courts = createCourtService(database);

  api.get(
    base,
    {
      config: { access: firmAccess('courtUpdate') },
      schema: {
        tags,
        summary: "The firm's courts (not deleted ones), by name",
        querystring: firmScopeQuerySchema,
        response: answers(z.array(courtSchema)),
      },
    },
    async (request) => ok('Courts', await courts.list(firmPrincipalOf(request))),
  );

  api.post(
    base,
    {
      config: { access: firmAccess('courtUpdate.create') },
      schema: {
        tags,
        summary: 'Add a court (a name is unique per division in the firm, ignoring case)',
        body: courtInputSchema,
        response: answers(courtSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Court added', await courts.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${base}/:id`,
    {
      config: { access: firmAccess('courtUpdate.edit') },
      schema: { tags, summary: 'Change a court', params: idParamsSchema, body: courtInputSchema, response: answers(courtSchema) },
    },
    async (request) => ok('Court updated', await courts.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/:id`,
    {
      config: { access: firmAccess('courtUpdate.delete') },
      schema: {
        tags,
        summary: 'Delete a court (soft: court updates heard there keep its name)',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await courts.remove(firmPrincipalOf(request), request.params.id);
      return ok('Court deleted', null);
    },
  );
}
