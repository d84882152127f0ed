import { teamMemberSchema, type TeamMember } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList } from '../../../lib/api-client.ts';

/** The firm's active members: the fee earners a matter can be assigned to. */
export async function getTeamMembers(): Promise<TeamMember[]> {
  const data = await apiList<unknown>('/admin/team-member-details/get-all-user', undefined, 'firm');
  const parsed = z.array(teamMemberSchema).safeParse(data);
  return parsed.success ? parsed.data.filter((member) => member.isActive) : [];
}

export const teamMembersQuery = queryOptions({ queryKey: ['team-members'], queryFn: getTeamMembers });

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}
