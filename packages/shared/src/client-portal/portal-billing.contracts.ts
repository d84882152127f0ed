import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { pageQuerySchema } from '../common/pagination.ts';
import { portalDocumentPageSchema } from '../documents/document.schemas.ts';
import { publicInvoiceSchema } from '../invoices/invoice-link.schemas.ts';
import {
  portalPaymentOptionsSchema,
  savedCardSchema,
  startedPortalPaymentSchema,
  startPortalPaymentSchema,
} from './portal-payments.schemas.ts';
import { paymentReportSchema, portalInvoiceSummarySchema } from './portal-views.schemas.ts';

/**
 * The signed-in client's invoices, payments and shared documents. The server registers them in the
 * modules that own the records (invoice links, gateway payments, payment reports, documents).
 */
const base = '/api/client-portal';

export const portalInvoiceListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-invoices`,
  response: z.array(portalInvoiceSummarySchema),
});

export const portalInvoiceRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-invoice/:id`,
  params: idParamsSchema,
  response: publicInvoiceSchema,
});

export const portalPaymentReportListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-payment-reports`,
  response: z.array(paymentReportSchema),
});

export const portalPaymentOptionsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-payment-options`,
  response: portalPaymentOptionsSchema,
});

export const portalStartPaymentRoute = defineRoute({
  method: 'POST',
  path: `${base}/start-payment`,
  body: startPortalPaymentSchema,
  response: startedPortalPaymentSchema,
});

export const portalSavedCardListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-saved-cards`,
  response: z.array(savedCardSchema),
});

export const portalWithdrawSavedCardRoute = defineRoute({
  method: 'POST',
  path: `${base}/withdraw-saved-card/:id`,
  params: idParamsSchema,
  response: z.array(savedCardSchema),
});

export const portalDocumentListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-documents`,
  query: pageQuerySchema,
  response: portalDocumentPageSchema,
});

export const portalBillingContracts = {
  invoices: portalInvoiceListRoute,
  invoice: portalInvoiceRoute,
  paymentReports: portalPaymentReportListRoute,
  paymentOptions: portalPaymentOptionsRoute,
  startPayment: portalStartPaymentRoute,
  savedCards: portalSavedCardListRoute,
  withdrawSavedCard: portalWithdrawSavedCardRoute,
  documents: portalDocumentListRoute,
};
