import { z } from 'zod';
import { isoDate, requiredText } from '../common/fields.ts';

/** The messages the tax rates and the VAT return answer with. */
export const TAX_RATE_MESSAGES = {
  taken: 'The firm already has a tax rate with this name and rate',
  rateFormat: 'Rate must be a percentage from 0 to 100 with at most 4 decimals',
  dateOrder: 'From date must be on or before To date',
} as const;

/** POST create-tax-rate and PUT update-tax-rate/:id. */
export const taxRateInputSchema = z.object({
  name: requiredText('Name', 60).describe('The tax’s name as invoices print it, e.g. "VAT".'),
  ratePercent: z
    .union([z.string(), z.number()], { error: 'Rate is required' })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,3}(\.\d{1,4})?$/.test(value) && Number(value) <= 100, TAX_RATE_MESSAGES.rateFormat)
    .describe('The rate in percent, 0–100 with at most 4 decimals, e.g. "7.5".'),
  isActive: z.boolean().optional().default(true).describe('false: no longer offered for new invoices; invoices that charged it keep it.'),
});
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

export const taxRateSchema = z.object({
  id: z.string().describe('The tax rate’s id.'),
  name: z.string().describe('The tax’s name, e.g. "VAT".'),
  ratePercent: z.string().describe('The rate in percent without trailing zeros, e.g. "7.5".'),
  isActive: z.boolean().describe('false: deactivated, no longer offered.'),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const taxRateListSchema = z.object({
  rates: z.array(taxRateSchema).describe('The firm’s tax rates, active first, then by name and rate.'),
});
export type TaxRateList = z.infer<typeof taxRateListSchema>;

// ---------------------------------------------------------------------------------------------
// The VAT return

/** GET get-vat-return: format=csv or pdf answers a file. */
export const vatReturnQuerySchema = z
  .object({
    FromDate: isoDate('From date').describe('The period’s first day, YYYY-MM-DD.'),
    ToDate: isoDate('To date').describe('The period’s last day, YYYY-MM-DD.'),
    format: z
      .enum(['json', 'csv', 'pdf'], { error: 'format must be json, csv or pdf' })
      .optional()
      .describe('csv or pdf: answer the return as a file, with the invoices behind each figure.'),
  })
  .refine((query) => query.FromDate <= query.ToDate, { error: TAX_RATE_MESSAGES.dateOrder, path: ['ToDate'] });
export type VatReturnQuery = z.input<typeof vatReturnQuerySchema>;

const figures = {
  feesNet: z.string().describe('Fees (time and flat fees) after their share of the discount: the value of legal services supplied.'),
  feesTax: z.string().describe('Output tax charged on those fees.'),
  costsNet: z.string().describe('Recoverable costs (expenses billed to clients) after their share of the discount.'),
  costsTax: z.string().describe('Output tax charged on those costs.'),
  net: z.string().describe('feesNet + costsNet.'),
  tax: z.string().describe('feesTax + costsTax: the output tax.'),
};

export const VAT_DOCUMENT_KINDS = ['invoice', 'void', 'credit-note'] as const;
export const VAT_DOCUMENT_LABELS: Record<(typeof VAT_DOCUMENT_KINDS)[number], string> = {
  invoice: 'Invoice',
  void: 'Void',
  'credit-note': 'Credit note',
};

export const vatReturnInvoiceSchema = z.object({
  invoiceId: z.string().describe('The invoice’s id.'),
  invoiceNumber: z.string().describe('The invoice’s number; a credit note’s own number ("CN-00001").'),
  kind: z
    .enum(VAT_DOCUMENT_KINDS)
    .describe(
      'invoice: issued in the period (its tax is due); void: an invoice voided in the period; credit-note: a credit note dated in the period (for both, the tax comes off: figures negative).',
    ),
  date: z.string().describe('The issue date, for a void the day it was voided, for a credit note its date, YYYY-MM-DD.'),
  clientId: z.string().describe('The invoice’s client.'),
  clientName: z.string().describe('The client’s name.'),
  ...figures,
});
export type VatReturnInvoice = z.infer<typeof vatReturnInvoiceSchema>;

export const vatReturnRateSchema = z.object({
  taxName: z.string().describe('The tax’s name the invoices charged, e.g. "VAT"; "No tax" for invoices without tax.'),
  ratePercent: z.string().describe('The rate in percent without trailing zeros, e.g. "7.5".'),
  ...figures,
  invoices: z.array(vatReturnInvoiceSchema).describe('The invoices behind these figures, by date and number.'),
});
export type VatReturnRate = z.infer<typeof vatReturnRateSchema>;

export const vatTieOutSchema = z.object({
  name: z.string().describe('What is compared, in words.'),
  expected: z.string().describe('The figure from the invoices.'),
  actual: z.string().describe('The figure from the ledger.'),
  isPassing: z.boolean().describe('true when the two agree to the cent.'),
});
export type VatTieOut = z.infer<typeof vatTieOutSchema>;

export const vatReturnCurrencySchema = z.object({
  currencyCode: z.string().describe('ISO 4217 code of every figure in this section; currencies are never added together.'),
  rates: z.array(vatReturnRateSchema).describe('The output tax by rate, highest rate first.'),
  totals: z.object(figures).describe('The section’s totals.'),
  vatAccountNumber: z.string().describe('The VAT output account’s number (2100 Tax payable).'),
  vatAccountMovement: z
    .string()
    .describe('The VAT output account’s net credit movement in the period in this currency: credits − debits of every posting.'),
  otherMovement: z
    .string()
    .describe('The part of that movement not posted by invoices: payments to the tax authority and manual adjustments.'),
  tieOuts: z.array(vatTieOutSchema).describe('The checks: the invoices’ output tax against the ledger.'),
});
export type VatReturnCurrency = z.infer<typeof vatReturnCurrencySchema>;

export const vatReturnSchema = z.object({
  fromDate: z.string().describe('The period’s first day, YYYY-MM-DD.'),
  toDate: z.string().describe('The period’s last day, YYYY-MM-DD.'),
  basis: z.string().describe('How the figures are worked out, in words.'),
  currencies: z.array(vatReturnCurrencySchema).describe('One section per currency invoiced in the period, the home currency first.'),
  isTiedOut: z.boolean().describe('true when every section’s checks pass.'),
});
export type VatReturn = z.infer<typeof vatReturnSchema>;
