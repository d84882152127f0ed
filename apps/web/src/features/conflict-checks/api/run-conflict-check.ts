import { conflictCheckRunRoute, type ConflictCheckResult } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** A standalone check of any names against the firm's clients, companies, contacts and parties. */
export async function runStandaloneConflictCheck(names: string[]): Promise<ConflictCheckResult> {
  return (await callContract(conflictCheckRunRoute, { body: { names, context: 'standalone' } }, { auth: 'firm' })).data;
}
