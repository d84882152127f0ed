import { defineRoute } from '../common/route-contract.ts';
import { invoiceLinkSlugParamsSchema, publicInvoiceSchema } from './invoice-link.schemas.ts';

/** The public invoice page's call (no sign-in), apart from the firm's invoice contracts. */
export const publicInvoiceViewRoute = defineRoute({
  method: 'GET',
  path: '/api/public/invoice/:slug',
  params: invoiceLinkSlugParamsSchema,
  response: publicInvoiceSchema,
});

/** GET: the PDF of an invoice on its public link (no envelope, so no contract; the page reads its address from the invoice's pdfUrl). */
export const publicInvoicePdfPath = { path: '/api/public/invoice/:slug/pdf' } as const;
