import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { cleanFileName, contentDispositionOf } from '../../lib/file-names.ts';

/**
 * A multipart upload: one file, with the form fields sent before it (field names read
 * case-insensitively, as query parameters are). One byte over the limit reaches storeUpload,
 * which refuses it with the contract's 413 and leaves nothing behind.
 */
export async function readUpload<T extends z.ZodType>(request: FastifyRequest, maxBytes: number, fieldsSchema: T, names: string[]) {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data');
  const file = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 8, fieldSize: 4096, parts: 9 } });
  if (!file) throw badRequest('Choose a file to upload');
  const sent = new Map<string, string>();
  for (const [name, value] of Object.entries(file.fields)) {
    const part = Array.isArray(value) ? value[0] : value;
    if (part && part.type === 'field') sent.set(name.toLowerCase(), String(part.value));
  }
  const raw = Object.fromEntries(names.flatMap((name) => (sent.has(name.toLowerCase()) ? [[name, sent.get(name.toLowerCase())]] : [])));
  const parsed = fieldsSchema.safeParse(raw);
  if (!parsed.success) {
    file.file.resume();
    throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid form fields');
  }
  return { fields: parsed.data as z.infer<T>, upload: { content: file.file as Readable, fileName: cleanFileName(file.filename) } };
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
