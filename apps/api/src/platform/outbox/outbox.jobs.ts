import type { PeriodicJob } from '../jobs/job-queue.ts';
import type { OutboxDelivery } from './outbox-delivery.ts';

export const OUTBOX_DELIVERY_JOB = 'outbox-delivery';

/**
 * Every minute, whatever is due (retries, messages queued while no sender ran); a commit that
 * queued mail also asks for a run at once. The work is found in the table, never in a payload.
 */
export const outboxJobs = (delivery: OutboxDelivery): PeriodicJob[] => [
  { name: OUTBOX_DELIVERY_JOB, everyMinutes: 1, run: async () => void (await delivery.deliverDue()) },
];
