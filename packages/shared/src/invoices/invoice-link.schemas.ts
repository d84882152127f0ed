import { z } from 'zod';
import { INVOICE_LINE_TYPES } from './invoice-amounts.ts';
import { INVOICE_STATUSES, invoiceTotalsSchema } from './invoice.schemas.ts';
import { clientPaymentPlanSchema } from '../payment-plans/payment-plan.schemas.ts';

/** A public link's slug: 22 base64url characters (16 random bytes, 128 bits). */
export const INVOICE_LINK_SLUG_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const INVOICE_LINK_MESSAGES = {
  notFound: 'This invoice link is not valid. It may have been replaced or withdrawn: ask the firm for a new one.',
  notIssued: 'Only an issued invoice (approved or sent) can have a public link',
  voidInvoice: 'A void invoice cannot be given a new link',
} as const;

export const invoiceLinkSlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .max(64)
    .describe(
      'The link’s secret: the 22 characters after /billing/invoice/ in the address the client was given; a retired one answers 404.',
    ),
});

/** POST /api/admin/invoice/reissue-invoice-link/{id}: the new link (shown once; only its hash is kept). */
export const invoiceLinkSchema = z.object({
  invoiceId: z.string().describe('The invoice the link shows.'),
  slug: z
    .string()
    .describe('The link’s secret: 22 base64url characters (128 random bits); the server keeps only its hash and a sealed copy.'),
  /** The page's address: the app URL + /billing/invoice/{slug}. */
  url: z.string().describe('The public page’s address, the app URL + /billing/invoice/{slug}: anyone holding it can read the invoice.'),
  createdAt: z.string().describe('When the link was issued (ISO 8601 UTC).'),
});
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

/** The invoice's live public link as its page shows it; data is null when the invoice has none. */
export const currentInvoiceLinkSchema = z.object({
  /** Null for a link issued before links were kept (sealed): issue a new one to see it. */
  url: z
    .string()
    .nullable()
    .describe('The live link’s address; null for a link issued before links were kept sealed (reissue one to see it).'),
  createdAt: z.string().describe('When the link was issued (ISO 8601 UTC).'),
  emailedTo: z.string().nullable().describe('The address the link was emailed to when the invoice was sent; null if it was never emailed.'),
  emailedAt: z.string().nullable().describe('When it was emailed (ISO 8601 UTC); null if never.'),
  viewCount: z.number().describe('How many times the public page was opened with this link.'),
  lastViewedAt: z.string().nullable().describe('When the public page was last opened with it (ISO 8601 UTC); null if never.'),
});
export type CurrentInvoiceLink = z.infer<typeof currentInvoiceLinkSchema>;

/** POST /api/admin/invoice/revoke-invoice-link/{id}: how many live links were retired. */
export const invoiceLinkRevokedSchema = z.object({
  invoiceId: z.string().describe('The invoice whose links were revoked.'),
  revokedCount: z.number().describe('How many live links were retired (0 when it had none).'),
});

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
    )
    .describe(
      'The invoices to put in one file: repeat InvoiceIds or separate ids with commas; 1–500 ids, each an issued invoice of the firm.',
    ),
});

const publicLineSchema = z.object({
  itemType: z.enum(INVOICE_LINE_TYPES).describe('What the line bills: fee (time), expense or flatFee.'),
  lineDate: z.string().describe('The date of the work or expense (YYYY-MM-DD).'),
  matterName: z.string().describe('The matter’s name.'),
  feeEarnerName: z.string().nullable().describe('The fee earner (for an expense, who added it); null when none.'),
  description: z.string().describe('What was done or spent.'),
  hours: z.string().nullable().describe('Fees: the hours billed, with 4 decimals ("1.5000"); null for expenses and flat fees.'),
  rate: z.string().nullable().describe('Fees: the hourly rate; expenses: the unit cost; flat fees: the fee (exact decimals).'),
  quantity: z.string().nullable().describe('Expenses: the quantity ("2.5"); flat fees: "1"; fees: null.'),
  itemAmount: z.string().describe('The item’s amount before any adjustment (exact decimal in the invoice’s currency).'),
  amount: z.string().describe('What the line bills (exact decimal in the invoice’s currency).'),
  adjustment: z.string().describe('amount − itemAmount: negative for a reduction, "0.00" when none.'),
});
export type PublicInvoiceLine = z.infer<typeof publicLineSchema>;

/**
 * GET /api/public/invoice/{slug}: the invoice as the client sees it on the bill: no ids of the
 * firm's other records, no status history, no internal users, nothing but this invoice.
 */
export const publicInvoiceSchema = z.object({
  firm: z
    .object({
      name: z.string().describe('The firm’s name.'),
      logo: z.string().nullable().describe('The firm’s logo as a data: URL (a base64 PNG, JPEG, GIF, WebP or SVG image); null when none.'),
      address: z.string().nullable().describe('The firm’s address; null when none is recorded.'),
      phone: z.string().nullable().describe('The firm’s phone number; null when none is recorded.'),
      /** The firm's tax identification number, when it has one. */
      taxNumber: z.string().nullable().describe('The firm’s tax identification number; null when it has none.'),
      /** Absent from an answer given before the field existed: read as none. */
      accentColour: z
        .string()
        .nullable()
        .default(null)
        .describe('The bill’s accent colour (#RRGGBB) for its heading bar and table headings; null: the product’s own colours.'),
      invoiceFooter: z
        .string()
        .nullable()
        .default(null)
        .describe('The firm’s footer text, shown at the foot of the bill (at most 500 characters); null when none.'),
    })
    .describe('The firm that issued the bill, as the bill’s heading shows it.'),
  invoiceNumber: z.string().nullable().describe('The invoice number ("INV-00001").'),
  status: z.enum(INVOICE_STATUSES).describe('Approved, Sent, PartlyPaid, Paid or Void (a client never sees a draft).'),
  statusLabel: z.string().describe('The status in words to show ("Partly paid").'),
  clientName: z.string().describe('The client billed.'),
  matters: z
    .array(
      z.object({
        name: z.string().describe('The matter’s name.'),
        matterNumber: z.string().nullable().describe('The matter’s number; null when it has none.'),
      }),
    )
    .describe('The matters the invoice covers.'),
  issueDate: z.string().describe('The invoice date (YYYY-MM-DD).'),
  dueDate: z.string().describe('When payment is due (YYYY-MM-DD).'),
  isOverdue: z.boolean().describe('True when money is due and the due date has passed (in the firm’s time zone).'),
  discountType: z.enum(['amount', 'percent']).nullable().describe('amount or percent; null: no discount.'),
  discountValue: z.string().nullable().describe('The discount as given: money for amount, a percent for percent; null without a discount.'),
  taxName: z.string().nullable().describe('The tax’s name ("VAT"); null when none.'),
  taxPercent: z.string().describe('The tax rate in percent ("7.5"); "0" for no tax.'),
  notes: z.string().nullable().describe('The firm’s notes on the invoice; null when none.'),
  paymentInstructions: z.string().nullable().describe('How to pay; null when none.'),
  currencySymbol: z.string().describe('The symbol of the invoice’s currency ("₦"), for display.'),
  fees: z.array(publicLineSchema).describe('The fee lines (time), in the bill’s order.'),
  expenses: z.array(publicLineSchema).describe('The expense lines, in the bill’s order.'),
  flatFees: z.array(publicLineSchema).describe('The flat-fee lines, in the bill’s order.'),
  totals: invoiceTotalsSchema.describe('The invoice’s figures (exact decimals in its currency), as on the firm’s own view.'),
  payments: z
    .array(
      z.object({
        receiptNumber: z.string().describe('The receipt number ("RCT-00012"; a reversal’s ends in "-R").'),
        amount: z
          .string()
          .describe(
            'What the payment settled (exact decimal): the money received and any withholding tax deducted; negative for a reversal.',
          ),
        withholdingTaxAmount: z
          .string()
          .describe('Of amount, the withholding tax the client deducted ("0.00" when none); negative for a reversal.'),
        paymentDate: z.string().describe('The date it was received, or reversed (YYYY-MM-DD).'),
        method: z.string().describe('How it was paid: Bank transfer, Cash, Cheque, Card, Other or Trust.'),
        isReversal: z.boolean().describe('True for a reversal cancelling an earlier payment.'),
      }),
    )
    .describe('Payments received and their reversals, oldest first.'),
  withholdingTax: z
    .object({
      rate: z.string().describe('The client’s withholding tax rate in percent ("10").'),
      feePart: z.string().describe('The fee part of the invoice the tax is on (not VAT or costs), an exact decimal.'),
      amount: z.string().describe('The withholding tax the client may deduct now, an exact decimal.'),
      amountToReceive: z.string().describe('What is left to pay with the tax deducted, an exact decimal.'),
    })
    .nullable()
    .describe(
      'When the client pays the fee net of withholding tax: what it may deduct from the balance due (and then send the firm the credit note); null when no tax applies or is left to deduct.',
    ),
  creditNotes: z
    .array(
      z.object({
        creditNoteNumber: z.string().describe('The credit note’s number ("CN-00001").'),
        creditDate: z.string().describe('Its date (YYYY-MM-DD).'),
        reason: z.string().describe('Why the invoice was credited.'),
        total: z.string().describe('What it credited (exact decimal in the invoice’s currency).'),
        pdfUrl: z
          .string()
          .nullable()
          .describe(
            'Where to download it as a PDF in the portal (/api/client-portal/download-credit-note-pdf/{id}); null on a public link.',
          ),
      }),
    )
    .describe('Credit notes against the invoice, oldest first.'),
  deliveredDate: z.string().nullable().describe('When the bill was delivered (YYYY-MM-DD); null when not recorded.'),
  recoverableFromDate: z
    .string()
    .nullable()
    .describe(
      'The date fees become recoverable by action, one month after delivery (YYYY-MM-DD); null when the firm does not run that clock.',
    ),
  voidReason: z.string().nullable().describe('Why the invoice was voided; null unless void.'),
  paymentPlan: clientPaymentPlanSchema
    .nullable()
    .optional()
    .describe('The live payment plan while money is due: its instalments and the next one due; null or absent when none.'),
  /** The PDF of this invoice: /api/public/invoice/{slug}/pdf. */
  pdfUrl: z
    .string()
    .describe(
      'Where to download this invoice as a PDF: /api/public/invoice/{slug}/pdf on a public link, /api/client-portal/download-invoice-pdf/{id} in the portal.',
    ),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
