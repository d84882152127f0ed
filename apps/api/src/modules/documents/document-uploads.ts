import { createHash, randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_TEXT_TYPES } from '@matterhorn/shared';
import { AppError } from '../../lib/errors.ts';
import {
  downloadNameOf,
  inspectStoredFile,
  storeUpload,
  type FileStore,
  type StoredFile,
  type Upload,
  tooLargeMessage,
  type UploadRules,
} from '../../platform/files/files.ts';

/**
 * A document's file into the store. Every type is read from the content (platform/files), except
 * text, CSV and email files, which have no signature to read: those are taken at their name's word,
 * and only when nothing else is found in their first bytes, those bytes are UTF-8, hold no NUL and
 * do not start a script (#!). Anything else named .txt (a program renamed) goes the usual way and
 * is refused by its content.
 */

/** What is looked at: more than any signature file-type reads, enough to tell text from a binary. */
const HEAD_BYTES = 64 * 1024;

type TextType = { mime: string; ext: string };

function textTypeOf(fileName: string): TextType | null {
  const ext = extname(fileName).slice(1).toLowerCase();
  const mime = DOCUMENT_TEXT_TYPES[ext];
  return mime ? { mime, ext } : null;
}

/** UTF-8 throughout (a character cut by the end of the head is no fault), no NUL byte, not a script. */
function readsAsText(head: Buffer, isWholeFile: boolean): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  if (head.subarray(0, 2).toString('latin1') === '#!') return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !isWholeFile });
    return true;
  } catch {
    return false;
  }
}

/** The text type the file is, or null when it must be read by its content like any other. */
async function acceptedTextType(fileName: string, head: Buffer, isWholeFile: boolean): Promise<TextType | null> {
  const type = textTypeOf(fileName);
  if (!type || !readsAsText(head, isWholeFile)) return null;
  return (await fileTypeFromBuffer(head)) ? null : type;
}

/** The first bytes of a stream, and the whole stream again (those bytes first) for whoever reads it next. */
async function peek(content: Readable): Promise<{ head: Buffer; isWholeFile: boolean; replay: Readable }> {
  const iterator = (content as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let isWholeFile = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      isWholeFile = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* again() {
    try {
      yield head;
      if (isWholeFile) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A reader that stops early (a refusal) lets go of the file too.
      await iterator.return?.();
    }
  }
  return { head: head.subarray(0, HEAD_BYTES), isWholeFile, replay: Readable.from(again(), { objectMode: false }) };
}

const tooLarge = (rules: UploadRules) => new AppError(413, tooLargeMessage(rules.what, rules.maxBytes));

/** Counts and hashes what passes, refusing it past the limit, as storeUpload does for typed files. */
function counter(rules: UploadRules) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > rules.maxBytes) return done(tooLarge(rules));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, facts: () => ({ size, sha256: hash.digest('hex') }) };
}

async function storeText(store: FileStore, upload: Upload, type: TextType, rules: UploadRules): Promise<StoredFile> {
  const { content } = upload;
  const key = randomBytes(24).toString('base64url');
  const counted = counter(rules);
  content.once('error', (error) => counted.stream.destroy(error));
  // The store's pipeline reports a refusal; it must not also escape as an uncaught error.
  counted.stream.on('error', () => undefined);
  try {
    await store.write(key, content.pipe(counted.stream));
  } catch (error) {
    content.destroy();
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  return { key, contentType: type.mime, extension: type.ext, fileName: downloadNameOf(upload.fileName, type), ...counted.facts() };
}

/** An uploaded document's file stored under a new key, its type read from its content (or, for text, as above). */
export async function storeDocumentUpload(store: FileStore, upload: Upload, rules: UploadRules): Promise<StoredFile> {
  const { head, isWholeFile, replay } = await peek(upload.content);
  const textType = await acceptedTextType(upload.fileName, head, isWholeFile);
  const arrived = { content: replay, fileName: upload.fileName };
  return textType ? storeText(store, arrived, textType, rules) : storeUpload(store, arrived, rules);
}

/** A file the browser sent straight to the bucket, read back: what storeDocumentUpload would have found it to be. */
export async function inspectDirectUpload(store: FileStore, key: string, fileName: string, rules: UploadRules): Promise<StoredFile> {
  const content = await store.read(key);
  if (!content) return inspectStoredFile(store, key, fileName, rules);
  const { head, isWholeFile } = await peek(content);
  content.destroy();
  const textType = await acceptedTextType(fileName, head, isWholeFile);
  const whole = textType ? await store.read(key) : null;
  if (!textType || !whole) return inspectStoredFile(store, key, fileName, rules);
  const counted = counter(rules);
  await pipeline(whole, counted.stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return { key, contentType: textType.mime, extension: textType.ext, fileName: downloadNameOf(fileName, textType), ...counted.facts() };
}
