import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { sendDueHearingReminders, type ReminderDependencies } from './hearing-reminders.ts';

export const HEARING_REMINDERS_JOB = 'hearing-reminders';

/** The court calendar's periodic work: due reminders and digests, every 15 minutes. */
export const courtCalendarJobs = (dependencies: ReminderDependencies): PeriodicJob[] => [
  {
    name: HEARING_REMINDERS_JOB,
    everyMinutes: 15,
    run: async () => {
      const sent = await sendDueHearingReminders(dependencies);
      if (sent > 0) dependencies.logger?.info({ sent }, 'hearing reminders sent');
    },
  },
];
