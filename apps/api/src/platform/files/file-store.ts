import type { Readable } from 'node:stream';

/**
 * Where a firm's files live: receipts today, documents and invoice PDFs next. Two backends, the
 * same contract: files under DATA_DIR/files (the default), or an S3-compatible bucket. A key is
 * opaque and unguessable (storeUpload makes it); the database row that names a file is what says
 * which firm it belongs to, so a store is only ever reached through a check of that row.
 */
export type FileStore = {
  kind: 'local' | 's3';
  /** Streams `content` to `key`; nothing is left under the key if the stream fails. */
  write(key: string, content: Readable): Promise<void>;
  /** The file's bytes as a stream, or null when no file has that key. */
  read(key: string): Promise<Readable | null>;
  /** Removes the file; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every whole file whose key starts with `prefix` (all when none), with its size: what a backup copies. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** A bucket only: the browser sends a large file's parts straight to the store (none on the local disk). */
  direct?: DirectUploads;
};

export type StoredObject = { key: string; bytes: number };

/** The parts of a multipart upload (at most 10,000, each at least 5 MiB but the last, in S3's rules). */
export type DirectUploadPlan = { uploadId: string; partSize: number; partUrls: string[] };

/**
 * Multipart uploads the browser sends to presigned part URLs: the server starts them, completes
 * them with the parts' ETags the browser collected, or aborts them. The URLs expire; what the
 * browser sent is only trusted after the server has read it back (size, type, hash).
 */
export type DirectUploads = {
  start(key: string, sizeBytes: number): Promise<DirectUploadPlan>;
  complete(key: string, uploadId: string, parts: readonly { partNumber: number; etag: string }[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
};
