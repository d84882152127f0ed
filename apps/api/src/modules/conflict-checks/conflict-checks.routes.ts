import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conflictCheckListQuerySchema,
  conflictCheckPageSchema,
  conflictCheckRecordSchema,
  conflictCheckResultSchema,
  idParamsSchema,
  recordConflictDecisionSchema,
  runConflictCheckSchema,
} from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createConflictChecksService } from './conflict-checks.service.ts';

const tags = ['Conflict checks'];
const base = '/api/admin/conflict-check';
const access = firmAccess('clientInfo');

export function registerConflictCheckRoutes(app: FastifyInstance, database: Database) {
  const checks = createConflictChecksService(database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    `${base}/run-conflict-check`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Fuzzy-match names against every client, company, contact and matter party of the firm; the check is recorded',
        body: runConflictCheckSchema,
        response: answers(conflictCheckResultSchema),
      },
    },
    async (request) => ok('Conflict check complete', await checks.run(firmPrincipalOf(request), request.body)),
  );

  api.post(
    `${base}/record-decision/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Record the decision on a conflict check (needs clientInfo.create or matterMaster.create; final once made)',
        params: idParamsSchema,
        body: recordConflictDecisionSchema,
        response: answers(conflictCheckRecordSchema),
      },
    },
    async (request) => ok('Decision recorded', await checks.recordDecision(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.get(
    `${base}/get-conflict-checks`,
    {
      config: { access },
      schema: {
        tags,
        summary: "The firm's conflict checks, newest first",
        querystring: conflictCheckListQuerySchema,
        response: answers(conflictCheckPageSchema),
      },
    },
    async (request) => ok('Conflict checks', await checks.list(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${base}/get-conflict-check/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'One conflict check with its matches and decision',
        params: idParamsSchema,
        response: answers(conflictCheckRecordSchema),
      },
    },
    async (request) => ok('Conflict check', await checks.detail(firmPrincipalOf(request), request.params.id)),
  );
}
