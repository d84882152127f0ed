import { teamMemberListRoute, type TeamMember } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

/**
 * Everyone in the firm, deactivated members included: the team page lists both, and a time entry
 * by someone since deactivated still shows their name. Pickers of new work take `activeMembers`.
 */
export const teamMembersQuery = queryOptions({
  queryKey: lookupKeys.teamMembers(),
  queryFn: async (): Promise<TeamMember[]> => (await listContract(teamMemberListRoute, { query: { IncludeInactive: true } }, 'firm')) ?? [],
});

/** The members a matter can be assigned to (a `select` over the one cached list). */
export function activeMembers(members: TeamMember[]): TeamMember[] {
  return members.filter((member) => member.isActive);
}
