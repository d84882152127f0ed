import { apiMutate } from '../../../lib/api-client.ts';

/** Deactivating ends the member's sessions at once (the server revokes them). */
export async function deactivateMember(id: string): Promise<void> {
  await apiMutate<unknown>(`/admin/team-member-details/deactivate-user/${encodeURIComponent(id)}`, undefined, { auth: 'firm' });
}

export async function reactivateMember(id: string): Promise<void> {
  await apiMutate<unknown>(`/admin/team-member-details/reactivate-user/${encodeURIComponent(id)}`, undefined, { auth: 'firm' });
}
