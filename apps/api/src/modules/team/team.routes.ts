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
      description:
        'Answers the active members (all with IncludeInactive=true) with their role, default rate and LEDES details, for pickers and the team page.',
    },
    async (request) => ok('Users', await team.listMembers(firmPrincipalOf(request), request.query)),
  );
  route(
    contracts.invite,
    {
      access: firmAccess('adminUsers.create'),
      summary: 'Invite someone by email with a role; the link to /join-team/{id} works once for 7 days',
      description:
        'Emails the invitation and answers it; a pending invitation takes a seat. Refused with 409 when the email is already a member, the plan has no free seat, or the same invitation is being sent; ' +
        '403 when someone other than an administrator gives the Administrator role. An email with an account in another firm is told by email instead, with the same answer.',
    },
    async (request) => ok('Invitation sent', await team.invite(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.invitations,
    {
      access: firmAccess('adminUsers'),
      summary: 'Invitations not yet accepted, newest first',
      description: 'Answers the invitations still pending: not accepted, cancelled or expired.',
    },
    async (request) => ok('Invitations', await team.listInvitations(firmPrincipalOf(request))),
  );
  route(
    contracts.cancelInvitation,
    {
      access: firmAccess('adminUsers.delete'),
      summary: 'Cancel a pending invitation: its link stops working',
      description: 'Frees the seat the invitation held; one that is not pending (accepted, cancelled, expired or unknown) answers 404.',
    },
    async (request) => {
      await team.cancelInvitation(firmPrincipalOf(request), request.params.id);
      return ok('Invitation cancelled', null);
    },
  );
  route(
    contracts.update,
    {
      access: firmAccess('adminUsers.edit'),
      summary: "Change a member's name, role and default hourly rate",
      description:
        'Answers the member as saved; a new role applies to their next call. Refused with 409 when it would leave the firm without an administrator, 403 when someone other than an administrator ' +
        'gives, takes or changes the Administrator role, 404 for an unknown member or role.',
    },
    async (request) => ok('Team member updated', await team.updateMember(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.deactivate,
    {
      access: firmAccess('adminUsers.delete'),
      summary: 'Deactivate a member and end all their sessions, handing their open matters and timer to a colleague',
      description:
        'The member can no longer sign in and frees their seat; their records stay. Their timer stops; reassignToUserId takes their place on their open matters and receives the timer’s unrecorded time. ' +
        'Refused with 400 for yourself or an inactive colleague, 409 for the last administrator or the owner (transfer ownership first), 403 when someone other than an administrator deactivates one.',
    },
    async (request) => {
      await team.deactivate(firmPrincipalOf(request), request.params.id, request.body ?? {});
      return ok('Team member deactivated', null);
    },
  );
  route(
    contracts.reactivate,
    {
      access: firmAccess('adminUsers.edit'),
      summary: 'Reactivate a member, if the plan has a free seat',
      description:
        'The member may sign in again with their old password and role; refused with 409 when the plan has no free seat. An active member is left as is.',
    },
    async (request) => {
      await team.reactivate(firmPrincipalOf(request), request.params.id);
      return ok('Team member reactivated', null);
    },
  );
  route(
    contracts.deactivationPreview,
    {
      access: firmAccess('adminUsers.delete'),
      summary: 'What deactivating a member would hand over: open matters, timer, and whether they own the firm',
    },
    async (request) => ok('Deactivation preview', await team.deactivationPreview(firmPrincipalOf(request), request.params.id)),
  );
  route(
    contracts.transferOwnership,
    {
      access: firmAccess('administrator'),
      summary: 'The owner hands the firm’s ownership to another active member (who becomes an administrator)',
      description: '403 unless the caller owns the firm; 400 for an inactive member or yourself. Both are emailed; audited.',
    },
    async (request) => {
      await team.transferOwnership(firmPrincipalOf(request), request.params.id);
      return ok('Ownership transferred', null);
    },
  );
}
