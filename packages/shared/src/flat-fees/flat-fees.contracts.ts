import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { flatFeeInputSchema, flatFeeListQuerySchema, flatFeePageSchema, flatFeeSchema } from './flat-fee.schemas.ts';

/** SPEC.md §7: expenses and flat fees share one prefix. */
const base = '/api/admin/expense-flat-fees-info';

/** IsDownlodCsv=true answers text/csv instead of the page (the server sends the stream itself). */
export const flatFeeListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-flat-fees-list`,
  query: flatFeeListQuerySchema,
  response: flatFeePageSchema,
});

export const flatFeeCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-flat-fee`,
  body: flatFeeInputSchema,
  response: flatFeeSchema,
  status: 201,
});

export const flatFeeViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-flat-fee/:id`,
  params: idParamsSchema,
  response: flatFeeSchema,
});

export const flatFeeUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-flat-fee/:id`,
  params: idParamsSchema,
  body: flatFeeInputSchema,
  response: flatFeeSchema,
});

export const flatFeeRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-flat-fee/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const flatFeeContracts = {
  list: flatFeeListRoute,
  create: flatFeeCreateRoute,
  view: flatFeeViewRoute,
  update: flatFeeUpdateRoute,
  remove: flatFeeRemoveRoute,
};
