import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courtUpdateInputSchema,
  courtUpdateListQuerySchema,
  courtUpdatePageSchema,
  courtUpdateSchema,
  idParamsSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createCourtUpdateService } from './court-updates.service.ts';
import { registerCourtRoutes } from './courts.routes.ts';

const tags = ['Court updates'];
/** Issue 17: progress notes and court updates share one prefix. */
const base = '/api/admin/progress-update';

/** Court updates and the firm's courts they are heard in. */
export function registerCourtUpdateRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const courtUpdates = createCourtUpdateService(database);
  registerCourtRoutes(app, database);

  api.get(
    `${base}/get-court-updates`,
    {
      config: { access: firmAccess('courtUpdate') },
      schema: {
        tags,
        summary:
          'Court updates: filter by client, matter, court, hearing date and next adjourned date, search (suit number, judge, ' +
          'what happened, purpose, next steps), sort and page. IsDownlodCsv=true streams text/csv',
        querystring: courtUpdateListQuerySchema,
        response: answers(courtUpdatePageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Court updates', await courtUpdates.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="court-updates.csv"')
        .send(await courtUpdates.csv(principal, request.query));
    },
  );

  api.post(
    `${base}/create-court-update`,
    {
      config: { access: firmAccess('courtUpdate.create') },
      schema: {
        tags,
        summary: 'Record what happened at a hearing of a matter, and when it is next in court',
        body: courtUpdateInputSchema,
        response: answers(courtUpdateSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Court update saved', await courtUpdates.create(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${base}/get-court-update/:id`,
    {
      config: { access: firmAccess('courtUpdate') },
      schema: { tags, summary: 'One court update, with who appeared', params: idParamsSchema, response: answers(courtUpdateSchema) },
    },
    async (request) => ok('Court update', await courtUpdates.view(firmPrincipalOf(request), request.params.id)),
  );

  api.put(
    `${base}/update-court-update/:id`,
    {
      config: { access: firmAccess('courtUpdate.edit') },
      schema: {
        tags,
        summary: 'Change a court update (its appearances are replaced by those sent)',
        params: idParamsSchema,
        body: courtUpdateInputSchema,
        response: answers(courtUpdateSchema),
      },
    },
    async (request) => ok('Court update updated', await courtUpdates.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-court-update/:id`,
    {
      config: { access: firmAccess('courtUpdate.delete') },
      schema: { tags, summary: 'Delete a court update (soft delete)', params: idParamsSchema, response: answers(z.null()) },
    },
    async (request) => {
      await courtUpdates.remove(firmPrincipalOf(request), request.params.id);
      return ok('Court update deleted', null);
    },
  );
}
