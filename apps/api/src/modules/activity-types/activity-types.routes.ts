import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityTypeInputSchema, activityTypeSchema, firmScopeQuerySchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createActivityTypesService } from './activity-types.service.ts';

const tags = ['Reference data'];
const base = '/api/admin/activity';
const idParams = z.object({ id: z.uuid({ error: 'Id must be a valid id' }) });
const manage = { access: firmAccess('updateAccountSettings') };

export function registerActivityTypeRoutes(app: FastifyInstance, database: Database) {
  const activityTypes = createActivityTypesService(database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The time-entry popup of every fee earner needs the list, so reading asks for no permission.
  api.get(
    `${base}/get-activity-type`,
    {
      config: { access: firmAccess() },
      schema: {
        tags,
        summary: "The firm's activity types by name (SPEC.md §7), each with its optional UTBMS code",
        querystring: firmScopeQuerySchema,
        response: answers(z.array(activityTypeSchema)),
      },
    },
    async (request) => ok('Activity types', await activityTypes.list(firmPrincipalOf(request))),
  );
  api.post(
    `${base}/create-activity-type`,
    {
      config: manage,
      schema: { tags, summary: 'Add an activity type', body: activityTypeInputSchema, response: answers(activityTypeSchema) },
    },
    async (request) => ok('Activity type created', await activityTypes.create(firmPrincipalOf(request), request.body)),
  );
  api.put(
    `${base}/update-activity-type/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename an activity type or change its UTBMS code',
        params: idParams,
        body: activityTypeInputSchema,
        response: answers(activityTypeSchema),
      },
    },
    async (request) => ok('Activity type updated', await activityTypes.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  api.delete(
    `${base}/delete-activity-type/:id`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove an activity type (soft delete: past entries keep it)',
        params: idParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await activityTypes.remove(firmPrincipalOf(request), request.params.id);
      return ok('Activity type deleted', null);
    },
  );
}
