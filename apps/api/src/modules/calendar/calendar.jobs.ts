import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { sendDueEventReminders } from './calendar.service.ts';

export const EVENT_REMINDERS_JOB = 'event-reminders';

/** Event reminders, every 5 minutes: the shortest reminder is 15 minutes before an occurrence. */
export const calendarJobs = (deps: { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger }): PeriodicJob[] => [
  {
    name: EVENT_REMINDERS_JOB,
    everyMinutes: 5,
    run: async () => {
      const sent = await sendDueEventReminders(deps);
      if (sent > 0) deps.logger?.info({ sent }, 'event reminders sent');
    },
  },
];
