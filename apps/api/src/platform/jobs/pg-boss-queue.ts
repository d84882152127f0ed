import PgBoss from 'pg-boss';
import { connectionOptionsOf } from '../../db/multi-host.ts';
import type { JobQueue, JobQueueOptions } from './job-queue.ts';
import { cronOf } from './job-queue.ts';

/** pg-boss keeps its jobs and schedules in this schema, created on first start by the owner role. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Jobs in PostgreSQL: a scheduled or enqueued job waits in the database until some process's
 * worker takes it (SKIP LOCKED: one process per job), and outlives the process that enqueued it.
 * A handler that throws is retried (3 times, a minute apart).
 */
export function createPgBossQueue(options: JobQueueOptions & { databaseUrl: string }): JobQueue {
  // pg-boss hands its options to pg.Pool: a multi-host DATABASE_URL's connection class follows the primary here too.
  const boss = new PgBoss({
    ...connectionOptionsOf(options.databaseUrl),
    schema: JOBS_SCHEMA,
    application_name: 'matterhorn-jobs',
    max: 2,
  });
  boss.on('error', (error) => options.logger?.error({ err: error }, 'job queue error'));
  return {
    start: async () => {
      await boss.start();
      for (const job of options.jobs) {
        if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, { name: job.name, retryLimit: 3, retryDelay: 60 });
        await boss.schedule(job.name, cronOf(job.everyMinutes), {}, { tz: 'UTC' });
        if (options.runsJobs === false) continue;
        await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
          await job.run();
        });
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 30_000 }),
    enqueue: async (name) => {
      await boss.send(name, {});
    },
  };
}
