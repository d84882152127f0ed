import { createInProcessQueue } from './in-process-queue.ts';
import type { JobQueue, JobQueueOptions } from './job-queue.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';

export type { JobQueue, JobQueueOptions, PeriodicJob } from './job-queue.ts';

/** pg-boss on a PostgreSQL server (shared by replicas); an in-process timer on the embedded PGlite. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  return options.databaseUrl ? createPgBossQueue({ ...options, databaseUrl: options.databaseUrl }) : createInProcessQueue(options);
}
