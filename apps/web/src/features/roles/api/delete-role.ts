import { apiRequest } from '../../../lib/api-client.ts';

export async function deleteRole(id: string): Promise<void> {
  await apiRequest(`/admin/admin-roles/delete-role/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'firm', toastSuccess: true });
}
