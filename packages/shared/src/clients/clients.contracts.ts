import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { clientAssociatedRoute } from './client-lookups.contracts.ts';
import { clientDetailSchema, clientInputSchema, clientListQuerySchema, clientPageSchema } from './client.schemas.ts';
import { idParamsSchema } from '../common/fields.ts';

const base = '/api/admin/client-info';

export const clientListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-clients-list`,
  query: clientListQuerySchema,
  response: clientPageSchema,
});

export const clientViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-client/:id`,
  params: idParamsSchema,
  response: clientDetailSchema,
});

export const clientCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-client`,
  body: clientInputSchema,
  response: clientDetailSchema,
  status: 201,
});

export const clientUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-client/:id`,
  params: idParamsSchema,
  body: clientInputSchema,
  response: clientDetailSchema,
});

export const clientRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-client/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const clientRestoreRoute = defineRoute({
  method: 'POST',
  path: `${base}/restore-client/:id`,
  params: idParamsSchema,
  response: clientDetailSchema,
});

export const clientInviteToPortalRoute = defineRoute({
  method: 'POST',
  path: `${base}/invite-to-portal/:id`,
  params: idParamsSchema,
  response: clientDetailSchema,
});

export const clientRevokePortalRoute = defineRoute({
  method: 'POST',
  path: `${base}/revoke-portal/:id`,
  params: idParamsSchema,
  response: clientDetailSchema,
});

export const clientContracts = {
  associated: clientAssociatedRoute,
  list: clientListRoute,
  view: clientViewRoute,
  create: clientCreateRoute,
  update: clientUpdateRoute,
  remove: clientRemoveRoute,
  restore: clientRestoreRoute,
  inviteToPortal: clientInviteToPortalRoute,
  revokePortal: clientRevokePortalRoute,
};
