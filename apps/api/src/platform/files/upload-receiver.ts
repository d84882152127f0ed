import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { cleanFileName } from '../../lib/file-names.ts';
import { firstUnstorableField, unstorableTextError } from '../../plugins/storable-text.ts';
import { tooLargeMessageOf, UPLOAD_MESSAGES, type ReceivedUpload, type UploadSpec } from './multipart-upload.ts';

declare module 'fastify' {
  interface FastifyRequest {
    receivedUpload: ReceivedUpload | null;
  }
}

export type UploadReceiving = {
  /** Where uploads wait, each in a file of its own, until the response is sent. */
  directory: string;
  /** A body that sends nothing for this long is answered 408 (the client stalled or went away). */
  idleTimeoutMs: number;
};

/**
 * Every route that declares `config.upload` receives its file before its handler runs: whole, to
 * a temporary file, size-capped, with the form fields checked. The handler (and the transaction
 * an Idempotency-Key wraps it in) starts only once the client has sent everything, so a slow,
 * stalled or empty upload never holds a database connection. The file is removed after the
 * response, or when the client goes away.
 */
export function registerUploadReceiving(app: FastifyInstance, receiving: UploadReceiving): void {
  mkdirSync(receiving.directory, { recursive: true, mode: 0o700 });
  app.decorateRequest('receivedUpload', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const spec = route.config?.upload;
    if (!spec) {
      if ([route.schema?.consumes ?? []].flat().includes('multipart/form-data'))
        throw new Error(`Route ${String(route.method)} ${route.url} takes multipart/form-data but declares no config.upload`);
      return;
    }
    const receive = async (request: FastifyRequest, reply: FastifyReply) => {
      request.receivedUpload = await receiveUpload(request, reply, spec, receiving);
    };
    route.preValidation = [...[route.preValidation ?? []].flat(), receive];
  });
}

const FIELD_LIMITS = { fields: 8, fieldSize: 4096, parts: 9, files: 1 };

async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: UploadSpec,
  { directory, idleTimeoutMs }: UploadReceiving,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(spec.notMultipart ?? UPLOAD_MESSAGES.notMultipart);
  const path = join(directory, randomBytes(18).toString('base64url'));
  const afterResponse: (() => void)[] = [];
  // Synchronous, so the file is gone by the time anyone learns the response was sent.
  const remove = () => {
    for (const release of afterResponse.splice(0)) release();
    rmSync(path, { force: true });
  };
  // 'close' comes once the response is sent or the connection is gone, whichever is first.
  reply.raw.once('close', remove);
  reply.raw.once('finish', remove);
  try {
    const received = await receiveInto(path, request, spec, idleTimeoutMs);
    // Past the limit the rest of the body is never read: close rather than wait for it.
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    return { ...received, afterResponse };
  } catch (error) {
    // The rest of the body is never read: the connection closes after the answer instead of
    // waiting for a client that may never send it.
    reply.header('connection', 'close');
    remove();
    throw error;
  }
}

type Received = Omit<ReceivedUpload, 'afterResponse'>;

function receiveInto(path: string, request: FastifyRequest, spec: UploadSpec, idleTimeoutMs: number): Promise<Received> {
  const body = request.raw;
  return new Promise<Received>((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: { fileName: string; stream: BusboyFileStream; output: WriteStream; written: Promise<void> } | null = null;
    const hash = createHash('sha256');
    let hasData = false;
    let isSettled = false;
    let parser: ReturnType<typeof Busboy>;

    const settle = (error: unknown, upload?: Received) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(idle);
      body.off('data', onData);
      body.off('close', onClose);
      body.unpipe(parser);
      if (!error) return resolve(upload!);
      if (!file) return reject(error);
      // Answered once the temporary file is closed, so that removing it after the answer is final.
      // The temporary file is destroyed too: a part cut off by a limit (too many parts) is neither
      // ended nor closed by busboy, so waiting on its stream alone never finished and the request
      // was never answered.
      file.stream.destroy();
      file.output.destroy();
      void file.written.then(
        () => reject(error),
        () => reject(error),
      );
    };
    const onData = () => {
      hasData = true;
      idle.refresh();
    };
    const onClose = () => {
      if (!body.readableEnded) settle(new AppError(400, UPLOAD_MESSAGES.incomplete));
    };
    const idle = setTimeout(() => settle(new AppError(408, UPLOAD_MESSAGES.stalled)), idleTimeoutMs);

    /** The file is whole, or one byte over the limit (refused with 413): check it and the fields. */
    const finish = async () => {
      if (!file) return settle(badRequest(spec.noFile));
      try {
        await file.written;
      } catch {
        return settle(new AppError(400, UPLOAD_MESSAGES.incomplete));
      }
      // Past the limit, both the limit and the end of the body finish the upload: the first one counts.
      if (isSettled) return;
      const size = file.stream.bytesRead;
      if (size === 0) return settle(badRequest(UPLOAD_MESSAGES.empty));
      // Refused here for every route, so none keeps a cut-off copy (bulk import once stored one and answered 201).
      if (size > spec.maxBytes) return settle(new AppError(413, tooLargeMessageOf(spec)));
      const sent = Object.fromEntries(
        spec.names.flatMap((name) => (fields.has(name.toLowerCase()) ? [[name, fields.get(name.toLowerCase())]] : [])),
      );
      const parsed = spec.fields.safeParse(sent);
      if (!parsed.success) return settle(badRequest(parsed.error.issues[0]?.message ?? 'Invalid form fields'));
      const { fileName } = file;
      settle(null, { fields: parsed.data, path, size, fileName, sha256: hash.digest('hex') });
    };

    try {
      parser = Busboy({ headers: request.headers as never, limits: { ...FIELD_LIMITS, fileSize: spec.maxBytes + 1 } });
    } catch {
      // No boundary, or a content type busboy cannot read.
      clearTimeout(idle);
      return reject(badRequest(UPLOAD_MESSAGES.malformed));
    }
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, isValueTruncated: boolean) => {
      const unstorable = firstUnstorableField({ [name]: value });
      if (unstorable !== null) return settle(unstorableTextError(unstorable));
      if (isValueTruncated) return settle(badRequest(UPLOAD_MESSAGES.fieldTooLong(name)));
      if (!fields.has(name.toLowerCase())) fields.set(name.toLowerCase(), value);
    });
    parser.on('file', (_name: string, stream: BusboyFileStream, fileName: string) => {
      // Parts the parser had already buffered when the upload was refused are dropped unread.
      if (isSettled) return void stream.resume();
      const output = createWriteStream(path, { flags: 'wx', mode: 0o600 });
      // Settled only once the file is closed: a pipeline cut short can end before the file is even opened.
      const closed = new Promise<void>((done) => output.once('close', () => done()));
      const written = pipeline(stream, output).then(
        () => closed,
        async (error: unknown) => {
          await closed;
          throw error;
        },
      ) as Promise<void>;
      file = { fileName: cleanFileName(wellFormed(fileName), spec.fallbackName), stream, output, written };
      written.catch(() => undefined);
      stream.on('data', (chunk: Buffer) => hash.update(chunk));
      // The part's end may still arrive after the limit ended the stream here, and be refused by it.
      stream.on('error', () => undefined);
      // Past the limit nothing more is needed: the upload is refused with 413 without the rest.
      stream.once('limit', () => {
        stream.push(null);
        void written.then(finish, finish);
      });
    });
    parser.on('finish', () => void finish());
    parser.on('error', () => settle(badRequest(hasData ? UPLOAD_MESSAGES.incomplete : spec.noFile)));
    for (const limit of ['partsLimit', 'fieldsLimit'] as const) parser.on(limit, () => settle(badRequest(UPLOAD_MESSAGES.tooManyFields)));
    body.on('data', onData);
    body.on('close', onClose);
    body.pipe(parser);
  });
}

/** Busboy decodes a part in the charset it declares: UTF-16 can carry a lone surrogate, which a name shows as U+FFFD. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
