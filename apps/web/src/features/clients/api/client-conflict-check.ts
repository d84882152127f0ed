import { conflictCheckResultSchema, type ConflictCheckResult } from '@matterhorn/shared';
import { apiMutate, apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

export type ClientConflictDecision = 'no_conflict' | 'proceed_despite_conflict' | 'declined';

/** Checks the client's names against every client, company, contact and party of the firm. */
export async function runClientConflictCheck(names: string[]): Promise<ConflictCheckResult> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/conflict-check/run-conflict-check', {
    method: 'POST',
    auth: 'firm',
    body: { names, context: 'client' },
  });
  return conflictCheckResultSchema.parse(envelope.data);
}

export async function recordClientConflictDecision(
  conflictCheckId: string,
  decision: ClientConflictDecision,
  notes: string,
  options: { silent?: boolean } = {},
): Promise<void> {
  await apiMutate<unknown>(
    `/admin/conflict-check/record-decision/${encodeURIComponent(conflictCheckId)}`,
    { decision, notes: notes.trim() === '' ? null : notes.trim() },
    { auth: 'firm', toastSuccess: false, silent: options.silent },
  );
}
