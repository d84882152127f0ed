import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationSummarySchema, inviteMemberSchema, teamMemberSchema, teamQuerySchema, updateMemberSchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTeamService } from './team.service.ts';

const tags = ['Team'];
const base = '/api/admin/team-member-details';
const idParams = z.object({ id: z.uuid({ error: 'Id must be a valid id' }) });

export function registerTeamRoutes(app: FastifyInstance, dependencies: Parameters<typeof createTeamService>[0]) {
  const team = createTeamService(dependencies);
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Every member needs the list ('Entered By', assignees), so it asks for no permission.
  api.get(
    `${base}/get-all-user`,
    {
      config: { access: firmAccess() },
      schema: {
        tags,
        summary: "The firm's members by name (SPEC.md §7); IsForInvoiceApproval / IsForTrustRequestApproval keep only approvers",
        querystring: teamQuerySchema,
        response: answers(z.array(teamMemberSchema)),
      },
    },
    async (request) => ok('Users', await team.listMembers(firmPrincipalOf(request), request.query)),
  );
  api.post(
    `${base}/invite-user`,
    {
      config: { access: firmAccess('adminUsers.create') },
      schema: {
        tags,
        summary: 'Invite someone by email with a role; the link to /join-team/{id} works once for 7 days',
        body: inviteMemberSchema,
        response: answers(invitationSummarySchema),
      },
    },
    async (request) => ok('Invitation sent', await team.invite(firmPrincipalOf(request), request.body)),
  );
  api.get(
    `${base}/get-invitations`,
    {
      config: { access: firmAccess('adminUsers') },
      schema: { tags, summary: 'Invitations not yet accepted, newest first', response: answers(z.array(invitationSummarySchema)) },
    },
    async (request) => ok('Invitations', await team.listInvitations(firmPrincipalOf(request))),
  );
  api.delete(
    `${base}/cancel-invitation/:id`,
    {
      config: { access: firmAccess('adminUsers.delete') },
      schema: { tags, summary: 'Cancel a pending invitation: its link stops working', params: idParams, response: answers(z.null()) },
    },
    async (request) => {
      await team.cancelInvitation(firmPrincipalOf(request), request.params.id);
      return ok('Invitation cancelled', null);
    },
  );
  api.put(
    `${base}/update-user/:id`,
    {
      config: { access: firmAccess('adminUsers.edit') },
      schema: {
        tags,
        summary: "Change a member's name, role and default hourly rate",
        params: idParams,
        body: updateMemberSchema,
        response: answers(teamMemberSchema),
      },
    },
    async (request) => ok('Team member updated', await team.updateMember(firmPrincipalOf(request), request.params.id, request.body)),
  );
  api.post(
    `${base}/deactivate-user/:id`,
    {
      config: { access: firmAccess('adminUsers.delete') },
      schema: { tags, summary: 'Deactivate a member and end all their sessions', params: idParams, response: answers(z.null()) },
    },
    async (request) => {
      await team.deactivate(firmPrincipalOf(request), request.params.id);
      return ok('Team member deactivated', null);
    },
  );
  api.post(
    `${base}/reactivate-user/:id`,
    {
      config: { access: firmAccess('adminUsers.edit') },
      schema: { tags, summary: 'Reactivate a member, if the plan has a free seat', params: idParams, response: answers(z.null()) },
    },
    async (request) => {
      await team.reactivate(firmPrincipalOf(request), request.params.id);
      return ok('Team member reactivated', null);
    },
  );
}
