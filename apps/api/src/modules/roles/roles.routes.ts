import type { FastifyInstance } from 'fastify';
import { roleContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createRolesService, permissionGroups } from './roles.service.ts';

export function registerRolesRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Roles']);
  const roles = createRolesService(database);

  route(
    contracts.permissionList,
    {
      access: firmAccess('adminRoles'),
      summary: 'Every permission name of SPEC.md §6, grouped by resource',
      description:
        'Answers the names a role may grant, for the roles page: one group per resource, then Other for the special names; the same for every firm.',
    },
    async () => ok('Permissions', permissionGroups()),
  );
  route(
    contracts.list,
    {
      access: firmAccess('adminRoles'),
      summary: "The firm's roles with their permissions and active member counts",
      description: 'Answers every role of the firm, the built-in ones (isSystem) included.',
    },
    async (request) => ok('Roles', await roles.list(firmPrincipalOf(request))),
  );
  route(
    contracts.create,
    {
      access: firmAccess('adminRoles.create'),
      summary: 'Create a role from permission names',
      description:
        'Answers the new role (with 200). Refused with 400 for an unknown permission name, 409 for a name the firm already uses (ignoring case), and 403 when someone other than an administrator grants administrator.',
    },
    async (request) => ok('Role created', await roles.create(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.update,
    {
      access: firmAccess('adminRoles.edit'),
      summary: "Rename a role or change its permissions (members' access changes at once)",
      description:
        'Replaces the role’s name and permissions and answers it. Refused with 409 for the built-in Administrator role, a name already used, or taking administrator from the last administrators; ' +
        '403 when someone other than an administrator touches administrator; 400 for an unknown permission name.',
    },
    async (request) => ok('Role updated', await roles.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    contracts.remove,
    {
      access: firmAccess('adminRoles.delete'),
      summary: 'Delete a role nobody holds',
      description:
        'Deletes the role for good. Refused with 409 for the built-in Administrator role, or while any member or pending invitation holds it; 404 when unknown.',
    },
    async (request) => {
      await roles.remove(firmPrincipalOf(request), request.params.id);
      return ok('Role deleted', null);
    },
  );
}
