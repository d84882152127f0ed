import { clientCreateRoute, type ClientInput, clientUpdateRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export type SavedClient = { id: string };

/** The success toast shows the server's message. */
export async function createClient(input: ClientInput, idempotencyKey?: string): Promise<SavedClient> {
  const answer = await callContract(clientCreateRoute, { body: input }, { auth: 'firm', toastSuccess: true, idempotencyKey });
  return { id: answer.data.id };
}

/** Replaces the client's details and contacts. */
export async function updateClient(id: string, input: ClientInput): Promise<SavedClient> {
  const answer = await callContract(clientUpdateRoute, { params: { id }, body: input }, { auth: 'firm', toastSuccess: true });
  return { id: answer.data.id };
}
