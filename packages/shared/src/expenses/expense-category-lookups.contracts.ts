import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { expenseCategorySchema } from './expense.schemas.ts';

/**
 * The expense form's category picker (and the settings page's list), apart from the settings
 * page's changes: the expense form loads it and should not bring the others with it.
 */
export const expenseCategoryListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/expense-flat-fees-info/get-expense-categories',
  response: z.array(expenseCategorySchema),
});
