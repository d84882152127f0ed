import type { MatterInput } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

type Saved = { id?: string } | null;

/** POST create-matter; answers the new matter's id (the success message toasts). */
export async function createMatter(body: MatterInput, idempotencyKey?: string): Promise<string> {
  const envelope = await apiMutate<Saved>('/admin/matter-master/create-matter', body, { auth: 'firm', idempotencyKey });
  const id = envelope.data?.id;
  if (!id) throw new Error('The new matter has no id');
  return id;
}

/** PUT update-matter/{id}: replaces assignees, parties and practice areas. */
export async function updateMatter(matterId: string, body: MatterInput): Promise<void> {
  await apiMutate<unknown>(`/admin/matter-master/update-matter/${encodeURIComponent(matterId)}`, body, { method: 'PUT', auth: 'firm' });
}
