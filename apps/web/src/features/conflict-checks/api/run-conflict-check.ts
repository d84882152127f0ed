import { conflictCheckResultSchema, type ConflictCheckResult } from '@matterhorn/shared';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/** A standalone check of any names against the firm's clients, companies, contacts and parties. */
export async function runStandaloneConflictCheck(names: string[]): Promise<ConflictCheckResult> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/conflict-check/run-conflict-check', {
    method: 'POST',
    auth: 'firm',
    body: { names, context: 'standalone' },
  });
  return conflictCheckResultSchema.parse(envelope.data);
}
