import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

/** Listed in the OpenAPI document with each code's status and meaning (built from ERROR_CODES, which the web carries anyway). */
// eslint-disable-next-line no-restricted-syntax -- not a literal: the list is ERROR_CODES'.
export const errorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
  description: Object.entries(ERROR_CODES)
    .map(([code, { status, meaning }]) => `${code} (${status}): ${meaning}`)
    .join('\n'),
});

/** Every API answer has this shape (SPEC.md §7): success, message and the payload in data. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean().describe('True: the request did what it asked.'),
    message: z.string().describe('What happened, in words to show the user as they are.'),
    data,
  });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false).describe('Always false on an error.'),
  /** For people: SPEC.md's words, shown as is. */
  message: z.string().describe('Why the request was refused, in words to show the user as they are.'),
  /** For programs: stable across releases and languages (see ERROR_CODES). */
  code: errorCodeSchema,
  data: z.null().describe('Always null on an error.'),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .describe('For a refused form: each invalid field’s name and its message, to show beside the field.'),
});

export type Envelope<T> = { success: boolean; message: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
