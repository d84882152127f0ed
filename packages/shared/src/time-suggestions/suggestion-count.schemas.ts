import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

export const TIME_SUGGESTIONS_BASE = '/api/admin/time-suggestions';

export const timeSuggestionCountSchema = z.object({
  count: z.number().int().describe('Suggestions waiting over the last 7 days, today included.'),
});

/** The count beside the timer on every page: a module of its own, so those pages load none of suggested time's other schemas. */
export const timeSuggestionCountContract = defineRoute({
  method: 'GET',
  path: `${TIME_SUGGESTIONS_BASE}/get-count`,
  response: timeSuggestionCountSchema,
});
