import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Heavy work on untrusted files (parsing, OCR, merging) in child processes with a heap limit and a
 * time limit: a file that exhausts either kills only its worker, and the caller gets a
 * SandboxFailure for that one task. A process rather than a worker thread because a thread shares
 * the API's address space: a native crash or an allocation outside the V8 heap (inflated buffers)
 * would still take the API down. Workers are reused while they succeed (starting one costs about a
 * second) and exit when idle; a worker that failed a task is never reused.
 */
export type SandboxLimits = { memoryMb: number; timeoutMs: number };

export type Sandbox = {
  run<Result>(task: unknown): Promise<Result>;
  close(): Promise<void>;
};

/** The worker died or ran out of time: the file, not the caller, is at fault. */
export class SandboxFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxFailure';
  }
}

/** An error the worker's code threw, carried across as its name, message and (for AppError) status. */
export type SandboxError = { name: string; message: string; statusCode?: number };
export type SandboxReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SandboxError };

type Worker = { child: ChildProcess; idleTimer?: NodeJS.Timeout; forget?: () => void };
type Pending = { task: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };

const IDLE_EXIT_MS = 30_000;
/** TypeScript sources are loaded through tsx, as the API itself is. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function createSandbox({
  entry,
  limits,
  size = 2,
  toError = (error) => Object.assign(new Error(error.message), { name: error.name }),
}: {
  entry: URL;
  limits: SandboxLimits;
  /** Workers at most: tasks beyond wait their turn. */
  size?: number;
  toError?: (error: SandboxError) => Error;
}): Sandbox {
  const idle: Worker[] = [];
  const queue: Pending[] = [];
  let busy = 0;
  let nextId = 1;
  let closed = false;

  const spawn = (): Worker => {
    const child = fork(fileURLToPath(entry), [], {
      execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${limits.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // An 'error' without a listener would be thrown in the API process; the task's own listener reports it.
    child.on('error', () => undefined);
    return { child };
  };

  /** An idle worker keeps neither the event loop nor itself alive for long. */
  const park = (worker: Worker) => {
    worker.child.unref();
    worker.child.channel?.unref();
    worker.idleTimer = setTimeout(() => worker.child.kill(), IDLE_EXIT_MS);
    worker.idleTimer.unref();
    worker.child.once('exit', forget);
    idle.push(worker);
    function forget() {
      clearTimeout(worker.idleTimer);
      if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
    }
    worker.forget = forget;
  };

  const runOn = (worker: Worker, pending: Pending) => {
    clearTimeout(worker.idleTimer);
    if (worker.forget) worker.child.off('exit', worker.forget);
    worker.child.ref();
    worker.child.channel?.ref();
    const id = nextId++;
    busy += 1;
    let settled = false;
    const settle = (outcome: () => void, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.child.off('message', onMessage);
      worker.child.off('exit', onExit);
      worker.child.off('error', onError);
      busy -= 1;
      if (reusable && !closed) park(worker);
      else worker.child.kill('SIGKILL');
      outcome();
      next();
    };
    const onMessage = (reply: SandboxReply) => {
      if (reply.id !== id) return;
      if (reply.ok) settle(() => pending.resolve(reply.result), true);
      else settle(() => pending.reject(toError(reply.error)), true);
    };
    const onExit = (code: number | null, signal: string | null) =>
      settle(
        () => pending.reject(new SandboxFailure(`The worker stopped (${signal ?? `exit code ${code}`}): out of memory or crashed`)),
        false,
      );
    const onError = (error: Error) => settle(() => pending.reject(new SandboxFailure(`The worker failed: ${error.message}`)), false);
    const timer = setTimeout(
      () => settle(() => pending.reject(new SandboxFailure(`The worker took longer than ${limits.timeoutMs} ms`)), false),
      limits.timeoutMs,
    );
    worker.child.on('message', onMessage);
    worker.child.on('exit', onExit);
    worker.child.on('error', onError);
    worker.child.send({ id, task: pending.task }, (error) => {
      if (error) settle(() => pending.reject(new SandboxFailure(`The worker could not be given the task: ${error.message}`)), false);
    });
  };

  const next = () => {
    while (queue.length > 0 && (idle.length > 0 || busy < size)) {
      const worker = idle.pop() ?? spawn();
      runOn(worker, queue.shift()!);
    }
  };

  return {
    run: <Result>(task: unknown) =>
      new Promise<Result>((resolve, reject) => {
        if (closed) return reject(new SandboxFailure('The sandbox is closed'));
        queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
        next();
      }),
    close: async () => {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new SandboxFailure('The sandbox is closed'));
      for (const worker of idle.splice(0)) {
        clearTimeout(worker.idleTimer);
        worker.child.kill();
      }
    },
  };
}

/** The worker's side: answers each task with handle's result or the error it threw. */
export function serveSandboxTasks(handle: (task: unknown) => Promise<unknown>) {
  // The API went away: nothing will ever ask this worker for anything again.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: { id: number; task: unknown }) => {
    void handle(message.task).then(
      (result) => process.send!({ id: message.id, ok: true, result } satisfies SandboxReply),
      (error: unknown) => {
        const { name = 'Error', message: text = String(error), statusCode } = error as Partial<SandboxError>;
        process.send!({ id: message.id, ok: false, error: { name, message: text, statusCode } } satisfies SandboxReply);
      },
    );
  });
}
