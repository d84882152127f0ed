import type { FastifyInstance } from 'fastify';
import { courtContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createCourtService } from './courts.service.ts';

/** The firm's list of courts: whoever records court updates keeps it. */
export function registerCourtRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Court updates']);
  const courts = createCourtService(database);

  route(
    contracts.list,
    {
      access: firmAccess('courtUpdate'),
      summary: "The firm's courts (not deleted ones), by name",
      description:
        'Answers every live court of the firm with its division and address, by name (the court update form’s and calendar filter’s list).',
    },
    async (request) => ok('Courts', await courts.list(firmPrincipalOf(request))),
  );

  route(
    contracts.create,
    {
      access: firmAccess('courtUpdate.create'),
      summary: 'Add a court (a name is unique per division in the firm, ignoring case)',
      description:
        'Adds the court (audited) and answers it; refused with 409 (NAME_TAKEN) when the firm already has that name in that division.',
    },
    async (request, reply) => created(reply, 'Court added', await courts.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('courtUpdate.edit'),
      summary: 'Change a court',
      description:
        'Replaces the court’s name, division and address (audited) and answers it; court updates heard there show the new name. ' +
        'Refused with 409 (NAME_TAKEN) when another court has that name and division, 404 when it is not the firm’s or was deleted.',
    },
    async (request) => ok('Court updated', await courts.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('courtUpdate.delete'),
      summary: 'Delete a court (soft: court updates heard there keep its name)',
      description:
        'Marks the court deleted (audited) and answers null: it leaves the list and cannot be chosen for new court updates, while ' +
        'those heard there keep it. 404 when it is not the firm’s or was deleted already.',
    },
    async (request) => {
      await courts.remove(firmPrincipalOf(request), request.params.id);
      return ok('Court deleted', null);
    },
  );
}
