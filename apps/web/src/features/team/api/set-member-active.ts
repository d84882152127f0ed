import { teamMemberDeactivateRoute, teamMemberReactivateRoute } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** Deactivating ends the member's sessions at once (the server revokes them). */
export async function deactivateMember(id: string): Promise<void> {
  await callContract(teamMemberDeactivateRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export async function reactivateMember(id: string): Promise<void> {
  await callContract(teamMemberReactivateRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
