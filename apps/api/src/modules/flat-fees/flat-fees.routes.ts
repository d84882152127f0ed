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
    { access: firmAccess('flatFeePermission.create'), summary: 'Add a flat fee to a client’s matter' },
    async (request, reply) => created(reply, 'Flat fee saved', await flatFees.create(firmPrincipalOf(request), request.body)),
  );

  route(contracts.view, { access: firmAccess('flatFeePermission'), summary: 'One flat fee' }, async (request) =>
    ok('Flat fee', await flatFees.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    { access: firmAccess('flatFeePermission.edit'), summary: 'Change a flat fee (not once it is on an invoice)' },
    async (request) => ok('Flat fee updated', await flatFees.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    { access: firmAccess('flatFeePermission.delete'), summary: 'Delete a flat fee (not once it is on an invoice)' },
    async (request) => {
      await flatFees.remove(firmPrincipalOf(request), request.params.id);
      return ok('Flat fee deleted', null);
    },
  );
}
