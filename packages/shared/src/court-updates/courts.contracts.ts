import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { firmScopeQuerySchema, idParamsSchema } from '../common/fields.ts';
import { courtInputSchema, courtSchema } from './court-update.schemas.ts';

/**
 * The firm's courts, apart from the court updates' own contracts: the court calendar's filter
 * loads the list too, and should not bring the court update form's and list's schemas with it.
 */
const base = '/api/admin/progress-update/courts';

export const courtListRoute = defineRoute({
  method: 'GET',
  path: base,
  query: firmScopeQuerySchema,
  response: z.array(courtSchema),
});

export const courtCreateRoute = defineRoute({
  method: 'POST',
  path: base,
  body: courtInputSchema,
  response: courtSchema,
  status: 201,
});

export const courtEditRoute = defineRoute({
  method: 'PUT',
  path: `${base}/:id`,
  params: idParamsSchema,
  body: courtInputSchema,
  response: courtSchema,
});

export const courtRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const courtContracts = {
  list: courtListRoute,
  create: courtCreateRoute,
  update: courtEditRoute,
  remove: courtRemoveRoute,
};
