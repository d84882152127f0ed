import type { FastifyInstance } from 'fastify';
import { courtUpdateContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createCourtUpdateService } from './court-updates.service.ts';
import { registerCourtRoutes } from './courts.routes.ts';

const tags = ['Court updates'];

/** Court updates and the firm's courts they are heard in. */
export function registerCourtUpdateRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, tags);
  const courtUpdates = createCourtUpdateService(database);
  registerCourtRoutes(app, database);

  route(
    contracts.list,
    {
      access: firmAccess('courtUpdate'),
      summary:
        'Court updates: filter by client, matter, court, hearing date and next adjourned date, search (suit number, judge, ' +
        'what happened, purpose, next steps), sort and page. IsDownlodCsv=true streams text/csv',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Court updates', await courtUpdates.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="court-updates.csv"')
        .send(await courtUpdates.csv(principal, request.query));
    },
  );

  route(
    contracts.create,
    { access: firmAccess('courtUpdate.create'), summary: 'Record what happened at a hearing of a matter, and when it is next in court' },
    async (request, reply) => created(reply, 'Court update saved', await courtUpdates.create(firmPrincipalOf(request), request.body)),
  );

  route(contracts.view, { access: firmAccess('courtUpdate'), summary: 'One court update, with who appeared' }, async (request) =>
    ok('Court update', await courtUpdates.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    { access: firmAccess('courtUpdate.edit'), summary: 'Change a court update (its appearances are replaced by those sent)' },
    async (request) => ok('Court update updated', await courtUpdates.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(contracts.remove, { access: firmAccess('courtUpdate.delete'), summary: 'Delete a court update (soft delete)' }, async (request) => {
    await courtUpdates.remove(firmPrincipalOf(request), request.params.id);
    return ok('Court update deleted', null);
  });
}
