import { z } from 'zod';
import { optionalText } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { CONFLICT_RULE_MESSAGES } from './conflict-rules.ts';

export const CONFLICT_CONTEXTS = ['client', 'matter', 'standalone'] as const;
export const CONFLICT_DECISIONS = ['no_conflict', 'proceed_despite_conflict', 'declined'] as const;
export const CONFLICT_MATCH_TYPES = ['client', 'company', 'contact', 'related party', 'opposing party'] as const;

export const runConflictCheckSchema = z.strictObject({
  names: z
    .array(z.string().trim().min(2, 'Each name needs at least 2 characters').max(160), { error: 'Enter at least one name to check' })
    .min(1, 'Enter at least one name to check')
    .max(20, 'Check at most 20 names at once'),
  context: z.enum(CONFLICT_CONTEXTS).default('standalone'),
});
export type RunConflictCheck = z.input<typeof runConflictCheckSchema>;

export const conflictMatchSchema = z.object({
  searchedName: z.string(),
  matchedName: z.string(),
  matchType: z.enum(CONFLICT_MATCH_TYPES),
  /** Trigram similarity, 0 to 1; 1 is the same name. */
  similarity: z.number(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string().nullable(),
  matterName: z.string().nullable(),
  matterNumber: z.string().nullable(),
});
export type ConflictMatch = z.infer<typeof conflictMatchSchema>;

export const conflictCheckResultSchema = z.object({
  conflictCheckId: z.string(),
  searchedNames: z.array(z.string()),
  matches: z.array(conflictMatchSchema),
  createdAt: z.string(),
});
export type ConflictCheckResult = z.infer<typeof conflictCheckResultSchema>;

export const recordConflictDecisionSchema = z
  .strictObject({
    decision: z.enum(CONFLICT_DECISIONS, { error: 'Decision is required' }),
    notes: optionalText('Notes', 2000),
  })
  .superRefine((input, context) => {
    // Proceeding despite a conflict is the firm's reasoned exception: the reason is the record.
    if (input.decision === 'proceed_despite_conflict' && !input.notes) {
      context.addIssue({ code: 'custom', path: ['notes'], message: CONFLICT_RULE_MESSAGES.notesRequired });
    }
  });

export const conflictCheckRecordSchema = z.object({
  id: z.string(),
  context: z.enum(CONFLICT_CONTEXTS),
  searchedNames: z.array(z.string()),
  matchCount: z.number(),
  matches: z.array(conflictMatchSchema),
  decision: z.enum(CONFLICT_DECISIONS).nullable(),
  decisionNotes: z.string().nullable(),
  searchedBy: z.string(),
  clientId: z.string().nullable(),
  matterId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ConflictCheckRecord = z.infer<typeof conflictCheckRecordSchema>;
export const conflictCheckListQuerySchema = pageQuerySchema;
export const conflictCheckPageSchema = pageSchema(conflictCheckRecordSchema);
