import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { BackupSettings } from '../../config.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createLocalFileStore } from '../../platform/files/local-file-store.ts';
import { createS3FileStore } from '../../platform/files/s3-file-store.ts';
import type { BackupPart } from './backup-archive.ts';

/** Where backups are kept: a folder or a bucket, through the file stores' own two backends. */
export type BackupDestination = { store: FileStore; where: string };

export function openBackupDestination(destination: BackupSettings['destination']): BackupDestination {
  if ('folder' in destination) return { store: createLocalFileStore(destination.folder, { sharded: false }), where: destination.folder };
  const store = createS3FileStore(destination.s3);
  const where = `s3://${destination.s3.bucket}/${destination.prefix}`;
  return { store: destination.prefix ? underPrefix(store, destination.prefix) : store, where };
}

/** A bucket shared with other things: every path of the backups under one prefix. */
function underPrefix(store: FileStore, prefix: string): FileStore {
  return {
    kind: store.kind,
    write: (key, content) => store.write(prefix + key, content),
    read: (key) => store.read(prefix + key),
    remove: (key) => store.remove(prefix + key),
    async *list(start = '') {
      for await (const object of store.list(prefix + start)) yield { ...object, key: object.key.slice(prefix.length) };
    },
  };
}

/** SHA-256 and size of the bytes passing through. */
function measuring() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

/** Writes a part whole or not at all (both stores' promise), and says what was written. */
export async function writePart(store: FileStore, path: string, content: Readable): Promise<BackupPart> {
  const measure = measuring();
  content.once('error', (error) => measure.stream.destroy(error));
  await store.write(path, content.pipe(measure.stream));
  return { path, ...measure.result() };
}

/** A stream's SHA-256 and size, read to its end. */
export async function measure(content: Readable): Promise<Omit<BackupPart, 'path'>> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of content) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Reads a part back from the destination: its SHA-256 and size as stored, or null when it is not there. */
export async function measurePart(store: FileStore, path: string): Promise<Omit<BackupPart, 'path'> | null> {
  const content = await store.read(path);
  return content ? measure(content) : null;
}

/** A part's whole bytes (the manifest: a few kilobytes to a few megabytes). */
export async function readWhole(store: FileStore, path: string): Promise<Buffer | null> {
  const content = await store.read(path);
  if (!content) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const readableOf = (bytes: Uint8Array) => Readable.from([Buffer.from(bytes)]);
