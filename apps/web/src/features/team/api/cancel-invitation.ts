import { apiRequest } from '../../../lib/api-client.ts';

export async function cancelInvitation(id: string): Promise<void> {
  await apiRequest(`/admin/team-member-details/cancel-invitation/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
}
