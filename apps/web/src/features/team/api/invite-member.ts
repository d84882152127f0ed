import { teamInviteRoute, type InviteMember } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';
import { toast } from '../../../lib/toasts.ts';

export async function inviteMember(body: InviteMember): Promise<void> {
  const envelope = await callContract(teamInviteRoute, { body }, { auth: 'firm' });
  toast.success(envelope.message || `Invitation sent to ${body.email}`);
}
