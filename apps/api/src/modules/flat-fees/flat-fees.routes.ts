import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flatFeeInputSchema, flatFeeListQuerySchema, flatFeePageSchema, flatFeeSchema, idParamsSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createFlatFeeService } from './flat-fees.service.ts';

const tags = ['Flat fees'];
/** SPEC.md §7: expenses and flat fees share one prefix. */
const base = '/api/admin/expense-flat-fees-info';

export function registerFlatFeeRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const flatFees = createFlatFeeService(database);

  api.get(
    `${base}/get-flat-fees-list`,
    {
      config: { access: firmAccess('flatFeePermission') },
      schema: {
        tags,
        summary:
          'Flat fees: filter by status, client, matter, who added them and date, search, sort and page (the totals with ' +
          'IncludeTotals=true). IsDownlodCsv=true streams text/csv',
        querystring: flatFeeListQuerySchema,
        response: answers(flatFeePageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Flat fees', await flatFees.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="flat-fees.csv"')
        .send(await flatFees.csv(principal, request.query));
    },
  );

  api.post(
    `${base}/create-flat-fee`,
    {
      config: { access: firmAccess('flatFeePermission.create') },
      schema: { tags, summary: 'Add a flat fee to a client’s matter', body: flatFeeInputSchema, response: answers(flatFeeSchema, 201) },
    },
    async (request, reply) => created(reply, 'Flat fee saved', await flatFees.create(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${base}/get-flat-fee/:id`,
    {
      config: { access: firmAccess('flatFeePermission') },
      schema: { tags, summary: 'One flat fee', params: idParamsSchema, response: answers(flatFeeSchema) },
    },
    async (request) => ok('Flat fee', await flatFees.view(firmPrincipalOf(request), request.params.id)),
  );

  api.put(
    `${base}/update-flat-fee/:id`,
    {
      config: { access: firmAccess('flatFeePermission.edit') },
      schema: {
        tags,
        summary: 'Change a flat fee (not once it is on an invoice)',
        params: idParamsSchema,
        body: flatFeeInputSchema,
        response: answers(flatFeeSchema),
      },
    },
    async (request) => ok('Flat fee updated', await flatFees.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-flat-fee/:id`,
    {
      config: { access: firmAccess('flatFeePermission.delete') },
      schema: { tags, summary: 'Delete a flat fee (not once it is on an invoice)', params: idParamsSchema, response: answers(z.null()) },
    },
    async (request) => {
      await flatFees.remove(firmPrincipalOf(request), request.params.id);
      return ok('Flat fee deleted', null);
    },
  );
}
