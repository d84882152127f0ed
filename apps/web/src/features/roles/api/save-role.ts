import type { RoleInput } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';

export async function createRole(body: RoleInput): Promise<void> {
  await apiMutate<unknown>('/admin/admin-roles/create-role', body, { auth: 'firm' });
}

export async function updateRole(id: string, body: RoleInput): Promise<void> {
  await apiMutate<unknown>(`/admin/admin-roles/update-role/${encodeURIComponent(id)}`, body, { method: 'PUT', auth: 'firm' });
}
