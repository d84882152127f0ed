import type { FastifyInstance } from 'fastify';
import { practiceAreaContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createPracticeAreaService } from './practice-areas.service.ts';

export function registerPracticeAreaRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Practice areas']);
  const practiceAreas = createPracticeAreaService(database);
  const settingsAccess = firmAccess('updateAccountSettings');

  route(
    contracts.list,
    {
      access: firmAccess('matterMaster'),
      summary: "The firm's practice areas by name, each with its number of (non-deleted) matters",
      description: 'Answers the practice areas a matter may be filed under; deleted ones are left out.',
    },
    async (request) => ok('Practice areas', await practiceAreas.list(firmPrincipalOf(request))),
  );
  route(
    contracts.create,
    {
      access: settingsAccess,
      summary: 'Add a practice area (names are unique in the firm, ignoring case)',
      description: 'Answers the new practice area with no matters; a name the firm already uses is refused (409).',
    },
    async (request, reply) =>
      created(reply, 'Practice area created', await practiceAreas.create(firmPrincipalOf(request), request.body.name)),
  );
  route(
    contracts.update,
    {
      access: settingsAccess,
      summary: 'Rename a practice area',
      description:
        'Answers the practice area as saved; its matters show the new name. A name another practice area uses is refused (409); an unknown or deleted one answers 404.',
    },
    async (request) =>
      ok('Practice area updated', await practiceAreas.update(firmPrincipalOf(request), request.params.id, request.body.name)),
  );
  route(
    contracts.remove,
    {
      access: settingsAccess,
      summary: 'Delete a practice area that no matter uses (soft delete)',
      description: 'Takes the practice area out of the list; refused with 409 while any matter (not deleted) uses it, 404 when unknown.',
    },
    async (request) => {
      await practiceAreas.remove(firmPrincipalOf(request), request.params.id);
      return ok('Practice area deleted', null);
    },
  );
}
