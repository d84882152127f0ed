import { z } from 'zod';

/**
 * Credit notes (issue 36, ADR 0050): a correction of an issued invoice, whole or by lines, in its
 * own numbered series. The server computes every figure from the credited lines and the invoice's
 * own terms; a credit beyond the balance due becomes the client's credit balance.
 */

export const CREDIT_NOTE_MESSAGES = {
  nothingToCredit: 'Every line of this invoice has already been credited',
  lineNotOnInvoice: 'A chosen line is not on this invoice',
  lineAlreadyCredited: 'A chosen line has already been credited',
  creditNotesExist: 'This invoice has credit notes: credit its remaining lines instead of voiding it',
} as const;

export const DEFAULT_CREDIT_NOTE_NUMBER_PREFIX = 'CN-';

export const creditNoteLineSchema = z.object({
  invoiceLineId: z.string().describe('The invoice line credited.'),
  itemType: z.enum(['fee', 'expense', 'flatFee']).describe('What the line billed: fee (a time entry), expense or flatFee.'),
  lineDate: z.string().describe('The line’s date (YYYY-MM-DD).'),
  description: z.string().describe('The line’s description as billed.'),
  amount: z.string().describe('The line’s billed amount credited, before the invoice’s discount and tax (exact decimal).'),
});

export const creditNoteSchema = z.object({
  id: z.string().describe('The credit note’s id.'),
  creditNoteNumber: z.string().describe('Its number in the firm’s credit-note series ("CN-00001").'),
  invoiceId: z.string().describe('The invoice it credits.'),
  invoiceNumber: z.string().nullable().describe('That invoice’s number.'),
  creditDate: z.string().describe('Its date in the ledger (YYYY-MM-DD).'),
  reason: z.string().describe('Why the invoice was credited.'),
  feesAmount: z.string().describe('Fees and flat fees credited (exact decimal in the invoice’s currency).'),
  expensesAmount: z.string().describe('Expenses credited (exact decimal).'),
  discountAmount: z.string().describe('The invoice’s discount on what is credited, given back (exact decimal, subtracted).'),
  taxAmount: z.string().describe('Tax credited (exact decimal).'),
  total: z.string().describe('feesAmount + expensesAmount − discountAmount + taxAmount (exact decimal).'),
  appliedAmount: z.string().describe('What it took off the invoice’s balance due (exact decimal).'),
  toClientCreditAmount: z
    .string()
    .describe('What went to the client’s credit balance because the invoice had already been paid (exact decimal; "0.00" when none).'),
  releasesItems: z.boolean().describe('Whether the credited lines’ items returned to unbilled.'),
  lines: z.array(creditNoteLineSchema).describe('The lines credited, in the invoice’s order.'),
  createdByUserName: z.string().describe('Who issued it.'),
  createdAt: z.string().describe('When it was issued (ISO 8601 UTC).'),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** The invoice view's summary of each credit note against it. */
export const invoiceCreditNoteSchema = creditNoteSchema.omit({ invoiceId: true, invoiceNumber: true, lines: true }).extend({
  invoiceLineIds: z.array(z.string()).describe('The invoice lines it credited.'),
});
export type InvoiceCreditNote = z.infer<typeof invoiceCreditNoteSchema>;
