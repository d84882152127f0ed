import { defineRoute } from '../common/route-contract.ts';
import { firmScopeQuerySchema } from '../common/fields.ts';
import { z } from 'zod';
import {
  billingHistoryItemSchema,
  planChangeInputSchema,
  planChangePreviewSchema,
  planChangeResultSchema,
  planListSchema,
} from './plan-catalogue.schemas.ts';
import { subscriptionInfoSchema } from './subscription.schemas.ts';

/** The firm's current plan: the shell's plan banner and the team page's seats read it. */
export const subscriptionInfoRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/sub-scription-master/get-subscription-info',
  query: firmScopeQuerySchema,
  response: subscriptionInfoSchema,
});

/** The plans the firm can choose, priced in its billing currency (the select-plan page). */
export const planListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/sub-scription-master/get-plans',
  query: firmScopeQuerySchema,
  response: planListSchema,
});

/** What a change of plan, interval or seats costs today and from the next billing date; changes nothing. */
export const planChangePreviewRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/sub-scription-master/preview-change',
  body: planChangeInputSchema,
  response: planChangePreviewSchema,
});

/** Makes the change: a checkout to pay today's part, or a change scheduled for the next billing date. */
export const planChangeRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/sub-scription-master/change-plan',
  body: planChangeInputSchema,
  response: planChangeResultSchema,
});

/** Cancel: the paid period runs to its end, then read-only; nothing more is billed. */
export const cancelSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/sub-scription-master/cancel',
  response: subscriptionInfoSchema,
});

/** Undo a cancellation before the paid period ends. */
export const reactivateSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/sub-scription-master/reactivate',
  response: subscriptionInfoSchema,
});

export const billingHistoryRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/sub-scription-master/get-billing-history',
  query: firmScopeQuerySchema,
  response: z.array(billingHistoryItemSchema),
});

/** A paid charge's receipt (PDF): a file route, registered by hand on the server. */
export const subscriptionReceiptPath = { path: '/api/admin/sub-scription-master/get-receipt/:id' } as const;

export const subscriptionContracts = {
  cancel: cancelSubscriptionRoute,
  reactivate: reactivateSubscriptionRoute,
  billingHistory: billingHistoryRoute,
  info: subscriptionInfoRoute,
  plans: planListRoute,
  previewChange: planChangePreviewRoute,
  changePlan: planChangeRoute,
};
