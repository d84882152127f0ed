import { teamMemberDeactivateRoute, teamMemberReactivateRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Deactivating ends the member's sessions at once (the server revokes them); a colleague may take over their open matters and timer. */
export async function deactivateMember(id: string, reassignToUserId: string | null = null): Promise<void> {
  await callContract(teamMemberDeactivateRoute, { params: { id }, body: { reassignToUserId } }, { auth: 'firm', toastSuccess: true });
}

export async function reactivateMember(id: string): Promise<void> {
  await callContract(teamMemberReactivateRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
