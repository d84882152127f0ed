import { defineRoute } from '../common/route-contract.ts';
import { firmScopeQuerySchema } from '../common/fields.ts';
import { associatedClientsSchema } from './client-lookups.schemas.ts';

/**
 * The client picker's call, apart from the clients module's other contracts: every form with a
 * client select loads it, and it should not bring the client list's and form's schemas with it.
 */
export const clientAssociatedRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/client-info/get-associated-client-users',
  query: firmScopeQuerySchema,
  response: associatedClientsSchema,
});
