import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '@matterhorn/shared';
import { contentDispositionOf } from './file-names.ts';

/** The success envelope. */
export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** The success envelope with 201, returned (not sent) so that an idempotent POST can store it. */
export function created<T>(reply: FastifyReply, message: string, data: T) {
  reply.status(201);
  return ok(message, data);
}

/** Response schemas for a route answering `data` on 200 (or `status`), plus the error envelope with its code. */
export function answers<T extends z.ZodType>(data: T, status: 200 | 201 = 200) {
  // A payload schema without a description of its own is described by its fields.
  const described = data.description
    ? data
    : data.describe(data instanceof z.ZodNull ? 'Nothing: the message says what was done.' : 'What the request answers (see its fields).');
  return { [status]: envelopeSchema(described), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
}

/** A PDF the route made, as an attachment under its name: never sniffed, never cached. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDispositionOf(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(pdf);
}
