// Runs `vitest run` with one worker per core. Vitest's default is one worker fewer than the cores,
// a single worker on the 2-core CI machine, so files without per-file isolation would run one after
// another. One run with two workers (not one `--shard` per core) takes the next file from a single
// queue whenever a worker is free, so neither core idles while the other works through a longer
// half; its one Vite server transforms each module once, and the API's global set-up migrates its
// template database once.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs `vitest run <args>` on every core (at least two workers); resolves true when it passed. */
export async function runOnAllCores(label, args, env = process.env) {
  const workers = Math.max(2, availableParallelism());
  const started = Date.now();
  const child = spawn(process.execPath, [VITEST, 'run', `--maxWorkers=${workers}`, ...args], { env, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.on('close', (exitCode) => resolve(exitCode ?? 1)));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`[${label}] ${workers} workers in ${seconds} s: ${code === 0 ? 'all passed' : 'failed (see the FAIL lines above)'}`);
  return code === 0;
}
