import type { FastifyInstance } from 'fastify';
import { MAX_TIMERS_PER_USER, timersContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimerService } from './timers.service.ts';

/** Several timers (issue 44), beside SPEC.md §7's four calls, which act on the current one. Each acts on the caller's own timers. */
export function registerTimerRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Timer']);
  const timers = createTimerService(database);

  route(
    contracts.list,
    {
      access: firmAccess('timeEntry'),
      summary: "The signed-in user's timers: matter, words, time, which runs and which is current",
      description: `Up to ${MAX_TIMERS_PER_USER}, oldest first. The current one is what get-total-hours answers; only it ever runs.`,
    },
    async (request) => ok('Timers', await timers.list(firmPrincipalOf(request))),
  );

  route(
    contracts.add,
    {
      access: firmAccess('timeEntry.create'),
      summary: 'Start a new timer for a matter: it becomes current and runs, and the one that ran pauses',
      description: `404 for a matter not the firm’s or in the recycle bin; 409 at ${MAX_TIMERS_PER_USER} timers. Honours Idempotency-Key. Answers the caller’s timers.`,
    },
    async (request, reply) => created(reply, 'Timer started', await timers.add(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.switch,
    {
      access: firmAccess('timeEntry.create'),
      summary: 'Switch to one of your timers: it becomes current and runs, and the one that ran pauses',
      description:
        'Switching to the timer that runs changes nothing. 404 for a timer that is not the caller’s. Answers the caller’s timers.',
    },
    async (request) => ok('Timer switched', await timers.switchTo(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('timeEntry', 'timeEntry.create'),
      summary: 'Discard one of your timers and its time, without recording it',
      description:
        'Discarding the current timer leaves none current (the header is idle at 00:00:00); the others stay. 404 for a timer that is not the caller’s. Answers the caller’s timers.',
    },
    async (request) => ok('Timer discarded', await timers.remove(firmPrincipalOf(request), request.params.id)),
  );
}
