import type { FastifyBaseLogger } from 'fastify';

/**
 * A periodic job. Its handler must be idempotent and find its work in the database (never in the
 * job's payload): a run may repeat, overlap another process's run, or be the first after a
 * restart, and must send nothing twice and miss nothing. See ADR 0026.
 */
export type PeriodicJob = { name: string; everyMinutes: number; run: () => Promise<void> };

export type JobQueue = {
  start(): Promise<void>;
  /** Waits for running handlers, then stops polling. */
  stop(): Promise<void>;
  /** Asks for a run of the job now (stored on PostgreSQL, so it survives a restart). */
  enqueue(name: string): Promise<void>;
};

export type JobQueueOptions = {
  /** The owner connection (DATABASE_URL): pg-boss creates and migrates its own schema. None: in-process. */
  databaseUrl?: string;
  jobs: PeriodicJob[];
  logger?: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** False: jobs are scheduled and enqueued but this process runs none (tests of durability). */
  runsJobs?: boolean;
  /** How often a pg-boss worker polls for jobs (tests lower it). */
  pollingIntervalSeconds?: number;
};

export const cronOf = (everyMinutes: number) => `*/${everyMinutes} * * * *`;
