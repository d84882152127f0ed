import { teamMemberUpdateRoute, type UpdateMember } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export async function updateMember(id: string, body: UpdateMember): Promise<void> {
  await callContract(teamMemberUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}
