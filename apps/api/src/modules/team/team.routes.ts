import type { FastifyInstance } from 'fastify';
import { teamContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createTeamService } from './team.service.ts';

const tags = ['Team'];

export function registerTeamRoutes(app: FastifyInstance, dependencies: Parameters<typeof createTeamService>[0]) {
  const team = createTeamService(dependencies);
  const route = contractRoutes(app, tags);

  // Every member needs the list ('Entered By', assignees), so it asks for no permission.
  route(
    contracts.members,
    {
      access: firmAccess(),
      summary: "The firm's members by name (SPEC.md §7); IsForInvoiceApproval / IsForTrustRequestApproval keep only approvers",
    },
    async (request) => ok('Users', await team.listMembers(firmPrincipalOf(request), request.query)),
  );
  route(
    contracts.invite,
    {
      access: firmAccess('adminUsers.create'),
      summary: 'Invite someone by email with a role; the link to /join-team/{id} works once for 7 days',
    },
    async (request) => ok('Invitation sent', await team.invite(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.invitations,
    { access: firmAccess('adminUsers'), summary: 'Invitations not yet accepted, newest first' },
    async (request) => ok('Invitations', await team.listInvitations(firmPrincipalOf(request))),
  );
  route(
    contracts.cancelInvitation,
    { access: firmAccess('adminUsers.delete'), summary: 'Cancel a pending invitation: its link stops working' },
    async (request) => {
      await team.cancelInvitation(firmPrincipalOf(request), request.params.id);
      return ok('Invitation cancelled', null);
    },
  );
  route(
    contracts.update,
    { access: firmAccess('adminUsers.edit'), summary: "Change a member's name, role and default hourly rate" },
    async (request) => ok('Team member updated', await team.updateMember(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.deactivate,
    { access: firmAccess('adminUsers.delete'), summary: 'Deactivate a member and end all their sessions' },
    async (request) => {
      await team.deactivate(firmPrincipalOf(request), request.params.id);
      return ok('Team member deactivated', null);
    },
  );
  route(
    contracts.reactivate,
    { access: firmAccess('adminUsers.edit'), summary: 'Reactivate a member, if the plan has a free seat' },
    async (request) => {
      await team.reactivate(firmPrincipalOf(request), request.params.id);
      return ok('Team member reactivated', null);
    },
  );
}
