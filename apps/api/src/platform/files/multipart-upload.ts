import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { tooLargeMessage } from './stored-upload.ts';

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data',
  malformed: 'The upload is not valid multipart/form-data',
  incomplete: 'The upload ended before the whole file arrived: send it again',
  stalled: 'The upload stopped arriving: send it again',
  empty: 'The file is empty',
  tooManyFields: 'The upload has too many fields',
  fieldTooLong: (name: string) => `${name} is too long`,
} as const;

/**
 * What a route's multipart upload is: one file of at most maxBytes (one byte more is refused with
 * 413 before the handler runs, and nothing is kept), with the form fields `names` (read
 * case-insensitively, as query parameters are, before or after the file) checked by `fields`.
 */
export type UploadSpec<T extends z.ZodType = z.ZodType> = {
  maxBytes: number;
  fields: T;
  names: string[];
  /** Said when no file was sent ("Choose a file to upload"). */
  noFile: string;
  /** Said when the body is not multipart; UPLOAD_MESSAGES.notMultipart when not given. */
  notMultipart?: string;
  /** What the file is, for the 413 ("A receipt" must be at most 10 MB); "The file" when not given. */
  what?: string;
  /** Said instead when the file is over maxBytes, where the route has its own words. */
  tooLarge?: string;
  /** The name kept when the file's own name is unusable. */
  fallbackName?: string;
};

/** An upload as received (see upload-receiver.ts): a temporary file, removed after the response. */
export type ReceivedUpload = {
  fields: unknown;
  path: string;
  size: number;
  fileName: string;
  sha256: string;
  /** Run when the response is sent or the client is gone, before the file is removed. */
  afterResponse: (() => void)[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes one multipart upload, received whole before its handler runs. */
    upload?: UploadSpec;
  }
}

/** The 413 for a file over the route's limit, said the way the stores say it. */
export const tooLargeMessageOf = (spec: UploadSpec) => spec.tooLarge ?? tooLargeMessage(spec.what ?? 'The file', spec.maxBytes);

export const uploadSpec = <T extends z.ZodType>(spec: UploadSpec<T>): UploadSpec<T> => spec;

/** The route's received upload: its checked fields and its file, streamed from where it waits. */
export function uploadOf<T extends z.ZodType>(request: FastifyRequest, _spec: UploadSpec<T>) {
  const received = request.receivedUpload;
  if (!received) throw new Error(`${request.routeOptions.url} reads an upload without declaring config.upload`);
  return {
    fields: received.fields as z.infer<T>,
    upload: { content: openReceived(received), fileName: received.fileName },
    received,
  };
}

/**
 * The file opened now, so removing it after the response cannot fail a read that has not begun;
 * a handler that never reads it (a refusal) still has it closed with the response.
 */
function openReceived(received: ReceivedUpload): Readable {
  const content = createReadStream(received.path, { fd: openSync(received.path, 'r') });
  received.afterResponse.push(() => content.destroy());
  return content;
}

/** A stored file's bytes as a download (or inline for the preview), never sniffed, never cached. */
export function sendFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; sizeBytes: number; content: Readable },
  isInline = false,
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', contentDispositionOf(file.fileName, isInline ? 'inline' : 'attachment'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.content);
}
