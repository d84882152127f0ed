// Vitest runs files without isolation in one worker, so one run keeps one core busy. Split into
// shards (--shard) run side by side, one per core, the files finish in about half the time on the
// 2-core CI machine. Each shard's lines are printed with its name in front.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

function runShard(name, args, env) {
  return new Promise((resolve) => {
    const colours = process.stdout.isTTY ? {} : { NO_COLOR: '1' };
    const child = spawn(process.execPath, [VITEST, 'run', ...args], { env: { ...env, ...colours }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Runs `vitest run <args>` as one shard per core (at least two); resolves true when every shard passed. */
export async function runInShards(label, args, env = process.env) {
  const shards = Math.max(2, availableParallelism());
  const started = Date.now();
  const codes = await Promise.all(
    Array.from({ length: shards }, (_, index) =>
      runShard(`${label} ${index + 1}/${shards}`, [...args, `--shard=${index + 1}/${shards}`], env),
    ),
  );
  const failed = codes.filter((code) => code !== 0).length;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `[${label}] ${shards} shards in ${seconds} s: ${failed === 0 ? 'all passed' : `${failed} failed (see the FAIL lines above)`}`,
  );
  return failed === 0;
}
