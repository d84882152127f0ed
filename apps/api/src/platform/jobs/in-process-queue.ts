import { AsyncLocalStorage } from 'node:async_hooks';
import type { JobQueue, JobQueueOptions, PeriodicJob } from './job-queue.ts';

/**
 * The embedded database's queue: the data directory belongs to one process (its lock), so a timer
 * in that process is the whole queue. Nothing is lost across a restart because nothing is kept
 * here: each job finds its work in the database, and runs once at start to catch up.
 */
export function createInProcessQueue(options: JobQueueOptions): JobQueue {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  // A run asked for by a request must not start inside it: its withFirm would join the request's
  // transaction (ADR 38, or an upload's joinedByWrites), switch that transaction's role, and go on
  // using it after the request commits ("Transaction is closed"). Runs start where the queue was made.
  const outsideRequests = AsyncLocalStorage.snapshot();

  /** One run at a time per job: a tick during a run joins it instead of starting another. */
  const runOnce = (job: PeriodicJob): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const run = outsideRequests(() => job.run())
      .catch((error: unknown) => options.logger?.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  const jobNamed = (name: string) => {
    const job = options.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    return job;
  };

  return {
    start: async () => {
      if (options.runsJobs === false) return;
      for (const job of options.jobs) {
        const timer = setInterval(() => void (stopped || runOnce(job)), job.everyMinutes * 60_000);
        timer.unref();
        timers.push(timer);
        void runOnce(job);
      }
    },
    stop: async () => {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running.values());
    },
    enqueue: async (name) => {
      const job = jobNamed(name);
      if (!stopped && options.runsJobs !== false) await runOnce(job);
    },
  };
}
