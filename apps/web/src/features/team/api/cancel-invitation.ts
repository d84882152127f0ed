import { teamInvitationCancelRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export async function cancelInvitation(id: string): Promise<void> {
  await callContract(teamInvitationCancelRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
