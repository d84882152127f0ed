import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { timerRequestSchema, timerTotalSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTimeEntryLogService } from './time-entry-logs.service.ts';

const tags = ['Timer'];
const base = '/api/admin/time-entry-log';
/** Loose, so that SPEC's AdminUserId/BusinessId spellings reach the route-access scope check too. */
const timerBody = timerRequestSchema.loose().nullish();

/** SPEC.md §7's four timer calls. Each acts on the signed-in user's own timer only. */
export function registerTimeEntryLogRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const timer = createTimeEntryLogService(database);

  api.post(
    `${base}/get-total-hours`,
    {
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
