import { matterCreateRoute, type MatterInput, matterUpdateRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** POST create-matter; answers the new matter's id (the success message toasts). */
export async function createMatter(body: MatterInput, idempotencyKey?: string): Promise<string> {
  const answer = await callContract(matterCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey });
  return answer.data.id;
}

/** PUT update-matter/{id}: replaces assignees, parties and practice areas. */
export async function updateMatter(matterId: string, body: MatterInput): Promise<void> {
  await callContract(matterUpdateRoute, { params: { id: matterId }, body }, { auth: 'firm', toastSuccess: true });
}
