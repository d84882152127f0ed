import type { FastifyInstance } from 'fastify';
import { MATTER_CALL_MESSAGES, matterCallContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createMatterCallService } from './matter-calls.service.ts';

/** Calls logged on a matter (issue 44): a record of the matter, and time Suggested time proposes. */
export function registerMatterCallRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Matter calls']);
  const calls = createMatterCallService(database);
  route(
    contracts.log,
    {
      access: firmAccess('timeEntry.create'),
      summary: 'Logs a call on a matter: who with, how long, and a note',
      description: '404 for a matter not the firm’s; 400 for a closed matter. The call counts toward the member’s suggested time.',
    },
    async (request, reply) => created(reply, MATTER_CALL_MESSAGES.logged, await calls.log(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.list,
    { access: firmAccess('matterMaster'), summary: 'The calls logged on a matter, newest first (at most 100)' },
    async (request) => ok('Calls', await calls.list(firmPrincipalOf(request), request.query.MatterId)),
  );
}
