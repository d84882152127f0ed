import type { CONFLICT_DECISIONS } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

export type ConflictDecision = (typeof CONFLICT_DECISIONS)[number];

export async function recordConflictDecision(conflictCheckId: string, decision: ConflictDecision, notes: string): Promise<void> {
  await apiMutate<unknown>(
    `/admin/conflict-check/record-decision/${encodeURIComponent(conflictCheckId)}`,
    { decision, notes: notes.trim() === '' ? null : notes.trim() },
    { auth: 'firm' },
  );
}
