import { roleRemoveRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export async function deleteRole(id: string): Promise<void> {
  await callContract(roleRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
