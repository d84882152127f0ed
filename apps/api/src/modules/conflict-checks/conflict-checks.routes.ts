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
      description:
        'Compares each name by trigram similarity with the names of the firm’s live clients, company contacts and matter parties, records ' +
        'the check with its matches and answers them. Record a decision next; a client or matter bringing new names is saved only against ' +
        'a decided check of them.',
    },
    async (request) => ok('Conflict check complete', await checks.run(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.recordDecision,
    {
      access,
      summary: 'Record the decision on a conflict check (needs clientInfo.create or matterMaster.create; final once made)',
      description:
        'Records the decision and its notes and answers the check. Refused with 400 for proceed_despite_conflict without notes, 403 ' +
        'without clientInfo.create or matterMaster.create, 404 for another firm’s check and 409 when it was decided already.',
    },
    async (request) => ok('Decision recorded', await checks.recordDecision(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.list,
    {
      access,
      summary: "The firm's conflict checks, newest first",
      description: 'Answers a page of the firm’s conflict checks with their names, matches, decision and who ran each.',
    },
    async (request) => ok('Conflict checks', await checks.list(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.view,
    {
      access,
      summary: 'One conflict check with its matches and decision',
      description: 'Answers the check as recorded, with the client or matter saved against it, if any. 404 for another firm’s.',
    },
    async (request) => ok('Conflict check', await checks.detail(firmPrincipalOf(request), request.params.id)),
  );
}
