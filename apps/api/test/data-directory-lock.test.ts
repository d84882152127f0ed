import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIRECTORY_LOCK_NAME, DataDirectoryInUseError, lockDataDirectory, STALE_MS } from '../src/db/data-directory-lock.ts';

const directories: string[] = [];
const releases: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) await release().catch(() => undefined);
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
});

async function dataDirectory() {
  const directory = await mkdtemp(join(tmpdir(), 'matterhorn-lock-'));
  directories.push(directory);
  return directory;
}

async function hold(dataDir: string) {
  const release = await lockDataDirectory(dataDir, () => undefined);
  releases.push(release);
  return release;
}

/** Starts the real server as its own process and waits for it to end. */
function runServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  };
  delete environment.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], { env: environment });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('the data directory lock', () => {
  it('makes a second server process on the same DATA_DIR exit at once, non-zero, saying why, before touching the database', async () => {
    const dataDir = await dataDirectory();
    await hold(dataDir);
    const second = await runServer(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`Another Matterhorn process is already using the data directory ${dataDir}`);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  }, 40_000);

  it('is refused to a second holder while held, and free again once released', async () => {
    const dataDir = await dataDirectory();
    const release = await hold(dataDir);
    await expect(lockDataDirectory(dataDir, () => undefined)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await release();
    await hold(dataDir);
  });

  it('takes over the lock a killed process left behind once it is stale', async () => {
    const dataDir = await dataDirectory();
    const leftBehind = join(dataDir, DATA_DIRECTORY_LOCK_NAME);
    await mkdir(leftBehind);
    const fresh = new Date();
    await utimes(leftBehind, fresh, fresh);
    await expect(lockDataDirectory(dataDir, () => undefined)).rejects.toBeInstanceOf(DataDirectoryInUseError);
    const longAgo = new Date(Date.now() - STALE_MS - 5_000);
    await utimes(leftBehind, longAgo, longAgo);
    await hold(dataDir);
  });
});
