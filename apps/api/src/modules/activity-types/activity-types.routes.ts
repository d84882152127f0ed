import type { FastifyInstance } from 'fastify';
import { activityTypeContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createActivityTypesService } from './activity-types.service.ts';

export function registerActivityTypeRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Reference data']);
  const activityTypes = createActivityTypesService(database);
  const manage = firmAccess('updateAccountSettings');

  // The time-entry popup of every fee earner needs the list, so reading asks for no permission.
  route(
    contracts.list,
    {
      access: firmAccess(),
      summary: "The firm's activity types by name (SPEC.md §7), each with its optional UTBMS code",
      description:
        'Answers the activity types the time-entry popup offers; removed ones are left out (entries already using them keep them).',
    },
    async (request) => ok('Activity types', await activityTypes.list(firmPrincipalOf(request))),
  );
  route(
    contracts.create,
    {
      access: manage,
      summary: 'Add an activity type',
      description: 'Answers the new activity type (with 200). A name the firm already uses, ignoring case, is refused (409).',
    },
    async (request) => ok('Activity type created', await activityTypes.create(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.update,
    {
      access: manage,
      summary: 'Rename an activity type or change its UTBMS code',
      description:
        'Answers the activity type as saved; entries already recorded show the new name. A name another activity type uses is refused (409); an unknown or removed one answers 404.',
    },
    async (request) => ok('Activity type updated', await activityTypes.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.remove,
    {
      access: manage,
      summary: 'Remove an activity type (soft delete: past entries keep it)',
      description:
        'Takes the activity type out of the list and the popup; time entries already recorded with it keep it. An unknown or removed one answers 404.',
    },
    async (request) => {
      await activityTypes.remove(firmPrincipalOf(request), request.params.id);
      return ok('Activity type deleted', null);
    },
  );
}
