import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { QUICK_LINE_MAX_LENGTH, QUICK_LINE_MESSAGES } from './quick-line.ts';

export const quickLineMatchQuerySchema = z.object({
  Text: z
    .string({ error: QUICK_LINE_MESSAGES.noMatterWords })
    .trim()
    .min(1, QUICK_LINE_MESSAGES.noMatterWords)
    .max(QUICK_LINE_MAX_LENGTH, QUICK_LINE_MESSAGES.tooLong)
    .describe('The quick-add line after its duration: the matter’s name (or client’s name, or MAT-number), then what was done.'),
});

export const quickLineCandidateSchema = z.object({
  id: z.string().describe('The matter’s id.'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00012).'),
  matterName: z.string().describe('The matter’s name.'),
  clientId: z.string().describe('The matter’s client.'),
  clientName: z.string().describe('The client’s name.'),
  score: z.number().describe('How much of the matter’s words in the line the matter holds, 0 to 1 (1 for its number).'),
});
export type QuickLineCandidate = z.infer<typeof quickLineCandidateSchema>;

export const quickLineMatchSchema = z.object({
  candidates: z.array(quickLineCandidateSchema).describe('The firm’s open matters that match, best first (at most 5).'),
  isClearWinner: z.boolean().describe('True when the first candidate matches better than every other by a clear margin.'),
  matchedBy: z
    .enum(['number', 'name'])
    .nullable()
    .describe('How the matter was found: its number in the text, its words, or null for none.'),
  matterNumber: z.string().nullable().describe('The matter number the text holds (MAT-00012), whether or not an open matter has it.'),
  matterWords: z.string().describe('The leading words taken as the matter’s (or its number), as typed.'),
  narrative: z.string().describe('The rest of the text: what was done.'),
});
export type QuickLineMatch = z.infer<typeof quickLineMatchSchema>;

/**
 * Quick add on /time-entries (issue 44): which open matter a typed line names. A read, so a GET
 * beside SPEC.md §7's time-entry calls; nothing is recorded until the popup saves.
 */
export const quickLineMatchRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/time-entry/match-quick-line',
  query: quickLineMatchQuerySchema,
  response: quickLineMatchSchema,
});

export const quickLineContracts = { match: quickLineMatchRoute };
