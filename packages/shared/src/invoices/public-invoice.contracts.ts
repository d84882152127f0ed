import { defineRoute } from '../common/route-contract.ts';
import { startedPortalPaymentSchema } from '../client-portal/portal-payments.schemas.ts';
import { invoiceLinkPaymentOptionSchema, startInvoiceLinkPaymentSchema } from './invoice-link-payments.schemas.ts';
import { invoiceLinkSlugParamsSchema, publicInvoiceSchema } from './invoice-link.schemas.ts';

/** The public invoice page's call (no sign-in), apart from the firm's invoice contracts. */
export const publicInvoiceViewRoute = defineRoute({
  method: 'GET',
  path: '/api/public/invoice/:slug',
  params: invoiceLinkSlugParamsSchema,
  response: publicInvoiceSchema,
});

/** Whether the invoice on the link can be paid online now, what is due and through which gateway; null when it cannot. */
export const publicInvoicePaymentOptionRoute = defineRoute({
  method: 'GET',
  path: '/api/public/invoice/:slug/get-payment-option',
  params: invoiceLinkSlugParamsSchema,
  response: invoiceLinkPaymentOptionSchema.nullable(),
});

/** Starts paying the invoice on the link (no sign-in): answers the gateway's checkout page to go to. */
export const publicInvoiceStartPaymentRoute = defineRoute({
  method: 'POST',
  path: '/api/public/invoice/:slug/start-payment',
  params: invoiceLinkSlugParamsSchema,
  body: startInvoiceLinkPaymentSchema,
  response: startedPortalPaymentSchema,
});

/** GET: the PDF of an invoice on its public link (no envelope, so no contract; the page reads its address from the invoice's pdfUrl). */
export const publicInvoicePdfPath = { path: '/api/public/invoice/:slug/pdf' } as const;
