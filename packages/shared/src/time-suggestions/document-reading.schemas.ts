import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { TIME_SUGGESTIONS_BASE } from './suggestion-count.schemas.ts';
import { READING_BEAT_MAX_SECONDS } from './work-activity.ts';

/** A beat of reading a document while its tab is visible and its reader not idle. */
export const documentReadingSchema = z.strictObject({
  documentId: z.uuid({ error: 'Document is required' }).describe('The document being read (one of the firm’s, on a matter).'),
  seconds: z
    .number({ error: 'Seconds must be a whole number' })
    .int('Seconds must be a whole number')
    .min(1, 'Seconds must be at least 1')
    .max(READING_BEAT_MAX_SECONDS, `Seconds must be at most ${READING_BEAT_MAX_SECONDS}`)
    .describe('Seconds read since the last beat (1–300).'),
});

/** Sent from a document's page while it is read: a module of its own, so that page loads none of suggested time's other schemas. */
export const documentReadingContract = defineRoute({
  method: 'POST',
  path: `${TIME_SUGGESTIONS_BASE}/document-reading`,
  body: documentReadingSchema,
  response: z.null(),
});
