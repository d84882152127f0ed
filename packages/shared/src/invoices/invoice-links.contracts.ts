import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { currentInvoiceLinkSchema, invoiceLinkRevokedSchema, invoiceLinkSchema } from './invoice-link.schemas.ts';
import { publicInvoicePaymentOptionRoute, publicInvoiceStartPaymentRoute, publicInvoiceViewRoute } from './public-invoice.contracts.ts';

const base = '/api/admin/invoice';

/** Retires the invoice's public links and issues a new one; its address is answered once (only a hash is kept). */
export const invoiceLinkReissueRoute = defineRoute({
  method: 'POST',
  path: `${base}/reissue-invoice-link/:id`,
  params: idParamsSchema,
  response: invoiceLinkSchema,
});

/** The invoice's live public link (the newest); null when it has none. */
export const invoiceLinkCurrentRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-invoice-link/:id`,
  params: idParamsSchema,
  response: currentInvoiceLinkSchema.nullable(),
});

export const invoiceLinkRevokeRoute = defineRoute({
  method: 'POST',
  path: `${base}/revoke-invoice-link/:id`,
  params: idParamsSchema,
  response: invoiceLinkRevokedSchema,
});

/**
 * The invoice's files (no envelope, so no contract); fill them in with pathOf. GET each: the PDF,
 * one invoice's LEDES 1998B file, and several invoices' (InvoiceIds=a&InvoiceIds=b).
 */
export const invoicePdfPath = { path: `${base}/download-invoice-pdf/:id` } as const;
export const creditNotePdfPath = { path: `${base}/download-credit-note-pdf/:id` } as const;
export const invoiceLedesPath = { path: `${base}/download-ledes/:id` } as const;
export const invoicesLedesPath = { path: `${base}/download-ledes` } as const;

export const invoiceLinkContracts = {
  reissue: invoiceLinkReissueRoute,
  current: invoiceLinkCurrentRoute,
  revoke: invoiceLinkRevokeRoute,
  publicView: publicInvoiceViewRoute,
  publicPaymentOption: publicInvoicePaymentOptionRoute,
  publicStartPayment: publicInvoiceStartPaymentRoute,
};
