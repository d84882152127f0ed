import { conflictCheckResultSchema, type ConflictCheckResult, type CONFLICT_DECISIONS } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

export type ConflictDecision = (typeof CONFLICT_DECISIONS)[number];

/** POST run-conflict-check: fuzzy matches of the names across the firm's clients and parties. */
export async function runConflictCheck(names: string[]): Promise<ConflictCheckResult> {
  const envelope = await apiMutate<unknown>(
    '/admin/conflict-check/run-conflict-check',
    { names, context: 'matter' },
    { auth: 'firm', toastSuccess: false },
  );
  return conflictCheckResultSchema.parse(envelope.data);
}

/** POST record-decision/{id}: who decided what is kept with the check. */
export async function recordConflictDecision(conflictCheckId: string, decision: ConflictDecision, notes: string | null): Promise<void> {
  await apiMutate<unknown>(
    `/admin/conflict-check/record-decision/${encodeURIComponent(conflictCheckId)}`,
    { decision, notes },
    { auth: 'firm', toastSuccess: false },
  );
}
