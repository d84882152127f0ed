import { z } from 'zod';
import { INVOICE_LINE_TYPES } from './invoice-amounts.ts';
import { INVOICE_STATUSES, invoiceTotalsSchema } from './invoice.schemas.ts';

/** A public link's slug: 22 base64url characters (16 random bytes, 128 bits). */
export const INVOICE_LINK_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const INVOICE_LINK_MESSAGES = {
  notFound: 'This invoice link is not valid. It may have been replaced or withdrawn: ask the firm for a new one.',
  notIssued: 'Only an issued invoice (approved or sent) can have a public link',
  voidInvoice: 'A void invoice cannot be given a new link',
} as const;

export const invoiceLinkSlugParamsSchema = z.object({ slug: z.string().trim().max(64) });

/** POST /api/admin/invoice/reissue-invoice-link/{id}: the new link (shown once; only its hash is kept). */
export const invoiceLinkSchema = z.object({
  invoiceId: z.string(),
  slug: z.string(),
  /** The page's address: the app URL + /billing/invoice/{slug}. */
  url: z.string(),
  createdAt: z.string(),
});
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

/** The invoice's live public link as its page shows it; data is null when the invoice has none. */
export const currentInvoiceLinkSchema = z.object({
  /** Null for a link issued before links were kept (sealed): issue a new one to see it. */
  url: z.string().nullable(),
  createdAt: z.string(),
  emailedTo: z.string().nullable(),
  emailedAt: z.string().nullable(),
  viewCount: z.number(),
  lastViewedAt: z.string().nullable(),
});
export type CurrentInvoiceLink = z.infer<typeof currentInvoiceLinkSchema>;

/** POST /api/admin/invoice/revoke-invoice-link/{id}: how many live links were retired. */
export const invoiceLinkRevokedSchema = z.object({ invoiceId: z.string(), revokedCount: z.number() });

/** GET /api/admin/invoice/download-ledes?InvoiceIds=a&InvoiceIds=b (or a comma-separated list). */
export const ledesDownloadQuerySchema = z.object({
  InvoiceIds: z
    .union([z.string(), z.array(z.string())], { error: 'InvoiceIds is required' })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ error: 'InvoiceIds must be valid ids' }))
        .min(1, 'Choose at least one invoice')
        .max(500, 'At most 500 invoices at once')
        .transform((ids) => [...new Set(ids)]),
    ),
});

const publicLineSchema = z.object({
  itemType: z.enum(INVOICE_LINE_TYPES),
  lineDate: z.string(),
  matterName: z.string(),
  feeEarnerName: z.string().nullable(),
  description: z.string(),
  hours: z.string().nullable(),
  rate: z.string().nullable(),
  quantity: z.string().nullable(),
  itemAmount: z.string(),
  amount: z.string(),
  adjustment: z.string(),
});
export type PublicInvoiceLine = z.infer<typeof publicLineSchema>;

/**
 * GET /api/public/invoice/{slug}: the invoice as the client sees it on the bill: no ids of the
 * firm's other records, no status history, no internal users, nothing but this invoice.
 */
export const publicInvoiceSchema = z.object({
  firm: z.object({
    name: z.string(),
    logo: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    /** The firm's tax identification number, when it has one. */
    taxNumber: z.string().nullable(),
  }),
  invoiceNumber: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  clientName: z.string(),
  matters: z.array(z.object({ name: z.string(), matterNumber: z.string().nullable() })),
  issueDate: z.string(),
  dueDate: z.string(),
  isOverdue: z.boolean(),
  discountType: z.enum(['amount', 'percent']).nullable(),
  discountValue: z.string().nullable(),
  taxName: z.string().nullable(),
  taxPercent: z.string(),
  notes: z.string().nullable(),
  paymentInstructions: z.string().nullable(),
  currencySymbol: z.string(),
  fees: z.array(publicLineSchema),
  expenses: z.array(publicLineSchema),
  flatFees: z.array(publicLineSchema),
  totals: invoiceTotalsSchema,
  payments: z.array(
    z.object({ receiptNumber: z.string(), amount: z.string(), paymentDate: z.string(), method: z.string(), isReversal: z.boolean() }),
  ),
  deliveredDate: z.string().nullable(),
  recoverableFromDate: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The PDF of this invoice: /api/public/invoice/{slug}/pdf. */
  pdfUrl: z.string(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
