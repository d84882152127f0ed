import { z } from 'zod';
import {
  isoDate,
  optionalMoneyText,
  optionalMultilineText,
  optionalText,
  requiredIsoDate,
  requiredMultilineText,
} from '../common/fields.ts';
import { bankAccountChoice } from '../accounting/bank-account-choice.ts';
import { INVOICE_MESSAGES, INVOICE_PAYMENT_METHODS, requiredAmount } from './invoice.schemas.ts';

// What an issued invoice's actions take (payments, write-offs, void, approval notes, sending,
// delivery): apart from the invoice's own schemas, so pages that read invoices without acting on
// them (a trust account paying one) do not download these forms' schemas.

/** POST …/record-payment/{id}: partial payments allowed, never more than the balance due. */
export const recordPaymentSchema = z.strictObject({
  amount: requiredAmount('Amount').describe(
    'The money received: an exact decimal above 0 with at most 2 decimals, in the invoice’s currency ("25000.00"); with withholdingTaxAmount, never more than the balance due (400) unless keepExcessAsCredit is true.',
  ),
  withholdingTaxAmount: optionalMoneyText('Withholding tax').describe(
    'The withholding tax the client deducted from the fee part and pays to the tax authority for the firm (Dr withholding tax receivable): amount + this settles the invoice; never more than the fee part still open to it (400). Omitted or blank: none.',
  ),
  paymentDate: requiredIsoDate('Payment date').describe('The date the money was received (YYYY-MM-DD); the ledger entry carries it.'),
  method: z
    .enum(INVOICE_PAYMENT_METHODS, { error: 'Payment method is required' })
    .describe('How it was paid: Bank transfer, Cash, Cheque, Card or Other (a payment from trust is the trust account’s call).'),
  reference: optionalText('Reference', 120).describe(
    'The payer’s reference, e.g. a cheque or transfer number (at most 120 characters); blank: none.',
  ),
  bankAccountId: bankAccountChoice,
  keepExcessAsCredit: z
    .boolean({ error: 'keepExcessAsCredit must be true or false' })
    .optional()
    .describe(
      'true: an amount over the balance due is taken, the invoice is paid in full and the excess becomes the client’s credit balance (Cr unapplied client payments), to apply to another invoice or refund; omitted or false: more than the balance due is refused (400).',
    ),
  exchangeRate: z
    .string({ error: INVOICE_MESSAGES.exchangeRateFormat })
    .trim()
    .regex(/^\d{1,10}(\.\d{1,10})?$/, INVOICE_MESSAGES.exchangeRateFormat)
    .refine((value) => /[1-9]/.test(value), INVOICE_MESSAGES.exchangeRateFormat)
    .nullish()
    .describe(
      'For an invoice in another currency than the firm’s home one: the rate the money was received at, home-currency units per unit of the invoice’s currency ("1550"); omitted: the firm’s rate on the payment date. The receivable is cleared at the invoice’s own rate and the difference posts as a realised exchange gain or loss (4300). Refused (400) for an invoice in the home currency.',
    ),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

/** POST …/reverse-payment/{id}/{paymentId}. */
export const reversePaymentSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 1000).describe(
    'Why the payment is reversed (required, at most 1,000 characters); kept on the reversal.',
  ),
});
/** POST …/void-invoice/{id}. */
export const voidInvoiceSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 1000).describe(
    'Why the invoice is voided (required, at most 1,000 characters); shown on it as voidReason.',
  ),
});
export type VoidInvoiceInput = z.input<typeof voidInvoiceSchema>;
/** POST …/write-off/{id}. */
export const writeOffSchema = z.strictObject({
  amount: requiredAmount('Amount').describe(
    'The amount to write off: an exact decimal above 0 with at most 2 decimals, in the invoice’s currency; never more than the balance due (400).',
  ),
  reason: requiredMultilineText('Reason', 1000).describe('Why it is written off (required, at most 1,000 characters).'),
  writeOffDate: isoDate('Write-off date')
    .nullish()
    .describe('The date the write-off takes effect in the ledger (YYYY-MM-DD); omitted: today in the firm’s time zone.'),
});
/** POST …/reject-invoice/{id}: AwaitingApproval → Draft, with the approver's reason. */
export const rejectInvoiceSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe(
    'Why the approver sends it back to draft (required, at most 500 characters); shown as lastRejection.',
  ),
});
export type RejectInvoiceInput = z.input<typeof rejectInvoiceSchema>;
/** POST …/approve-invoice/{id} and submit-for-approval/{id}: an optional note. */
export const invoiceTransitionNoteSchema = z.strictObject({
  note: optionalMultilineText('Note', 1000).describe(
    'A note kept in the invoice’s status history (at most 1,000 characters); blank or omitted: none.',
  ),
});
/** POST …/send-invoice/{id}: the delivery date defaults to today. */
export const sendInvoiceSchema = z.strictObject({
  sentDate: isoDate('Sent date')
    .nullish()
    .describe('The delivery date the first send records (YYYY-MM-DD); omitted: today in the firm’s time zone; a resend keeps the first.'),
  /** For the email helper: who to send to (default: the client's email). */
  toEmail: z
    .email({ error: 'Enter a valid email' })
    .nullish()
    .describe(
      'Where to email the invoice, its PDF and a new public link; omitted: the client’s email (no email when the client has none).',
    ),
  message: optionalMultilineText('Message', 5000).describe(
    'The email’s message instead of the standard sentence (at most 5,000 characters); blank: the standard one.',
  ),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;
/** POST …/mark-delivered/{id}: delivered by hand on that date. */
export const markDeliveredSchema = z.strictObject({
  deliveredDate: requiredIsoDate('Delivered date').describe(
    'The day the bill was delivered by hand (YYYY-MM-DD); it replaces any earlier delivery date and the clock runs from it.',
  ),
});
