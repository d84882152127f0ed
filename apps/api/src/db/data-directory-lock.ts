import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** Inside DATA_DIR, so that a mounted volume whose parent is read-only can still be locked. */
export const DATA_DIRECTORY_LOCK_NAME = 'matterhorn.lock';
/**
 * A killed process cannot remove its lock; the lock is refreshed every UPDATE_MS, and one not
 * refreshed for STALE_MS is taken over by the next start.
 */
export const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

export class DataDirectoryInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another Matterhorn process is already using the data directory ${dataDir}. Two processes on one ` +
        'embedded database lose each other’s writes, so this one stops. Stop the other process, or give ' +
        `this one its own DATA_DIR (or a DATABASE_URL). If the other process was killed, its lock expires ` +
        `within ${STALE_MS / 1000} seconds: start again then.`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

/**
 * Holds DATA_DIR for this process only: the embedded database (PGlite) is one process's files, and
 * a second writer silently loses acknowledged writes. Refuses at once when another process holds it.
 * `onLost`: the lock was taken from us (the process stalled past STALE_MS): stop writing.
 */
export async function lockDataDirectory(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, DATA_DIRECTORY_LOCK_NAME),
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: 0,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirectoryInUseError(dataDir);
    throw error;
  }
}

/** For a command's entry point: hold DATA_DIR, or say why not and exit non-zero at once. */
export async function holdDataDirectoryOrExit(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDirectory(dataDir, (error) => {
      console.error(`The lock on ${dataDir} was lost (${error.message}); stopping so that no write is lost.`);
      process.exit(1);
    });
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
