import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.ts';

const PARTIAL = '.partial';

/**
 * Files under one directory (DATA_DIR/files). A file is written beside its place and renamed into
 * it once whole, so a reader never sees half a file and a failed write leaves nothing behind.
 * `sharded` (the default): each key under a folder of its first two characters, so no folder holds
 * a firm's every upload; a backup folder is plain, its paths as an operator reads them.
 */
export function createLocalFileStore(directory: string, { sharded = true }: { sharded?: boolean } = {}): FileStore {
  const pathOf = (key: string) => (sharded ? join(directory, key.slice(0, 2), key) : join(directory, key));
  const keyOf = (path: string) => {
    const parts = relative(directory, path).split(sep);
    return (sharded ? parts.slice(1) : parts).join('/');
  };
  return {
    kind: 'local',
    async write(key, content) {
      const path = pathOf(key);
      const partial = `${path}${PARTIAL}`;
      await mkdir(dirname(path), { recursive: true });
      try {
        await pipeline(content, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    read(key) {
      const stream = createReadStream(pathOf(key));
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
      });
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    async *list(prefix = '') {
      for (const path of await filesUnder(directory)) {
        if (path.endsWith(PARTIAL)) continue;
        const key = keyOf(path);
        if (key.startsWith(prefix)) yield { key, bytes: (await stat(path)).size };
      }
    },
  };
}

/** Every file under a folder, at any depth; none when the folder is not there yet. */
async function filesUnder(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
