import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  onlinePaymentPageSchema,
  onlinePaymentsQuerySchema,
  resolveUnappliedPaymentSchema,
} from '../client-portal/portal-payments.schemas.ts';

/** The firm's side of online payments (Billing → Online Payments). */
const base = '/api/admin/client-portal';

export const onlinePaymentListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-online-payments`,
  query: onlinePaymentsQuerySchema,
  response: onlinePaymentPageSchema,
});

/** What is left of the money a payment held unapplied, once refunded or applied. */
export const resolvedUnappliedPaymentSchema = z.object({
  id: z.string().describe('The online payment whose unapplied money was resolved.'),
  unappliedAmount: z
    .string()
    .describe('What it still holds unapplied afterwards, an exact decimal in currencyCode ("0.00" once all is refunded or applied).'),
  currencyCode: z.string().describe('The currency of the money held, ISO 4217 ("NGN").'),
});

export const onlinePaymentResolveUnappliedRoute = defineRoute({
  method: 'POST',
  path: `${base}/resolve-unapplied-payment/:id`,
  params: idParamsSchema,
  body: resolveUnappliedPaymentSchema,
  response: resolvedUnappliedPaymentSchema,
});

export const onlinePaymentContracts = {
  list: onlinePaymentListRoute,
  resolveUnapplied: onlinePaymentResolveUnappliedRoute,
};
