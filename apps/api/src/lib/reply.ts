import type { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '@matterhorn/shared';

/** The success envelope. */
export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** Response schemas for a route answering `data` on 200 (or `status`), plus the error envelope. */
export function answers<T extends z.ZodType>(data: T, status: 200 | 201 = 200) {
  return { [status]: envelopeSchema(data), '4xx': errorEnvelopeSchema };
}
