import type { InviteMember } from '@matterhorn/shared';
import { apiMutate } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

export async function inviteMember(body: InviteMember): Promise<void> {
  const envelope = await apiMutate<unknown>('/admin/team-member-details/invite-user', body, { auth: 'firm', toastSuccess: false });
  toast.success(envelope.message || `Invitation sent to ${body.email}`);
}
