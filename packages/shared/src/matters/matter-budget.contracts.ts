import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { matterBudgetInputSchema, matterBudgetQuerySchema, matterBudgetSchema } from './matter-budget.schemas.ts';

const base = '/api/admin/matter-master';

export const matterBudgetRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-matter-budget`,
  query: matterBudgetQuerySchema,
  response: matterBudgetSchema,
});

export const matterBudgetSaveRoute = defineRoute({
  method: 'PUT',
  path: `${base}/save-matter-budget/:id`,
  params: idParamsSchema,
  body: matterBudgetInputSchema,
  response: matterBudgetSchema,
});

export const matterBudgetContracts = {
  view: matterBudgetRoute,
  save: matterBudgetSaveRoute,
};
