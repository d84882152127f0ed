import type { FastifyInstance } from 'fastify';
import { courtUpdateContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { createCourtUpdateService } from './court-updates.service.ts';
import { registerCourtRoutes } from './courts.routes.ts';

const tags = ['Court updates'];

/** Court updates and the firm's courts they are heard in. */
export function registerCourtUpdateRoutes(app: FastifyInstance, database: Database, clientUpdates?: QueueClientUpdate) {
  const route = contractRoutes(app, tags);
  const courtUpdates = createCourtUpdateService(database, clientUpdates);
  registerCourtRoutes(app, database);

  route(
    contracts.list,
    {
      access: firmAccess('courtUpdate'),
      summary:
        'Court updates: filter by client, matter, court, hearing date and next adjourned date, search (suit number, judge, ' +
        'what happened, purpose, next steps), sort and page. IsDownlodCsv=true streams text/csv',
      description:
        'Answers one page of the firm’s court updates (what happened cut to its first line), or with IsDownlodCsv=true the whole ' +
        'filtered list as a CSV file (court-updates.csv) with what happened in full, the next steps and who appeared.',
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
    {
      access: firmAccess('courtUpdate.create'),
      summary: 'Record what happened at a hearing of a matter, and when it is next in court',
      description:
        'Saves the court update with who appeared (audited) and answers it; a next adjourned date puts the hearing on the calendar ' +
        'and its reminders. Refused with 404 for a matter or court not the firm’s or deleted, 400 when the client is not the ' +
        'matter’s, an appearance is not an active user of the firm, or the next date is before the hearing.',
    },
    async (request, reply) => created(reply, 'Court update saved', await courtUpdates.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('courtUpdate'),
      summary: 'One court update, with who appeared',
      description:
        'Answers the court update in full, with its matter, client and court names; 404 when it is not the firm’s or was deleted.',
    },
    async (request) => ok('Court update', await courtUpdates.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('courtUpdate.edit'),
      summary: 'Change a court update (its appearances are replaced by those sent)',
      description:
        'Replaces every field with those sent (audited, what changed) and answers the update. A matter, court or user it already ' +
        'names may stay though since deleted or deactivated; new ones are refused as on create.',
    },
    async (request) => ok('Court update updated', await courtUpdates.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('courtUpdate.delete'),
      summary: 'Delete a court update (soft delete)',
      description:
        'Marks the court update deleted (audited) and answers null: it leaves the lists, the calendar, the reminders and the ' +
        'client’s portal. 404 when it is not the firm’s or was deleted already.',
    },
    async (request) => {
      await courtUpdates.remove(firmPrincipalOf(request), request.params.id);
      return ok('Court update deleted', null);
    },
  );
}
