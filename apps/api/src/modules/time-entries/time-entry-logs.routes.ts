import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timerRequestSchema, timerTotalSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimeEntryLogService } from './time-entry-logs.service.ts';

const tags = ['Timer'];
const base = '/api/admin/time-entry-log';
const timerBody = timerRequestSchema.nullish();
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

/** SPEC.md §7's four timer calls. Each acts on the signed-in user's own timer only. */
export function registerTimeEntryLogRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const timer = createTimeEntryLogService(database);

  api.post(
    `${base}/get-total-hours`,
    {
      preValidation: renameScopeFields,
      config: { access: firmAccess('timeEntry') },
      schema: {
        tags,
        summary: "The signed-in user's timer: total of all logs (hh:mm:ss or d.hh:mm:ss), hours to 4 decimals, and whether it runs",
        body: timerBody,
        response: answers(timerTotalSchema),
      },
    },
    async (request) => ok('Timer total', await timer.getTotal(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/start-entry`,
    {
      preValidation: renameScopeFields,
      config: { access: firmAccess('timeEntry.create') },
      schema: {
        tags,
        summary: 'Start or continue the timer (does nothing when it already runs); answers the new total',
        body: timerBody,
        response: answers(timerTotalSchema),
      },
    },
    async (request) => ok('Timer started', await timer.start(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/pause-entry`,
    {
      preValidation: renameScopeFields,
      config: { access: firmAccess('timeEntry.create') },
      schema: {
        tags,
        summary: 'Pause the timer (does nothing when it is not running); answers the new total',
        body: timerBody,
        response: answers(timerTotalSchema),
      },
    },
    async (request) => ok('Timer paused', await timer.pause(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/delete-time-entry-logs`,
    {
      preValidation: renameScopeFields,
      config: { access: firmAccess('timeEntry', 'timeEntry.create') },
      schema: {
        tags,
        summary: "Discard the signed-in user's timer logs: the timer returns to idle at 00:00:00",
        body: timerBody,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await timer.reset(firmPrincipalOf(request));
      return ok('Time entry logs deleted', null);
    },
  );
}
