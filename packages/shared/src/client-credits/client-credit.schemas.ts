import { z } from 'zod';
import { bankAccountChoice } from '../accounting/bank-account-choice.ts';
import { isoDate, requiredId, requiredText } from '../common/fields.ts';
import { toCents } from '../common/money.ts';

/**
 * A client's credit balance (issue 36, ADR 0051): money the client has with the firm beyond what it
 * owes, per currency — an overpayment kept as credit, or a credit note over a paid invoice — used by
 * applying it to another of the client's invoices or refunding it. Its movements are never edited.
 */
export const CLIENT_CREDIT_KINDS = [
  'credit-note',
  'overpayment',
  'applied',
  'refunded',
  'applied-reversed',
  'overpayment-reversed',
] as const;
export type ClientCreditKind = (typeof CLIENT_CREDIT_KINDS)[number];

export const CLIENT_CREDIT_KIND_LABELS: Record<ClientCreditKind, string> = {
  'credit-note': 'Credit note',
  overpayment: 'Overpayment kept as credit',
  applied: 'Applied to an invoice',
  refunded: 'Refunded',
  'applied-reversed': 'Payment from credit reversed',
  'overpayment-reversed': 'Overpayment reversed',
};

/** The method a payment made with the client's credit is recorded with on the invoice. */
export const CLIENT_CREDIT_PAYMENT_METHOD = 'Client credit';

export const CLIENT_CREDIT_MESSAGES = {
  amountRequired: 'Amount is required',
  amountFormat: 'Amount must be an amount with at most 2 decimals',
  amountPositive: 'Amount must be greater than 0',
  clientRequired: 'Choose the client',
  invoiceRequired: 'Choose the invoice',
  moreThanCredit: 'The amount is more than the client’s credit in this currency',
  otherClient: 'The invoice is not this client’s',
  otherCurrency: 'The invoice is in another currency than the credit',
  moreThanDue: 'The amount is more than the invoice’s balance due',
  notPayable: 'The invoice is not open for payment (not issued, void, or nothing due)',
  excessUsed:
    'The excess this payment kept as the client’s credit has since been applied or refunded: the credit left is less than what the reversal takes back',
} as const;

const positiveAmount = z
  .union([z.string(), z.number()], { error: CLIENT_CREDIT_MESSAGES.amountRequired })
  .transform((value) => String(value).trim())
  .refine((value) => value !== '', CLIENT_CREDIT_MESSAGES.amountRequired)
  .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), CLIENT_CREDIT_MESSAGES.amountFormat)
  .refine((value) => !/^\d{1,12}(\.\d{1,2})?$/.test(value) || toCents(value) > 0n, CLIENT_CREDIT_MESSAGES.amountPositive);

const currencyOfCredit = z
  .string({ error: 'Currency is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO 4217 code');

/** GET get-client-credits?ClientId=. */
export const clientCreditsQuerySchema = z.object({
  ClientId: requiredId(CLIENT_CREDIT_MESSAGES.clientRequired).describe('The client whose credit balance to answer (a client of the firm).'),
});

export const clientCreditBalanceSchema = z.object({
  currencyCode: z.string().describe('The currency, ISO 4217 ("USD"): credit in two currencies is never added.'),
  balance: z.string().describe('The credit the client has in it, an exact decimal above 0 ("250.00").'),
});
export type ClientCreditBalance = z.infer<typeof clientCreditBalanceSchema>;

export const clientCreditMovementSchema = z.object({
  id: z.string().describe('The movement’s id.'),
  kind: z
    .enum(CLIENT_CREDIT_KINDS)
    .describe(
      'credit-note or overpayment: credit gained; applied: used to pay an invoice; refunded: paid back; applied-reversed or overpayment-reversed: a payment reversed took back its movement.',
    ),
  amount: z
    .string()
    .describe('Signed, an exact decimal in currencyCode: positive when credit is gained, negative when it is used ("-100.00").'),
  currencyCode: z.string().describe('The currency, ISO 4217.'),
  movementDate: z.string().describe('The date it took effect in the ledger (YYYY-MM-DD).'),
  invoiceId: z.string().nullable().describe('The invoice overpaid, paid with the credit or credited; null for a refund.'),
  invoiceNumber: z.string().nullable().describe('That invoice’s number ("INV-00012"); null when none.'),
  creditNoteNumber: z.string().nullable().describe('The credit note that gave the credit ("CN-00001"); null for other kinds.'),
  reference: z.string().nullable().describe('The receipt number of the payment behind it, or the refund’s reference; null when none.'),
  byUserName: z.string().describe('Who recorded it.'),
  createdAt: z.string().describe('When it was recorded (ISO 8601 UTC).'),
});
export type ClientCreditMovement = z.infer<typeof clientCreditMovementSchema>;

export const payableInvoiceSchema = z.object({
  id: z.string().describe('The invoice’s id (the invoiceId apply-client-credit takes).'),
  invoiceNumber: z.string().describe('Its number ("INV-00012").'),
  currencyCode: z.string().describe('Its currency, ISO 4217: credit in that currency may pay it.'),
  balanceDue: z.string().describe('What it still owes, an exact decimal in currencyCode.'),
  dueDate: z.string().describe('When payment is due (YYYY-MM-DD).'),
});
export type PayableInvoice = z.infer<typeof payableInvoiceSchema>;

export const clientCreditsSchema = z.object({
  clientId: z.string().describe('The client.'),
  balances: z
    .array(clientCreditBalanceSchema)
    .describe('The credit the client has, one entry per currency with some (by currency code); empty when it has none.'),
  movements: z.array(clientCreditMovementSchema).describe('Every movement of the client’s credit, newest first.'),
  payableInvoices: z
    .array(payableInvoiceSchema)
    .describe(
      'The client’s invoices open for payment in a currency it has credit in (what apply-client-credit takes), oldest due date first.',
    ),
});
export type ClientCredits = z.infer<typeof clientCreditsSchema>;

/** POST apply-client-credit: pay one of the client's open invoices in the credit's currency with it. */
export const applyClientCreditSchema = z.strictObject({
  clientId: requiredId(CLIENT_CREDIT_MESSAGES.clientRequired).describe('The client whose credit pays.'),
  currencyCode: currencyOfCredit.describe('The credit’s currency, ISO 4217; the invoice must be in it.'),
  invoiceId: requiredId(CLIENT_CREDIT_MESSAGES.invoiceRequired).describe('The client’s open invoice to pay (issued, with something due).'),
  amount: positiveAmount.describe(
    'How much of the credit to apply: an exact decimal above 0 with at most 2 decimals, never more than the credit or the invoice’s balance due (400).',
  ),
});
export type ApplyClientCreditInput = z.input<typeof applyClientCreditSchema>;

/** POST refund-client-credit: pay credit back to the client from an operating bank account. */
export const refundClientCreditSchema = z.strictObject({
  clientId: requiredId(CLIENT_CREDIT_MESSAGES.clientRequired).describe('The client refunded.'),
  currencyCode: currencyOfCredit.describe('The credit’s currency, ISO 4217; the money leaves a bank account in it.'),
  amount: positiveAmount.describe(
    'How much to refund: an exact decimal above 0 with at most 2 decimals, never more than the client’s credit in the currency (400).',
  ),
  refundDate: isoDate('Refund date')
    .nullish()
    .describe('The date the money left (YYYY-MM-DD), the ledger entry’s date; omitted: today in the firm’s time zone.'),
  reference: requiredText('Reference', 120).describe(
    'How the refund went out: a transfer or cheque number (required, at most 120 characters).',
  ),
  bankAccountId: bankAccountChoice,
});
export type RefundClientCreditInput = z.input<typeof refundClientCreditSchema>;
