import type { FastifyInstance } from 'fastify';
import { billRunContracts as contracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { BillRunService } from './bill-runs.service.ts';

/** Bill runs (issue 44 §3): drafting every invoice the filters pick, in one job; invoice.create throughout. */
export function registerBillRunRoutes(app: FastifyInstance, billRuns: BillRunService) {
  const route = contractRoutes(app, ['Bill runs']);
  const access = firmAccess('invoice.create');

  route(
    contracts.preview,
    {
      access,
      summary: 'What a bill run with these filters would draft',
      description:
        'One invoice per matter, or per client for a client who prefers one; the unbilled work dated on or before workUpTo, in the firm’s home currency. Another firm’s client, matter, fee earner or practice area is 404.',
    },
    async (request) => ok('Bill run preview', await billRuns.preview(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.start,
    {
      access,
      summary: 'Starts a bill run: its drafts are made by the queue’s job, one client or matter at a time',
      description:
        'Answers the run with every result Pending; poll get-run for progress. Items already on a draft are never drafted again, so a second run over the same matters skips them (“already on a draft”). Send an Idempotency-Key: a retried start creates one run. 400 when nothing matches.',
    },
    async (request, reply) => created(reply, 'Bill run started', await billRuns.start(firmPrincipalOf(request), request.body)),
  );
  route(contracts.list, { access, summary: 'The firm’s last 50 bill runs, newest first, with their progress' }, async (request) =>
    ok('Bill runs', await billRuns.list(firmPrincipalOf(request))),
  );
  route(
    contracts.detail,
    { access, summary: 'One bill run: its progress and a result per client or matter (drafted, or skipped with the reason)' },
    async (request) => ok('Bill run', await billRuns.detail(firmPrincipalOf(request), request.params.id)),
  );
}
