import type { FastifyInstance } from 'fastify';
import { flatFeeContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createFlatFeeService } from './flat-fees.service.ts';

export function registerFlatFeeRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Flat fees']);
  const flatFees = createFlatFeeService(database);

  route(
    contracts.list,
    {
      access: firmAccess('flatFeePermission'),
      summary:
        'Flat fees: filter by status, client, matter, who added them and date, search, sort and page (the totals with ' +
        'IncludeTotals=true). IsDownlodCsv=true streams text/csv',
      description:
        'Answers a page of the firm’s flat fees, newest date first unless sorted otherwise, each with its client, matter, fee earner, amount and whether an invoice holds it; IncludeTotals=true adds the whole filter’s total and unbilled part. IsDownlodCsv=true answers every match as a CSV file instead.',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Flat fees', await flatFees.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="flat-fees.csv"')
        .send(await flatFees.csv(principal, request.query));
    },
  );

  route(
    contracts.create,
    {
      access: firmAccess('flatFeePermission.create'),
      summary: 'Add a flat fee to a client’s matter',
      description:
        'Records a fixed fee, Unbilled, in the firm’s home currency and answers it with 201. Refused with 400 when the matter is another client’s or closed, or the fee earner is no longer active, and with 404 when the matter, user or activity type is not the firm’s.',
    },
    async (request, reply) => created(reply, 'Flat fee saved', await flatFees.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('flatFeePermission'),
      summary: 'One flat fee',
      description:
        'Answers the flat fee with its names, internal note, whether an invoice holds it and, once that invoice has left draft, its number. 404 when it is not the firm’s or was deleted.',
    },
    async (request) => ok('Flat fee', await flatFees.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('flatFeePermission.edit'),
      summary: 'Change a flat fee (not once it is on an invoice)',
      description:
        'Replaces the flat fee’s fields and answers it; a closed matter or inactive fee earner it already had may stay. Refused with 409 while an invoice (even a draft) holds it, naming the invoice once it has left draft, and with 400 or 404 as create.',
    },
    async (request) => ok('Flat fee updated', await flatFees.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('flatFeePermission.delete'),
      summary: 'Delete a flat fee (not once it is on an invoice)',
      description:
        'Deletes the flat fee (a soft delete, kept for the audit trail) and answers null. Refused with 409 while an invoice, even a draft, holds it.',
    },
    async (request) => {
      await flatFees.remove(firmPrincipalOf(request), request.params.id);
      return ok('Flat fee deleted', null);
    },
  );
}
