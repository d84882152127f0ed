import type { FastifyInstance } from 'fastify';
import { matterBudgetContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { createMatterBudgetService } from './matter-budgets.service.ts';

/** Matter budgets (issue 36), beside the matter's own calls. */
export function registerMatterBudgetRoutes(app: FastifyInstance, deps: { database: Database; outbox: Outbox; appUrl: string }) {
  const route = contractRoutes(app, ['Matters']);
  const budgets = createMatterBudgetService(deps);

  route(
    contracts.view,
    {
      access: firmAccess('matterMaster'),
      summary: 'A matter’s budget: its total, hours, fees and expenses limits and the share of each used so far',
      description:
        'Answers the budget (null when the matter has none), what the matter has used — billed and unbilled: billed hours of every ' +
        'time entry, billable time at its rates, expenses not rejected, and their total — and per limit the percentage used and the ' +
        'thresholds (80, 100) reached. A deleted or unknown matter answers 404.',
    },
    async (request) => ok('Matter budget', await budgets.view(firmPrincipalOf(request), request.query.matterid)),
  );

  route(
    contracts.save,
    {
      access: firmAccess('matterMaster.edit'),
      summary: 'Set, change or remove a matter’s budget, and who is told when it runs low',
      description:
        'Replaces the budget with the body’s limits (any of total, hours, fees and expenses; all empty removes it) and answers it as ' +
        'get-matter-budget does. The responsible fee earner is emailed once when a limit reaches 80% and once at 100%; a changed ' +
        'limit is told of afresh, at once if the matter has already reached it. 400 for an inactive fee earner, 404 for a matter or ' +
        'user that is not the firm’s.',
    },
    async (request) => ok('Matter budget saved', await budgets.save(firmPrincipalOf(request), request.params.id, request.body)),
  );
}
