import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { timerContracts as contracts, timerRequestSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimeEntryLogService } from './time-entry-logs.service.ts';
import { registerTimerRoutes } from './timers.routes.ts';

const SCOPE_NAMES = new Map(Object.keys(timerRequestSchema.shape).map((name) => [name.toLowerCase(), name]));

/**
 * SPEC.md spells the scope fields several ways (AdminUserId, adminUserId): each is renamed to the
 * schema's spelling, so the strict body still refuses every other field and the route-access
 * scope check still sees them.
 */
const renameScopeFields: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const name = SCOPE_NAMES.get(key.toLowerCase());
      if (name && name !== key && !(name in fields)) {
        fields[name] = fields[key];
        delete fields[key];
      }
    }
  }
  done();
};

/** SPEC.md §7's four timer calls, on the signed-in user's current timer, and the calls for their other timers. */
export function registerTimeEntryLogRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Timer']);
  const timer = createTimeEntryLogService(database);
  const hooks = { preValidation: renameScopeFields };

  route(
    contracts.total,
    {
      access: firmAccess('timeEntry'),
      summary: "The signed-in user's current timer: total of its logs (hh:mm:ss or d.hh:mm:ss), hours to 4 decimals, and whether it runs",
      description:
        'Reads the caller’s own timer as the database’s clock measures it, so it survives refreshes, sign-outs and other devices. The body may be left out.',
    },
    async (request) => ok('Timer total', await timer.getTotal(firmPrincipalOf(request))),
    hooks,
  );

  route(
    contracts.start,
    {
      access: firmAccess('timeEntry.create'),
      summary: 'Start or continue the timer (does nothing when it already runs); answers the new total',
      description:
        'Opens a new log on the caller’s own timer; double clicks and other tabs never open a second one. The body may be left out. With matterId (and description), "bill this" from a task or an event: the timer starts for that matter — the caller’s timer for the same matter and words if they keep one, else a new current timer while the time the current one holds waits among the others (409 at 10 timers; 404 for a matter not the firm’s).',
    },
    async (request) => ok('Timer started', await timer.start(firmPrincipalOf(request), request.body)),
    hooks,
  );

  route(
    contracts.pause,
    {
      access: firmAccess('timeEntry.create'),
      summary: 'Pause the timer (does nothing when it is not running); answers the new total',
      description:
        'Closes the open log of the caller’s own timer; the time so far is kept until the timer is reset or saved as a time entry. The body may be left out.',
    },
    async (request) => ok('Timer paused', await timer.pause(firmPrincipalOf(request))),
    hooks,
  );

  route(
    contracts.reset,
    {
      access: firmAccess('timeEntry', 'timeEntry.create'),
      summary: "Discard the signed-in user's current timer and its logs: the header returns to idle at 00:00:00",
      description:
        'Discards the caller’s current timer and every log of it, running or paused, without recording time; their other timers stay. Saving a time entry from the timer (ManualTimeEntry false) does the same. The body may be left out.',
    },
    async (request) => {
      await timer.reset(firmPrincipalOf(request));
      return ok('Time entry logs deleted', null);
    },
    hooks,
  );

  registerTimerRoutes(app, database);
}
