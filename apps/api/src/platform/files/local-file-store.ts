import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.ts';

/**
 * Files under one directory (DATA_DIR/files). A file is written beside its place and renamed into
 * it once whole, so a reader never sees half a file and a failed write leaves nothing behind.
 */
export function createLocalFileStore(directory: string): FileStore {
  const pathOf = (key: string) => join(directory, key.slice(0, 2), key);
  return {
    kind: 'local',
    async write(key, content) {
      const path = pathOf(key);
      const partial = `${path}.partial`;
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
  };
}
