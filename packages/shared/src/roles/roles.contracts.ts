import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { permissionGroupSchema, roleInputSchema, roleSchema } from '../team/team.schemas.ts';

const base = '/api/admin/admin-roles';
/** The roles routes' own `:id` message, kept as the server has always answered it. */
const roleIdParamsSchema = z.object({ id: z.uuid({ error: 'Id must be a valid id' }).describe('The role’s id (a UUID).') });

export const permissionListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-permission-list`,
  response: z.array(permissionGroupSchema),
});

export const roleListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-roles`,
  response: z.array(roleSchema),
});

/** Answers 200, not 201, as it always has. */
export const roleCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-role`,
  body: roleInputSchema,
  response: roleSchema,
});

export const roleUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-role/:id`,
  params: roleIdParamsSchema,
  body: roleInputSchema,
  response: roleSchema,
});

export const roleRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-role/:id`,
  params: roleIdParamsSchema,
  response: z.null(),
});

export const roleContracts = {
  permissionList: permissionListRoute,
  list: roleListRoute,
  create: roleCreateRoute,
  update: roleUpdateRoute,
  remove: roleRemoveRoute,
};
