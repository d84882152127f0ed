import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { sendDueTaskReminders } from './tasks.service.ts';

export const TASK_REMINDERS_JOB = 'task-reminders';

/** Task reminders, every 5 minutes: the shortest reminder is 15 minutes before. */
export const taskJobs = (deps: { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger }): PeriodicJob[] => [
  {
    name: TASK_REMINDERS_JOB,
    everyMinutes: 5,
    run: async () => {
      const sent = await sendDueTaskReminders(deps);
      if (sent > 0) deps.logger?.info({ sent }, 'task reminders sent');
    },
  },
];
