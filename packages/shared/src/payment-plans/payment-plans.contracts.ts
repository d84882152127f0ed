import { idParamsSchema } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { missedInstalmentsRoute } from './missed-instalments.contract.ts';
import {
  clientPaymentPlanInputSchema,
  clientPaymentPlansSchema,
  invoicePaymentPlansSchema,
  paymentPlanInputSchema,
} from './payment-plan.schemas.ts';

const base = '/api/admin/payment-plans';

/** Payment plans: an invoice's or a client's balance's plan and its history, setting one up, replacing or cancelling it, and the missed instalments. */
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
  clientPlans: defineRoute({
    method: 'GET',
    path: `${base}/get-client-plans/:id`,
    params: idParamsSchema,
    response: clientPaymentPlansSchema,
  }),
  createClientPlan: defineRoute({
    method: 'POST',
    path: `${base}/create-client-plan/:id`,
    params: idParamsSchema,
    body: clientPaymentPlanInputSchema,
    response: clientPaymentPlansSchema,
  }),
  replaceClientPlan: defineRoute({
    method: 'POST',
    path: `${base}/replace-client-plan/:id`,
    params: idParamsSchema,
    body: clientPaymentPlanInputSchema,
    response: clientPaymentPlansSchema,
  }),
  cancelClientPlan: defineRoute({
    method: 'POST',
    path: `${base}/cancel-client-plan/:id`,
    params: idParamsSchema,
    response: clientPaymentPlansSchema,
  }),
};
