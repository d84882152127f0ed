import type { UpdateMember } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

export async function updateMember(id: string, body: UpdateMember): Promise<void> {
  await apiMutate<unknown>(`/admin/team-member-details/update-user/${encodeURIComponent(id)}`, body, { method: 'PUT', auth: 'firm' });
}
