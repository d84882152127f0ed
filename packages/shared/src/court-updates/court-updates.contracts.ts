import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { courtUpdateInputSchema, courtUpdateListQuerySchema, courtUpdatePageSchema, courtUpdateSchema } from './court-update.schemas.ts';

/** Issue 17: progress notes and court updates share one prefix. */
const base = '/api/admin/progress-update';

/** IsDownlodCsv=true answers the filtered list as text/csv instead of the page. */
export const courtUpdateListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-court-updates`,
  query: courtUpdateListQuerySchema,
  response: courtUpdatePageSchema,
});

export const courtUpdateCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-court-update`,
  body: courtUpdateInputSchema,
  response: courtUpdateSchema,
  status: 201,
});

export const courtUpdateViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-court-update/:id`,
  params: idParamsSchema,
  response: courtUpdateSchema,
});

export const courtUpdateUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-court-update/:id`,
  params: idParamsSchema,
  body: courtUpdateInputSchema,
  response: courtUpdateSchema,
});

export const courtUpdateRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-court-update/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const courtUpdateContracts = {
  list: courtUpdateListRoute,
  create: courtUpdateCreateRoute,
  view: courtUpdateViewRoute,
  update: courtUpdateUpdateRoute,
  remove: courtUpdateRemoveRoute,
};
