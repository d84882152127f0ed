import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ServerMessage, ServerReady, ServerSpec } from './server-process.ts';

/** Servers under test run in child processes (server-process.ts); this is the parent's side. */
export type RunningServer = {
  ready: ServerReady;
  /** The server's process id (its memory is read from /proc/<pid>). */
  pid: number;
  /** The server's resident set size in bytes, as the process itself reports it. */
  rss: () => Promise<number>;
  stop: () => Promise<void>;
};

const children = new Set<ChildProcess>();

const START_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 20_000;

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const child = fork(join(import.meta.dirname, 'server-process.ts'), [JSON.stringify(spec)], {
    cwd: import.meta.dirname,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    const ready = await new Promise<ServerReady>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${spec.kind} server did not start within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      child.on('message', (message: ServerMessage) => {
        if (message.type === 'rss') return;
        clearTimeout(timer);
        if (message.type === 'ready') resolve(message);
        else reject(new Error(`${spec.kind} server failed to start:\n${message.message}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${spec.kind} server exited before it was ready (code ${code}, signal ${signal})`));
      });
    });
    const rss = () =>
      new Promise<number>((resolve) => {
        const listener = (message: ServerMessage) => {
          if (message.type !== 'rss') return;
          child.off('message', listener);
          resolve(message.rss);
        };
        child.on('message', listener);
        child.send({ type: 'rss' });
      });
    return { ready, pid: child.pid!, rss, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** On Ctrl-C or a crash: no server may outlive the run. */
export function killServers(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
}
