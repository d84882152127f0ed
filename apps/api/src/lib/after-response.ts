import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work a request starts but does not wait for: the answer goes out first, so its timing says
 * nothing about what the work found (whether an email has an account). Failures are logged; the
 * app's close waits for what is still running, so nothing is cut off at shutdown.
 */
export type AfterResponse = {
  run(task: () => Promise<unknown>): void;
  /** Resolves once every started task has finished (tests await it instead of sleeping). */
  settled(): Promise<void>;
  /** Aborted when the app closes: long work (a dry run, an import) stops at its next batch, so shutdown keeps its grace. */
  readonly stopping: AbortSignal;
  /** At close: asks long work to stop, then waits for what is still running. */
  stop(): Promise<void>;
};

/** `onFinished`: after each task (emails it queued go out once its transaction has committed). */
export function createAfterResponse(logger: { error(details: object, message: string): void }, onFinished?: () => void): AfterResponse {
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();
  const settled = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };
  // Outside any request: the work must not join the request's transaction (ADR 38), which may still be open when it starts.
  const outsideRequests = AsyncLocalStorage.snapshot();
  return {
    run(task) {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => outsideRequests(task))
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, 'work after the response failed'),
        )
        .finally(() => {
          pending.delete(running);
          onFinished?.();
        });
      pending.add(running);
    },
    settled,
    stopping: stopping.signal,
    async stop() {
      stopping.abort();
      await settled();
    },
  };
}
