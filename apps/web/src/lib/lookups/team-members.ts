import { teamMemberSchema, type TeamMember } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiList } from '../api-client.ts';
import { parseList } from '../parse-list.ts';
import { lookupKeys } from './lookup-keys.ts';

/**
 * Everyone in the firm, deactivated members included: the team page lists both, and a time entry
 * by someone since deactivated still shows their name. Pickers of new work take `activeMembers`.
 */
export const teamMembersQuery = queryOptions({
  queryKey: lookupKeys.teamMembers(),
  queryFn: async (): Promise<TeamMember[]> =>
    parseList(teamMemberSchema, await apiList<unknown>('/admin/team-member-details/get-all-user', { IncludeInactive: true }, 'firm')),
});

/** The members a matter can be assigned to (a `select` over the one cached list). */
export function activeMembers(members: TeamMember[]): TeamMember[] {
  return members.filter((member) => member.isActive);
}
