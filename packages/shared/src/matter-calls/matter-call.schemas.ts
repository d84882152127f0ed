import { z } from 'zod';
import { isoDate, requiredId } from '../common/fields.ts';
import { controlCharactersMessage, MULTILINE_PATTERN, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
import { defineRoute } from '../common/route-contract.ts';
import { timeEntryInputSchema } from '../time-entries/time-entry-input.schemas.ts';

export const MATTER_CALL_MESSAGES = {
  logged: 'Call logged',
  withWhomRequired: 'Say who the call was with',
  matterClosed: 'Calls cannot be logged on a closed matter',
} as const;

/** "Log a call" on a matter (issue 44): who it was with, how long, and a note. */
export const logCallSchema = z.strictObject({
  matterId: requiredId('Matter is required').describe('The matter the call was about (a live, open matter of the firm).'),
  callDate: isoDate('Date').describe('The day of the call (YYYY-MM-DD).'),
  withWhom: z
    .string({ error: MATTER_CALL_MESSAGES.withWhomRequired })
    .trim()
    .min(1, MATTER_CALL_MESSAGES.withWhomRequired)
    .max(200, 'Who the call was with is at most 200 characters')
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Who the call was with'))
    .describe('Who the call was with (1–200 characters).'),
  duration: timeEntryInputSchema.shape.duration.describe(
    'How long, as decimal hours (more than 0, at most 24, up to 4 decimals); kept to the minute.',
  ),
  note: z
    .string()
    .trim()
    .max(5000, 'Note must be at most 5000 characters')
    .regex(MULTILINE_PATTERN, controlCharactersMessage('Note'))
    .default('')
    .describe('What was said (at most 5000 characters); left out: none.'),
});
export type LogCallInput = z.input<typeof logCallSchema>;

export const matterCallSchema = z.object({
  id: z.string().describe('The call’s id.'),
  matterId: z.string().describe('The matter.'),
  callDate: z.string().describe('The day of the call (YYYY-MM-DD).'),
  withWhom: z.string().describe('Who the call was with.'),
  minutes: z.number().int().describe('How long, in minutes.'),
  note: z.string().describe('What was said.'),
  loggedBy: z.string().describe('The member who logged it.'),
});
export type MatterCall = z.infer<typeof matterCallSchema>;

export const matterCallsQuerySchema = z.object({
  MatterId: z.uuid({ error: 'Matter is required' }).describe('The matter whose calls to list (newest first, at most 100).'),
});

const base = '/api/admin/matter-calls';
export const matterCallContracts = {
  log: defineRoute({ method: 'POST', path: `${base}/log-call`, body: logCallSchema, response: matterCallSchema, status: 201 }),
  list: defineRoute({ method: 'GET', path: `${base}/get-calls`, query: matterCallsQuerySchema, response: z.array(matterCallSchema) }),
};
