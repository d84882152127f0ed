import { defineRoute } from '../common/route-contract.ts';
import { firmScopeQuerySchema } from '../common/fields.ts';
import { subscriptionInfoSchema } from './subscription.schemas.ts';

/** The firm's current plan: the shell's plan banner and the team page's seats read it. */
export const subscriptionInfoRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/sub-scription-master/get-subscription-info',
  query: firmScopeQuerySchema,
  response: subscriptionInfoSchema,
});

export const subscriptionContracts = { info: subscriptionInfoRoute };
