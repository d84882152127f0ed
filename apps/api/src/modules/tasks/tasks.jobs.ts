import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { sendDueEventReminders } from '../calendar/calendar.service.ts';
import { sendDueTaskReminders } from './tasks.service.ts';

export const TASK_REMINDERS_JOB = 'task-reminders';
export const EVENT_REMINDERS_JOB = 'event-reminders';

/** Task and event reminders, every 5 minutes: the shortest reminder is 15 minutes before. */
export const taskJobs = (deps: { database: Database; outbox: Outbox; appUrl: string; logger?: FastifyBaseLogger }): PeriodicJob[] => [
  {
    name: TASK_REMINDERS_JOB,
    everyMinutes: 5,
    run: async () => {
      const sent = await sendDueTaskReminders(deps);
      if (sent > 0) deps.logger?.info({ sent }, 'task reminders sent');
    },
  },
  {
    name: EVENT_REMINDERS_JOB,
    everyMinutes: 5,
    run: async () => {
      const sent = await sendDueEventReminders(deps);
      if (sent > 0) deps.logger?.info({ sent }, 'event reminders sent');
    },
  },
];
