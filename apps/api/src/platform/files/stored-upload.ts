import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
// The Node entry: the bundler resolution the project type-checks with picks the web-streams-only one.
import { fileTypeStream } from 'file-type/node';
import { AppError } from '../../lib/errors.ts';
import { downloadNameOf } from './download-names.ts';
import type { FileStore } from './file-store.ts';

/**
 * What an upload may be: `what` names it in messages ("Receipt"); `types` maps each allowed MIME
 * type, as the content shows it, to the name a user knows it by.
 */
export type UploadRules = { what: string; maxBytes: number; types: Readonly<Record<string, string>> };

/** A file as it arrives: its bytes, and the name the uploader gave it. */
export type Upload = { content: Readable; fileName: string };

/**
 * A file as stored: its key, what its content was found to be, and the name to keep and send it
 * under (downloadNameOf: the uploader's, ending in the content's extension).
 */
export type StoredFile = { key: string; size: number; contentType: string; extension: string; sha256: string; fileName: string };

const MEGABYTE = 1024 * 1024;

function listed(names: string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The 413 every upload says past its limit: "A receipt must be at most 10 MB". */
export const tooLargeMessage = (what: string, maxBytes: number) =>
  `${what} must be at most ${Math.round((maxBytes / MEGABYTE) * 100) / 100} MB`;

const tooLarge = (rules: UploadRules) => new AppError(413, tooLargeMessage(rules.what, rules.maxBytes));

/** The content's type, read from its first bytes (never from a name); 415 unless the rules allow it. */
async function allowedTypeOf(content: Readable, rules: UploadRules) {
  const detected = await fileTypeStream(content);
  const type = detected.fileType;
  if (!type || !(type.mime in rules.types)) {
    detected.destroy();
    throw new AppError(415, `${rules.what} must be a ${listed([...new Set(Object.values(rules.types))])} file`);
  }
  return { detected, type };
}

/**
 * What a file the browser sent straight to the store really is: read back whole, its type from
 * its content, its size counted and its SHA-256 computed here, as storeUpload does on the way in.
 * The caller compares them with what the browser declared and removes the file if they differ.
 */
export async function inspectStoredFile(store: FileStore, key: string, fileName: string, rules: UploadRules): Promise<StoredFile> {
  const content = await store.read(key);
  if (!content) throw new AppError(422, `${rules.what} was not received: upload it again`);
  const { detected, type } = await allowedTypeOf(content, rules);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of detected as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rules.maxBytes) {
      detected.destroy();
      throw tooLarge(rules);
    }
    hash.update(chunk);
  }
  return { key, size, contentType: type.mime, extension: type.ext, sha256: hash.digest('hex'), fileName: downloadNameOf(fileName, type) };
}

/**
 * Stores an upload under a new unguessable key, streamed: its type is read from its first bytes
 * (never from its name), its size is counted as it passes and it is refused past the limit, its
 * SHA-256 is computed on the way. A refused or failed upload leaves nothing in the store.
 */
export async function storeUpload(store: FileStore, upload: Upload, rules: UploadRules): Promise<StoredFile> {
  const { detected, type } = await allowedTypeOf(upload.content, rules);
  const key = randomBytes(24).toString('base64url');
  const hash = createHash('sha256');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > rules.maxBytes) return done(tooLarge(rules));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  detected.once('error', (error) => counted.destroy(error));
  // The store's pipeline reports a refusal; the pipe from `detected` re-emits it once the pipeline
  // has let go of `counted`, which must not escape as an uncaught exception.
  counted.on('error', () => undefined);
  try {
    await store.write(key, detected.pipe(counted));
  } catch (error) {
    detected.destroy();
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  return {
    key,
    size,
    contentType: type.mime,
    extension: type.ext,
    sha256: hash.digest('hex'),
    fileName: downloadNameOf(upload.fileName, type),
  };
}

/**
 * Records a stored file (the database row that names it); if recording fails, the file is removed,
 * so a failed save never leaves an orphan in the store.
 */
export async function recordStoredFile<T>(
  store: FileStore,
  file: StoredFile,
  record: () => Promise<T>,
  /** A failure that means another record already names the file (a repeated completion): the file is that record's, kept. */
  isFileRecordedElsewhere: (error: unknown) => boolean = () => false,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    if (!isFileRecordedElsewhere(error)) await store.remove(file.key).catch(() => undefined);
    throw error;
  }
}
