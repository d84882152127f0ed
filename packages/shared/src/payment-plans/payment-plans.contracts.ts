import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { missedInstalmentsRoute } from './missed-instalments.contract.ts';
import { invoicePaymentPlansSchema, paymentPlanInputSchema } from './payment-plan.schemas.ts';

const base = '/api/admin/payment-plans';

/** Payment plans: an invoice's plan and its history, setting one up, replacing or cancelling it, and the missed instalments. */
export const paymentPlanContracts = {
  invoicePlans: defineRoute({
    method: 'GET',
    path: `${base}/get-invoice-plans/:id`,
    params: idParamsSchema,
    response: invoicePaymentPlansSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: `${base}/create-plan/:id`,
    params: idParamsSchema,
    body: paymentPlanInputSchema,
    response: invoicePaymentPlansSchema,
  }),
  replace: defineRoute({
    method: 'POST',
    path: `${base}/replace-plan/:id`,
    params: idParamsSchema,
    body: paymentPlanInputSchema,
    response: invoicePaymentPlansSchema,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: `${base}/cancel-plan/:id`,
    params: idParamsSchema,
    response: invoicePaymentPlansSchema,
  }),
  missed: missedInstalmentsRoute,
};
