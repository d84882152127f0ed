import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { matterNameSchema, matterNamesQuerySchema } from './matter-lookups.schemas.ts';

/**
 * The matter picker's call, apart from the matters module's other contracts: every form with a
 * matter select loads it, and it should not bring the matter list's, view's and form's schemas with it.
 */
export const matterNamesOfClientRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/matter-master/get-matter-name-using-client',
  query: matterNamesQuerySchema,
  response: z.array(matterNameSchema),
});
