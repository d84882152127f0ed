import { teamMemberSchema, type TeamMember } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export const TEAM_MEMBERS_KEY = ['team', 'members'] as const;

/** Everyone in the firm, deactivated members included (the team page shows both). */
export async function getTeamMembers(): Promise<TeamMember[]> {
  const data = await apiGet<unknown>('/admin/team-member-details/get-all-user', { IncludeInactive: true }, 'firm');
  return parseList(teamMemberSchema, data);
}

export const teamMembersQuery = queryOptions({ queryKey: TEAM_MEMBERS_KEY, queryFn: getTeamMembers });

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}
