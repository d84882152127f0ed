import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

/** Listed in the OpenAPI document with each code's status and meaning. */
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
  description: Object.entries(ERROR_CODES)
    .map(([code, { status, meaning }]) => `${code} (${status}): ${meaning}`)
    .join('\n'),
});

/** Every API answer has this shape (SPEC.md §7): success, message and the payload in data. */
export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ success: z.boolean(), message: z.string(), data });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  /** For people: SPEC.md's words, shown as is. */
  message: z.string(),
  /** For programs: stable across releases and languages (see ERROR_CODES). */
  code: errorCodeSchema,
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type Envelope<T> = { success: boolean; message: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
