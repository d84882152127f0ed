import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  confirmPaymentReportSchema,
  paymentReportSchema,
  paymentReportsQuerySchema,
  rejectPaymentReportSchema,
} from '../client-portal/portal-views.schemas.ts';

/** The firm's side of the bank transfers clients report from the portal (Billing → Reported Payments). */
const base = '/api/admin/client-portal';

export const paymentReportListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-payment-reports`,
  query: paymentReportsQuerySchema,
  response: z.array(paymentReportSchema),
});

export const paymentReportConfirmRoute = defineRoute({
  method: 'POST',
  path: `${base}/confirm-payment-report/:id`,
  params: idParamsSchema,
  body: confirmPaymentReportSchema.nullish(),
  response: paymentReportSchema,
});

export const paymentReportRejectRoute = defineRoute({
  method: 'POST',
  path: `${base}/reject-payment-report/:id`,
  params: idParamsSchema,
  body: rejectPaymentReportSchema,
  response: paymentReportSchema,
});

/** GET: the proof the client uploaded (no envelope, so no contract); fill it in with pathOf. */
export const paymentProofPath = { path: `${base}/download-payment-proof/:id` } as const;

export const paymentReportContracts = {
  list: paymentReportListRoute,
  confirm: paymentReportConfirmRoute,
  reject: paymentReportRejectRoute,
};
