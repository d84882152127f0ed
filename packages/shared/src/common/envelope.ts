import { z } from 'zod';

/** Every API answer has this shape (SPEC.md §7): success, message and the payload in data. */
export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ success: z.boolean(), message: z.string(), data });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type Envelope<T> = { success: boolean; message: string; data: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
