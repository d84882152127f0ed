import {
  conflictCheckDecisionRoute,
  conflictCheckRunRoute,
  type CONFLICT_CONTEXTS,
  type CONFLICT_DECISIONS,
  type ConflictCheckResult,
} from '@matterhorn/shared';
import { callContract } from './api/call-contract.ts';

export type ConflictDecision = (typeof CONFLICT_DECISIONS)[number];
export type ConflictContext = (typeof CONFLICT_CONTEXTS)[number];

/** POST run-conflict-check: fuzzy matches of the names across the firm's clients, contacts and parties. */
export async function runConflictCheck(names: string[], context: ConflictContext): Promise<ConflictCheckResult> {
  return (await callContract(conflictCheckRunRoute, { body: { names, context } }, { auth: 'firm' })).data;
}

/** POST record-decision/{id}: who decided what is kept with the check (empty notes are none). */
export async function recordConflictDecision(
  conflictCheckId: string,
  decision: ConflictDecision,
  notes: string | null,
  options: { toastSuccess?: boolean } = {},
): Promise<void> {
  const trimmed = notes?.trim() ?? '';
  await callContract(
    conflictCheckDecisionRoute,
    { params: { id: conflictCheckId }, body: { decision, notes: trimmed === '' ? null : trimmed } },
    { auth: 'firm', toastSuccess: options.toastSuccess ?? false },
  );
}
