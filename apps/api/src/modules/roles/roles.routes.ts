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
    { access: firmAccess('adminRoles'), summary: 'Every permission name of SPEC.md §6, grouped by resource' },
    async () => ok('Permissions', permissionGroups()),
  );
  route(
    contracts.list,
    { access: firmAccess('adminRoles'), summary: "The firm's roles with their permissions and active member counts" },
    async (request) => ok('Roles', await roles.list(firmPrincipalOf(request))),
  );
  route(contracts.create, { access: firmAccess('adminRoles.create'), summary: 'Create a role from permission names' }, async (request) =>
    ok('Role created', await roles.create(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.update,
    { access: firmAccess('adminRoles.edit'), summary: "Rename a role or change its permissions (members' access changes at once)" },
    async (request) => ok('Role updated', await roles.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(contracts.remove, { access: firmAccess('adminRoles.delete'), summary: 'Delete a role nobody holds' }, async (request) => {
    await roles.remove(firmPrincipalOf(request), request.params.id);
    return ok('Role deleted', null);
  });
}
