import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { teamMemberSchema, teamQuerySchema } from './team.schemas.ts';

/**
 * The members picker's call ('Entered By', assignees), apart from the team page's contracts: the
 * shell's lookups load it on every page, and it should not bring the team page's calls with it.
 */
export const teamMemberListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/team-member-details/get-all-user',
  query: teamQuerySchema,
  response: z.array(teamMemberSchema),
});
