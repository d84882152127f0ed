import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { expenseCategoryInputSchema, expenseCategorySchema } from './expense.schemas.ts';
import { expenseCategoryListRoute } from './expense-category-lookups.contracts.ts';

/** SPEC.md §7: expense categories share the expenses' prefix. */
const base = '/api/admin/expense-flat-fees-info';

export const expenseCategoryCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-expense-category`,
  body: expenseCategoryInputSchema,
  response: expenseCategorySchema,
  status: 201,
});

export const expenseCategoryUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-expense-category/:id`,
  params: idParamsSchema,
  body: expenseCategoryInputSchema,
  response: expenseCategorySchema,
});

export const expenseCategoryRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-expense-category/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const expenseCategoryContracts = {
  list: expenseCategoryListRoute,
  create: expenseCategoryCreateRoute,
  update: expenseCategoryUpdateRoute,
  remove: expenseCategoryRemoveRoute,
};
