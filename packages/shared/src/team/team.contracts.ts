import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { invitationSummarySchema, inviteMemberSchema, teamMemberSchema, updateMemberSchema } from './team.schemas.ts';
import { teamMemberListRoute } from './team-lookups.contracts.ts';

const base = '/api/admin/team-member-details';
/** The team routes' own `:id` message, kept as the server has always answered it. */
const memberIdParamsSchema = z.object({
  id: z.uuid({ error: 'Id must be a valid id' }).describe('The member’s user id (a UUID); for cancel-invitation, the invitation’s id.'),
});

/** Answers 200, not 201, as it always has. */
export const teamInviteRoute = defineRoute({
  method: 'POST',
  path: `${base}/invite-user`,
  body: inviteMemberSchema,
  response: invitationSummarySchema,
});

export const teamInvitationListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-invitations`,
  response: z.array(invitationSummarySchema),
});

export const teamInvitationCancelRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/cancel-invitation/:id`,
  params: memberIdParamsSchema,
  response: z.null(),
});

export const teamMemberUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-user/:id`,
  params: memberIdParamsSchema,
  body: updateMemberSchema,
  response: teamMemberSchema,
});

export const teamMemberDeactivateRoute = defineRoute({
  method: 'POST',
  path: `${base}/deactivate-user/:id`,
  params: memberIdParamsSchema,
  response: z.null(),
});

export const teamMemberReactivateRoute = defineRoute({
  method: 'POST',
  path: `${base}/reactivate-user/:id`,
  params: memberIdParamsSchema,
  response: z.null(),
});

export const teamContracts = {
  members: teamMemberListRoute,
  invite: teamInviteRoute,
  invitations: teamInvitationListRoute,
  cancelInvitation: teamInvitationCancelRoute,
  update: teamMemberUpdateRoute,
  deactivate: teamMemberDeactivateRoute,
  reactivate: teamMemberReactivateRoute,
};
