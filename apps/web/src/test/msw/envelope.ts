import type { Envelope } from '@matterhorn/shared';
import { HttpResponse } from 'msw';
import type { z } from 'zod';

export type EnvelopeOptions = { status?: number; message?: string; headers?: Record<string, string> };

/** The API's envelope `{ success, message, data }` (GUIDE.md §4); success follows the status. */
export function envelope(data: unknown, { status = 200, message = '', headers }: EnvelopeOptions = {}) {
  const body: Envelope<unknown> = { success: status < 400, message, data };
  return HttpResponse.json(body, { status, headers });
}

/** An answer checked against the shared contract: a fixture that drifted from it fails the test. */
export function contractEnvelope<Schema extends z.ZodType>(schema: Schema, data: z.input<Schema>, options?: EnvelopeOptions) {
  return envelope(schema.parse(data), options);
}

export function notFound() {
  return envelope(null, { status: 404, message: 'Not found' });
}
