import type { FastifyInstance } from 'fastify';
import { conflictCheckContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createConflictChecksService } from './conflict-checks.service.ts';

const access = firmAccess('clientInfo');

export function registerConflictCheckRoutes(app: FastifyInstance, database: Database) {
  const checks = createConflictChecksService(database);
  const route = contractRoutes(app, ['Conflict checks']);

  route(
    contracts.run,
    {
      access,
      summary: 'Fuzzy-match names against every client, company, contact and matter party of the firm; the check is recorded',
    },
    async (request) => ok('Conflict check complete', await checks.run(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.recordDecision,
    {
      access,
      summary: 'Record the decision on a conflict check (needs clientInfo.create or matterMaster.create; final once made)',
    },
    async (request) => ok('Decision recorded', await checks.recordDecision(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(contracts.list, { access, summary: "The firm's conflict checks, newest first" }, async (request) =>
    ok('Conflict checks', await checks.list(firmPrincipalOf(request), request.query)),
  );

  route(contracts.view, { access, summary: 'One conflict check with its matches and decision' }, async (request) =>
    ok('Conflict check', await checks.detail(firmPrincipalOf(request), request.params.id)),
  );
}
