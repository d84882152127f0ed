import { teamInvitationListRoute, type InvitationSummary } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const INVITATIONS_KEY = ['team', 'invitations'] as const;

export async function getInvitations(): Promise<InvitationSummary[]> {
  return (await callContract(teamInvitationListRoute, {}, { auth: 'firm' })).data;
}

export const invitationsQuery = queryOptions({ queryKey: INVITATIONS_KEY, queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQuery);
}
