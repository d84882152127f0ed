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

/** Who takes over a departing member's open matters and timer (issue 39); left out: no one (matters keep them, the timer stops). */
export const deactivateMemberSchema = z.strictObject({
  reassignToUserId: z
    .uuid({ error: 'Choose the colleague who takes over' })
    .nullish()
    .describe('The active colleague who takes the member’s place on their open matters and receives their timer’s unrecorded time.'),
});
export type DeactivateMemberInput = z.input<typeof deactivateMemberSchema>;

export const teamMemberDeactivateRoute = defineRoute({
  method: 'POST',
  path: `${base}/deactivate-user/:id`,
  params: memberIdParamsSchema,
  body: deactivateMemberSchema.nullish(),
  response: z.null(),
});

/** What deactivating a member would hand over, for the dialog to say before it is done. */
export const deactivationPreviewSchema = z.object({
  openMatters: z.number().int().describe('Open matters the member is assigned to.'),
  timerSeconds: z.number().int().describe('Unrecorded seconds on the member’s timer (0: none).'),
  timerRunning: z.boolean().describe('True while their timer runs.'),
  isOwner: z.boolean().describe('True for the firm’s owner, who cannot be deactivated before ownership is transferred.'),
});
export type DeactivationPreview = z.infer<typeof deactivationPreviewSchema>;

export const teamMemberDeactivationPreviewRoute = defineRoute({
  method: 'GET',
  path: `${base}/deactivation-preview/:id`,
  params: memberIdParamsSchema,
  response: deactivationPreviewSchema,
});

/** The firm's owner hands ownership to another active member, who becomes an administrator. */
export const teamOwnershipTransferRoute = defineRoute({
  method: 'POST',
  path: `${base}/transfer-ownership/:id`,
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
  deactivationPreview: teamMemberDeactivationPreviewRoute,
  reactivate: teamMemberReactivateRoute,
  transferOwnership: teamOwnershipTransferRoute,
};
