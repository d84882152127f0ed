import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import type { QueueClientUpdate } from '../client-messages/client-messages.api.ts';
import { queueClientHearingReminders } from './client-hearing-reminders.ts';
import { sendDueHearingReminders, type ReminderDependencies } from './hearing-reminders.ts';

export const HEARING_REMINDERS_JOB = 'hearing-reminders';
export const CLIENT_HEARING_REMINDERS_JOB = 'client-hearing-reminders';

/** The court calendar's periodic work: due reminders and digests, every 15 minutes. */
export const courtCalendarJobs = (dependencies: ReminderDependencies & { clientUpdates?: QueueClientUpdate }): PeriodicJob[] => [
  {
    name: HEARING_REMINDERS_JOB,
    everyMinutes: 15,
    run: async () => {
      const sent = await sendDueHearingReminders(dependencies);
      if (sent > 0) dependencies.logger?.info({ sent }, 'hearing reminders sent');
    },
  },
  // The clients' day-before reminders by SMS and WhatsApp (ADR 90), queued for the delivery job.
  ...(dependencies.clientUpdates
    ? [
        {
          name: CLIENT_HEARING_REMINDERS_JOB,
          everyMinutes: 30,
          run: async () => void (await queueClientHearingReminders({ ...dependencies, clientUpdates: dependencies.clientUpdates! })),
        },
      ]
    : []),
];
