import { roleCreateRoute, type RoleInput, roleUpdateRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export async function createRole(body: RoleInput): Promise<void> {
  await callContract(roleCreateRoute, { body }, { auth: 'firm', toastSuccess: true });
}

export async function updateRole(id: string, body: RoleInput): Promise<void> {
  await callContract(roleUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}
