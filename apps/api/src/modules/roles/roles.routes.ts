import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionGroupSchema, roleInputSchema, roleSchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createRolesService, permissionGroups } from './roles.service.ts';

const tags = ['Roles'];
const base = '/api/admin/admin-roles';
const idParams = z.object({ id: z.uuid({ error: 'Id must be a valid id' }) });

export function registerRolesRoutes(app: FastifyInstance, database: Database) {
  const roles = createRolesService(database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/get-permission-list`,
    {
      config: { access: firmAccess('adminRoles') },
      schema: {
        tags,
        summary: 'Every permission name of SPEC.md §6, grouped by resource',
        response: answers(z.array(permissionGroupSchema)),
      },
    },
    async () => ok('Permissions', permissionGroups()),
  );
  api.get(
    `${base}/get-roles`,
    {
      config: { access: firmAccess('adminRoles') },
      schema: { tags, summary: "The firm's roles with their permissions and active member counts", response: answers(z.array(roleSchema)) },
    },
    async (request) => ok('Roles', await roles.list(firmPrincipalOf(request))),
  );
  api.post(
    `${base}/create-role`,
    {
      config: { access: firmAccess('adminRoles.create') },
      schema: { tags, summary: 'Create a role from permission names', body: roleInputSchema, response: answers(roleSchema) },
    },
    async (request) => ok('Role created', await roles.create(firmPrincipalOf(request), request.body)),
  );
  api.put(
    `${base}/update-role/:id`,
    {
      config: { access: firmAccess('adminRoles.edit') },
      schema: {
        tags,
        summary: "Rename a role or change its permissions (members' access changes at once)",
        params: idParams,
        body: roleInputSchema,
        response: answers(roleSchema),
      },
    },
    async (request) => ok('Role updated', await roles.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  api.delete(
    `${base}/delete-role/:id`,
    {
      config: { access: firmAccess('adminRoles.delete') },
      schema: { tags, summary: 'Delete a role nobody holds', params: idParams, response: answers(z.null()) },
    },
    async (request) => {
      await roles.remove(firmPrincipalOf(request), request.params.id);
      return ok('Role deleted', null);
    },
  );
}
