import { z } from 'zod';
import { isoDate, requiredIsoDate, requiredText } from '../common/fields.ts';
import { statementFormatField, tieOutSchema } from '../accounting/statements.schemas.ts';
import { ratePercent } from './client-withholding-tax.schemas.ts';
import { WITHHOLDING_TAX_CATEGORIES } from './withholding-tax.rules.ts';

/** The body of POST /api/withholding-tax/update-settings. */
export const withholdingTaxSettingsInputSchema = z.strictObject({
  companyRate: ratePercent('Company rate').describe('The rate companies deduct from the fee part, in percent ("10"); "0": none.'),
  governmentRate: ratePercent('Government rate').describe(
    'The rate government bodies deduct from the fee part, in percent ("10"); "0": none.',
  ),
  individualRate: ratePercent('Individual rate').describe('The rate individuals deduct from the fee part, in percent ("5"); "0": none.'),
});
export type WithholdingTaxSettingsInput = z.input<typeof withholdingTaxSettingsInputSchema>;

/** GET /api/withholding-tax/get-settings. */
export const withholdingTaxSettingsSchema = z.object({
  companyRate: z.string().describe('The rate companies deduct from the fee part, in percent ("10"); "0": none.'),
  governmentRate: z.string().describe('The rate government bodies deduct from the fee part, in percent ("10"); "0": none.'),
  individualRate: z.string().describe('The rate individuals deduct from the fee part, in percent ("5"); "0": none.'),
});
export type WithholdingTaxSettings = z.infer<typeof withholdingTaxSettingsSchema>;

/** An issued invoice's WHT figures, shown where a payment is recorded (the invoice's page). */
export const invoiceWithholdingTaxSchema = z.object({
  category: z.enum(WITHHOLDING_TAX_CATEGORIES).describe('How the invoice’s client is treated for WHT.'),
  rate: z.string().describe('The client’s rate in percent ("10"); "0" when it deducts none.'),
  feePart: z
    .string()
    .describe('The invoice’s fee part (fees and flat fees less their share of the discount and credit notes): what WHT applies to.'),
  withheld: z.string().describe('WHT earlier payments had deducted, net of reversals.'),
  proposedAmount: z
    .string()
    .describe('The WHT to propose for a payment of the balance due: rate × fee part − withheld, at most the balance due.'),
  amountToReceive: z.string().describe('The money that settles the balance due with the proposed WHT: balance due − proposedAmount.'),
});
export type InvoiceWithholdingTax = z.infer<typeof invoiceWithholdingTaxSchema>;

/** The WHT credit note recorded for a payment. */
export const withholdingTaxCreditNoteSchema = z.object({
  creditNoteNumber: z.string().describe('The number on the client’s credit note.'),
  issueDate: z.string().describe('The date on it (YYYY-MM-DD).'),
  fileName: z.string().nullable().describe('The attached PDF’s name; null when none was attached.'),
  recordedAt: z.string().describe('When it was recorded (ISO 8601 UTC).'),
  recordedByUserName: z.string().describe('Who recorded it.'),
});
export type WithholdingTaxCreditNote = z.infer<typeof withholdingTaxCreditNoteSchema>;

/** POST /api/withholding-tax/record-credit-note/{paymentId}. */
export const recordWithholdingTaxCreditNoteSchema = z.strictObject({
  creditNoteNumber: requiredText('Credit note number', 60).describe('The number on the client’s WHT credit note (at most 60 characters).'),
  issueDate: requiredIsoDate('Credit note date').describe('The date on the credit note (YYYY-MM-DD).'),
});
export type RecordWithholdingTaxCreditNoteInput = z.input<typeof recordWithholdingTaxCreditNoteSchema>;

export const paymentIdParamsSchema = z.object({ paymentId: z.uuid({ error: 'Payment not found' }).describe('The payment’s id.') });

/** One payment with WHT deducted, as the schedule and the chase list show it. */
export const withholdingTaxPaymentSchema = z.object({
  paymentId: z.string().describe('The payment’s id.'),
  invoiceId: z.string().describe('The invoice it paid.'),
  invoiceNumber: z.string().nullable().describe('The invoice’s number.'),
  clientId: z.string().describe('The client who paid.'),
  clientName: z.string().describe('The client’s name.'),
  receiptNumber: z.string().describe('The payment’s receipt number ("RCT-00012"); a reversal ends in "-R".'),
  paymentDate: z.string().describe('When it was received, or reversed (YYYY-MM-DD).'),
  currencyCode: z.string().describe('The invoice’s currency, ISO 4217.'),
  feePart: z.string().describe('The invoice’s fee part (what WHT applies to).'),
  amountReceived: z.string().describe('The money received: the payment less its WHT (negative for a reversal).'),
  withholdingTaxAmount: z.string().describe('The WHT deducted (negative for a reversal).'),
  isReversal: z.boolean().describe('true for the reversal of an earlier payment.'),
  isReversed: z.boolean().describe('true for a payment that was later reversed (no credit note is expected for it).'),
  creditNote: withholdingTaxCreditNoteSchema.nullable().describe('The client’s WHT credit note; null while outstanding.'),
  daysOutstanding: z.number().nullable().describe('Days since the payment while its credit note is outstanding; null once received.'),
});
export type WithholdingTaxPayment = z.infer<typeof withholdingTaxPaymentSchema>;

/** GET /api/withholding-tax/get-schedule. */
export const withholdingTaxScheduleQuerySchema = z.object({
  FromDate: isoDate('From date').optional().describe('The period’s first day, YYYY-MM-DD; left out: the first day of ToDate’s month.'),
  ToDate: isoDate('To date').optional().describe('The period’s last day, YYYY-MM-DD; left out: the firm’s today.'),
  format: statementFormatField,
});
export type WithholdingTaxScheduleQuery = z.input<typeof withholdingTaxScheduleQuerySchema>;

export const withholdingTaxScheduleTotalSchema = z.object({
  currencyCode: z.string().describe('ISO 4217; each currency is totalled on its own.'),
  withholdingTaxAmount: z.string().describe('Σ WHT deducted in the period, net of reversals.'),
  withCreditNote: z.string().describe('Σ WHT of the period’s payments whose credit note was received.'),
  outstanding: z.string().describe('Σ WHT of the period’s payments, not reversed, still waiting for a credit note.'),
});

export const withholdingTaxScheduleSchema = z.object({
  fromDate: z.string().describe('The period’s first day (YYYY-MM-DD).'),
  toDate: z.string().describe('The period’s last day (YYYY-MM-DD).'),
  rows: z
    .array(withholdingTaxPaymentSchema)
    .describe('Every payment in the period with WHT deducted, and reversals of such payments, by date.'),
  totals: z.array(withholdingTaxScheduleTotalSchema).describe('Per currency.'),
  tieOuts: z
    .array(tieOutSchema)
    .describe('Per currency: the schedule’s WHT = what payments in the period posted to Withholding tax receivable (1250).'),
  tieOutsPass: z.boolean().describe('true when every tie-out passes.'),
});
export type WithholdingTaxSchedule = z.infer<typeof withholdingTaxScheduleSchema>;

/** GET /api/withholding-tax/list-outstanding-credit-notes: the chase list. */
export const outstandingWithholdingTaxCreditNotesSchema = z.object({
  rows: z
    .array(withholdingTaxPaymentSchema)
    .describe('Payments with WHT deducted, not reversed, still without a credit note, oldest first.'),
  totals: z
    .array(
      z.object({ currencyCode: z.string().describe('ISO 4217.'), outstanding: z.string().describe('Σ WHT waiting for a credit note.') }),
    )
    .describe('Per currency.'),
});
export type OutstandingWithholdingTaxCreditNotes = z.infer<typeof outstandingWithholdingTaxCreditNotesSchema>;
