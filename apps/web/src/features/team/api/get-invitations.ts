import { invitationSummarySchema, type InvitationSummary } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export const INVITATIONS_KEY = ['team', 'invitations'] as const;

export async function getInvitations(): Promise<InvitationSummary[]> {
  const data = await apiGet<unknown>('/admin/team-member-details/get-invitations', undefined, 'firm');
  return parseList(invitationSummarySchema, data);
}

export const invitationsQuery = queryOptions({ queryKey: INVITATIONS_KEY, queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQuery);
}
