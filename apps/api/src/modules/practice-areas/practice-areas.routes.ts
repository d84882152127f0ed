import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firmScopeQuerySchema, idParamsSchema, practiceAreaInputSchema, practiceAreaSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createPracticeAreaService } from './practice-areas.service.ts';

const tags = ['Practice areas'];
const base = '/api/admin/practice-area';

export function registerPracticeAreaRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const practiceAreas = createPracticeAreaService(database);

  api.get(
    `${base}/get-practice-areas`,
    {
      config: { access: firmAccess('matterMaster') },
      schema: {
        tags,
        summary: "The firm's practice areas by name, each with its number of (non-deleted) matters",
        querystring: firmScopeQuerySchema,
        response: answers(z.array(practiceAreaSchema)),
      },
    },
    async (request) => ok('Practice areas', await practiceAreas.list(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/create-practice-area`,
    {
      config: { access: firmAccess('updateAccountSettings') },
      schema: {
        tags,
        summary: 'Add a practice area (names are unique in the firm, ignoring case)',
        body: practiceAreaInputSchema,
        response: answers(practiceAreaSchema, 201),
      },
    },
    async (request, reply) =>
      created(reply, 'Practice area created', await practiceAreas.create(firmPrincipalOf(request), request.body.name)),
  );

  api.put(
    `${base}/update-practice-area/:id`,
    {
      config: { access: firmAccess('updateAccountSettings') },
      schema: {
        tags,
        summary: 'Rename a practice area',
        params: idParamsSchema,
        body: practiceAreaInputSchema,
        response: answers(practiceAreaSchema),
      },
    },
    async (request) =>
      ok('Practice area updated', await practiceAreas.update(firmPrincipalOf(request), request.params.id, request.body.name)),
  );

  api.delete(
    `${base}/delete-practice-area/:id`,
    {
      config: { access: firmAccess('updateAccountSettings') },
      schema: {
        tags,
        summary: 'Delete a practice area that no matter uses (soft delete)',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await practiceAreas.remove(firmPrincipalOf(request), request.params.id);
      return ok('Practice area deleted', null);
    },
  );
}
