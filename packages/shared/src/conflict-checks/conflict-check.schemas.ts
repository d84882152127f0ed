import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
import { optionalMultilineText } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { CONFLICT_RULE_MESSAGES } from './conflict-rules.ts';

export const CONFLICT_CONTEXTS = ['client', 'matter', 'standalone'] as const;
export const CONFLICT_DECISIONS = ['no_conflict', 'proceed_despite_conflict', 'declined'] as const;
export const CONFLICT_MATCH_TYPES = ['client', 'company', 'contact', 'related party', 'opposing party'] as const;

export const runConflictCheckSchema = z.strictObject({
  names: z
    .array(
      z
        .string()
        .trim()
        .min(2, 'Each name needs at least 2 characters')
        .max(160)
        .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('A name')),
      { error: 'Enter at least one name to check' },
    )
    .min(1, 'Enter at least one name to check')
    .max(20, 'Check at most 20 names at once')
    .describe('The names to check, 1 to 20, each 2 to 160 characters; repeats (ignoring case) are checked once.'),
  context: z
    .enum(CONFLICT_CONTEXTS)
    .default('standalone')
    .describe('Where it is run from: the client form (client), the matter form (matter) or on its own (standalone, the default).'),
});
export type RunConflictCheck = z.input<typeof runConflictCheckSchema>;

export const conflictMatchSchema = z.object({
  searchedName: z.string().describe('The name searched that found it.'),
  matchedName: z.string().describe('The name on file that resembles it.'),
  matchType: z
    .enum(CONFLICT_MATCH_TYPES)
    .describe(
      'What bears that name: a client (a person), a company client, a company client’s contact, or a matter’s related or opposing party.',
    ),
  /** Trigram similarity, 0 to 1; 1 is the same name. */
  similarity: z.number().describe('Trigram similarity, 0 to 1 (3 decimals); 1 is the same name.'),
  clientId: z.string().describe('The client the match belongs to (a party’s: its matter’s client).'),
  clientName: z.string().describe('That client’s name.'),
  matterId: z.string().nullable().describe('The matter of a related or opposing party; null for a client or contact match.'),
  matterName: z.string().nullable().describe('That matter’s name; null for a client or contact match.'),
  matterNumber: z.string().nullable().describe('That matter’s number; null for a client or contact match, or a matter without one.'),
});
export type ConflictMatch = z.infer<typeof conflictMatchSchema>;

export const conflictCheckResultSchema = z.object({
  conflictCheckId: z
    .string()
    .describe('The recorded check’s id: record its decision, then send it as conflictCheckId when saving the client or matter.'),
  searchedNames: z.array(z.string()).describe('The names searched, each once.'),
  matches: z
    .array(conflictMatchSchema)
    .describe(
      'The clients, contacts and matter parties whose names resemble a searched name (at most 50 per name), best first per name; empty when none.',
    ),
  createdAt: z.string().describe('When the check ran (ISO 8601 UTC).'),
});
export type ConflictCheckResult = z.infer<typeof conflictCheckResultSchema>;

export const recordConflictDecisionSchema = z
  .strictObject({
    decision: z
      .enum(CONFLICT_DECISIONS, { error: 'Decision is required' })
      .describe('no_conflict and proceed_despite_conflict let the client or matter be saved against this check; declined does not.'),
    notes: optionalMultilineText('Notes', 2000).describe('The reasoning, at most 2,000 characters; required for proceed_despite_conflict.'),
  })
  .superRefine((input, context) => {
    // Proceeding despite a conflict is the firm's reasoned exception: the reason is the record.
    if (input.decision === 'proceed_despite_conflict' && !input.notes) {
      context.addIssue({ code: 'custom', path: ['notes'], message: CONFLICT_RULE_MESSAGES.notesRequired });
    }
  });

export const conflictCheckRecordSchema = z.object({
  id: z.string().describe('The check’s id (a UUID).'),
  context: z.enum(CONFLICT_CONTEXTS).describe('Where it was run from: client, matter or standalone.'),
  searchedNames: z.array(z.string()).describe('The names searched, each once.'),
  matchCount: z.number().describe('How many matches it found.'),
  matches: z.array(conflictMatchSchema).describe('The matches as found when it ran (not updated later).'),
  decision: z
    .enum(CONFLICT_DECISIONS)
    .nullable()
    .describe('The decision: no_conflict, proceed_despite_conflict or declined; null until recorded (then final).'),
  decisionNotes: z.string().nullable().describe('The reasoning recorded with the decision; null when none.'),
  searchedBy: z.string().describe('The name of the member who ran it.'),
  clientId: z.string().nullable().describe('The client saved against this check; null when none was.'),
  matterId: z.string().nullable().describe('The matter saved against this check; null when none was.'),
  createdAt: z.string().describe('When it ran (ISO 8601 UTC).'),
  decidedAt: z.string().nullable().describe('When the decision was recorded (ISO 8601 UTC); null until then.'),
});
export type ConflictCheckRecord = z.infer<typeof conflictCheckRecordSchema>;
export const conflictCheckListQuerySchema = pageQuerySchema;
export const conflictCheckPageSchema = pageSchema(conflictCheckRecordSchema);
