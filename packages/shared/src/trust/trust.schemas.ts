import { z } from 'zod';
import {
  isoDate,
  optionalMultilineText,
  optionalText,
  queryBoolean,
  requiredId,
  requiredIsoDate,
  requiredMultilineText,
  requiredText,
} from '../common/fields.ts';
import { formatMoney } from '../common/money.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/**
 * Trust accounting (PRODUCT.md module 10, issue 16): trust bank accounts, a ledger per client and
 * matter, movements that never take a ledger below zero, reversals instead of edits, and the
 * two-person rule above the firm's threshold. Calls under /api/admin/trust-account/.
 */

export const TRUST_TRANSACTION_TYPES = [
  'deposit',
  'disbursement',
  'invoice-payment',
  'refund',
  'transfer-out',
  'transfer-in',
  'reversal',
] as const;
export type TrustTransactionType = (typeof TRUST_TRANSACTION_TYPES)[number];
export const TRUST_TRANSACTION_TYPE_LABELS: Record<TrustTransactionType, string> = {
  deposit: 'Deposit',
  disbursement: 'Disbursement',
  'invoice-payment': 'Invoice payment',
  refund: 'Refund',
  'transfer-out': 'Transfer out',
  'transfer-in': 'Transfer in',
  reversal: 'Reversal',
};

export const TRUST_METHODS = ['Bank transfer', 'Cash', 'Cheque', 'Card', 'Other'] as const;
export type TrustMethod = (typeof TRUST_METHODS)[number];

/** The invoice payment method recorded when a payment comes from trust (never offered for a hand payment). */
export const TRUST_PAYMENT_METHOD = 'Trust';

export const TRUST_MOVEMENT_REQUEST_STATUSES = ['AwaitingApproval', 'Approved', 'Rejected'] as const;
export type TrustMovementRequestStatus = (typeof TRUST_MOVEMENT_REQUEST_STATUSES)[number];

/** "Kemi Adebayo has ₦120,000.00 on MAT-00001": the refusal names who, how much and where. */
const heldOn = (clientName: string, amount: string, symbol: string, where: string) =>
  `${clientName} has ${formatMoney(amount, symbol)} on ${where}`;

export const TRUST_MESSAGES = {
  insufficient: (clientName: string, balance: string, symbol: string, where: string) =>
    `Insufficient trust funds: ${heldOn(clientName, balance, symbol, where)}`,
  uncleared: (clientName: string, cleared: string, symbol: string, where: string) =>
    `Insufficient cleared trust funds: ${heldOn(clientName, cleared, symbol, where)} cleared; uncleared deposits cannot be paid out`,
  accountInsufficient: (accountName: string, balance: string, symbol: string) =>
    `Insufficient trust funds: the trust account ${accountName} holds ${formatMoney(balance, symbol)}`,
  amountPositive: 'Amount must be greater than 0',
  matterNotOfClient: 'The matter does not belong to the chosen client',
  accountInactive: 'This trust account is closed to new movements',
  invoiceNotOfClient: 'The invoice is not this client’s',
  invoiceNotPayable: 'Only an issued invoice with a balance due can be paid from trust',
  overpayment: 'The payment is more than the invoice’s balance due',
  sameLedger: 'Choose a different client or matter to transfer to',
  consentRequired: 'Record both clients’ consent to a transfer between clients',
  alreadyReversed: 'This trust movement has already been reversed',
  reversalOfReversal: 'A reversal cannot itself be reversed; record a new movement instead',
  transferLegReversal: 'Reverse the transfer as a whole (from either leg)',
  notUncleared: 'Only an uncleared deposit that has not been reversed can be cleared',
  clearedBeforeReceived: 'A deposit cannot clear before it was received',
  periodLocked: (periodEnd: string) => `Trust movements dated on or before ${periodEnd} are in a signed-off reconciliation`,
  ownApproval: 'You cannot approve a trust movement you requested: a second person must approve it',
  notAwaitingApproval: 'This trust movement is no longer awaiting approval',
  requestNotOfLedger: 'The trust request is for another client or matter',
  requestNotOpen: 'Deposits can be recorded only against a sent or partly paid trust request',
  /** Trust money never pays an invoice in another currency unconverted (issue: amounts in two currencies were added). */
  currencyMismatch: (invoiceNumber: string, invoiceCurrency: string, accountName: string, accountCurrency: string) =>
    `${invoiceNumber} is in ${invoiceCurrency} but ${accountName} holds ${accountCurrency}: pay it from a ${invoiceCurrency} trust account, or record the conversion to ${invoiceCurrency} first (take the ${accountCurrency} out of trust and deposit the ${invoiceCurrency} it bought)`,
  chooseInvoiceFunds: 'Choose whose funds pay the invoice: one of its matters, or the client’s general funds',
  notInvoiceMatter: 'An invoice is paid from its own matter’s trust funds: choose one of its matters, or the client’s general funds',
  generalFundsWithMatter: 'Choose either one of the invoice’s matters or the client’s general funds, not both',
} as const;

/** Required, more than zero, at most 2 decimals, as exact text. */
const positiveAmount = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((value) => String(value).trim().replace(/,/g, ''))
    .refine((value) => value !== '', `${label} is required`)
    .refine((value) => value === '' || /^\d{1,12}(\.\d{1,2})?$/.test(value), `${label} must be an amount with at most 2 decimals`)
    .refine((value) => !/^\d{1,12}(\.\d{1,2})?$/.test(value) || /[1-9]/.test(value), TRUST_MESSAGES.amountPositive);

const optionalAmount = (label: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) =>
      value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim().replace(/,/g, ''),
    )
    .refine((value) => value === null || /^\d{1,12}(\.\d{1,2})?$/.test(value), `${label} must be an amount with at most 2 decimals`);

const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || z.uuid().safeParse(value).success, message);

/** Where trust money sits, in every trust answer: the account, the client and the matter (null: general funds). */
export const trustPlaceFields = {
  trustAccountId: z.string().describe('The trust bank account’s id.'),
  trustAccountName: z.string().describe('The trust bank account’s name in the firm’s books.'),
  currencySymbol: z.string().describe('The symbol of the trust account’s currency (e.g. "₦"), to show beside its amounts.'),
  clientId: z.string().describe('The id of the client whose trust funds these are.'),
  clientName: z.string().describe('The client’s display name.'),
  matterId: z.string().nullable().describe('The matter’s id; null: the client’s general trust funds, not assigned to a matter.'),
  matterNumber: z
    .string()
    .nullable()
    .describe('The matter’s number (e.g. MAT-00001); null for general funds or a matter without a number.'),
  matterName: z.string().nullable().describe('The matter’s name; null for the client’s general trust funds.'),
};

// ---------------------------------------------------------------------------------------------
// Trust bank accounts

export const createTrustAccountSchema = z.strictObject({
  name: requiredText('Account name', 120).describe(
    'The account’s name in the firm’s books, up to 120 characters; unique in the firm (409 when taken).',
  ),
  bankName: requiredText('Bank name', 120).describe('The bank that holds the account, up to 120 characters.'),
  /** Only its last four characters are kept. */
  accountNumber: requiredText('Account number', 34)
    .refine((value) => /^[0-9A-Za-z -]{4,34}$/.test(value), 'Enter the account number (at least 4 digits)')
    .describe('The bank account number, 4–34 letters, digits, spaces or hyphens; only its last four characters are kept.'),
  currencyCode: z
    .string()
    .trim()
    .length(3, 'Choose a currency')
    .nullish()
    .describe('ISO 4217 code of the account’s currency (e.g. "NGN"), fixed once created; left out or null: the firm’s home currency.'),
  paymentInstructions: optionalMultilineText('Payment instructions', 2000).describe(
    'How a client pays into the account, shown on trust requests, up to 2000 characters; blank: none.',
  ),
});
export type CreateTrustAccountInput = z.input<typeof createTrustAccountSchema>;

export const updateTrustAccountSchema = z.strictObject({
  name: requiredText('Account name', 120).describe(
    'The account’s name in the firm’s books, up to 120 characters; unique in the firm (409 when taken).',
  ),
  bankName: requiredText('Bank name', 120).describe('The bank that holds the account, up to 120 characters.'),
  paymentInstructions: optionalMultilineText('Payment instructions', 2000).describe(
    'How a client pays into the account, shown on trust requests, up to 2000 characters; blank: none.',
  ),
  isActive: z
    .boolean()
    .default(true)
    .describe('false closes the account to new movements and trust requests (its history stays); left out: true.'),
});
export type UpdateTrustAccountInput = z.input<typeof updateTrustAccountSchema>;

export const trustAccountSchema = z.object({
  id: z.string().describe('The trust account’s id.'),
  name: z.string().describe('The account’s name in the firm’s books.'),
  bankName: z.string().describe('The bank that holds the account.'),
  /** "••••1234" */
  accountNumberMasked: z
    .string()
    .describe('The account number’s last four characters after four bullets, e.g. "••••1234"; the full number is never kept.'),
  currencyCode: z.string().describe('ISO 4217 code of the account’s currency; every amount held in it is in this currency.'),
  currencySymbol: z.string().describe('The symbol of the account’s currency, e.g. "₦".'),
  paymentInstructions: z.string().describe('How a client pays into the account; empty when none.'),
  isActive: z.boolean().describe('false: closed to new movements and trust requests.'),
  balance: z.string().describe('What the account holds for all its clients, an exact decimal string in its currency, e.g. "1250.00".'),
  clearedBalance: z
    .string()
    .describe('The part of balance whose funds have cleared and may be paid out, a decimal string in its currency.'),
  unclearedBalance: z
    .string()
    .describe('balance − clearedBalance: deposits the bank has not yet cleared, a decimal string in its currency.'),
  clientLedgerCount: z.number().describe('How many client and matter ledgers in the account hold more than zero.'),
  createdAt: z.string().describe('When the account was added, ISO 8601 UTC.'),
});
export type TrustAccount = z.infer<typeof trustAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Movements

export const depositSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required').describe(
    'The trust account the money was paid into; it must be open to movements (409 when closed).',
  ),
  clientId: requiredId('Client is required').describe('The client the money is held for.'),
  matterId: optionalId('Matter is not valid').describe(
    'The client’s matter the money is held for; blank or null: the client’s general trust funds. Another client’s matter is refused (400).',
  ),
  amount: positiveAmount('Amount').describe(
    'The amount received: more than 0 with at most 2 decimals, as a decimal string (or number) in the trust account’s currency, e.g. "1250.00"; commas are ignored.',
  ),
  depositDate: requiredIsoDate('Deposit date').describe(
    'The date the money was received, YYYY-MM-DD; not on or before a signed-off reconciliation’s period end (409).',
  ),
  method: z
    .enum(TRUST_METHODS, { error: 'Method is required' })
    .describe('How it was paid; Cash at or above the firm’s cash review threshold is flagged for anti-money-laundering review.'),
  reference: optionalText('Reference', 120).describe('The bank’s or payer’s reference, up to 120 characters; blank: none.'),
  /** Who paid it in: the client when left blank, or a third party. */
  payer: optionalText('Payer', 160).describe('Who paid the money in, up to 160 characters; blank: the client.'),
  /** false: the funds (a cheque) have not cleared; they cannot be paid out until marked cleared. */
  isCleared: z
    .boolean()
    .default(true)
    .describe('false: the funds (e.g. a cheque) have not cleared and cannot be paid out until the deposit is cleared; left out: true.'),
  trustRequestId: optionalId('Trust request is not valid').describe(
    'The sent or partly paid trust request this deposit pays (same trust account, client and matter); it counts towards the request’s paid amount.',
  ),
});
export type DepositInput = z.input<typeof depositSchema>;

export const disburseSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required').describe(
    'The trust account paying out; it must be open to movements (409 when closed).',
  ),
  clientId: requiredId('Client is required').describe('The client whose trust funds pay.'),
  matterId: optionalId('Matter is not valid').describe(
    'The client’s matter whose funds pay; blank or null: the client’s general trust funds. Another client’s matter is refused (400).',
  ),
  amount: positiveAmount('Amount').describe(
    'The amount paid: more than 0 with at most 2 decimals, a decimal string in the trust account’s currency; more than the ledger’s cleared funds is refused (409).',
  ),
  date: requiredIsoDate('Date').describe(
    'The date of the payment, YYYY-MM-DD; not on or before a signed-off reconciliation’s period end (409).',
  ),
  payee: requiredText('Payee', 160).describe('The third party paid, up to 160 characters.'),
  purpose: requiredMultilineText('Purpose', 500).describe('What the payment is for, up to 500 characters.'),
  method: z.enum(TRUST_METHODS).nullish().describe('How it was paid; left out or null: not recorded.'),
  reference: optionalText('Reference', 120).describe(
    'The payment’s reference (a cheque number, a bank reference), up to 120 characters; blank: none.',
  ),
});
export type DisburseInput = z.input<typeof disburseSchema>;

export const refundSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required').describe(
    'The trust account paying out; it must be open to movements (409 when closed).',
  ),
  clientId: requiredId('Client is required').describe('The client whose trust funds are returned.'),
  matterId: optionalId('Matter is not valid').describe(
    'The client’s matter whose funds are returned; blank or null: the client’s general trust funds. Another client’s matter is refused (400).',
  ),
  amount: positiveAmount('Amount').describe(
    'The amount returned: more than 0 with at most 2 decimals, a decimal string in the trust account’s currency; more than the ledger’s cleared funds is refused (409).',
  ),
  date: requiredIsoDate('Date').describe(
    'The date of the refund, YYYY-MM-DD; not on or before a signed-off reconciliation’s period end (409).',
  ),
  method: z.enum(TRUST_METHODS, { error: 'Method is required' }).describe('How the money was returned.'),
  reference: optionalText('Reference', 120).describe(
    'The payment’s reference (a cheque number, a bank reference), up to 120 characters; blank: none.',
  ),
  /** Paid to: the client when left blank. */
  payee: optionalText('Payee', 160).describe('Who was paid, up to 160 characters; blank: the client.'),
  purpose: optionalMultilineText('Reason', 500).describe('Why the funds are returned, up to 500 characters; blank: none given.'),
});
export type RefundInput = z.input<typeof refundSchema>;

export const payInvoiceFromTrustSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required').describe(
    'The trust account paying; it must be open to movements (409) and hold the invoice’s currency (400 otherwise).',
  ),
  invoiceId: requiredId('Invoice is required').describe(
    'The invoice to pay: issued, with a balance due (409 otherwise), of the client whose funds pay.',
  ),
  amount: positiveAmount('Amount').describe(
    'The amount paid: more than 0 with at most 2 decimals, a decimal string in the invoice’s currency; at most its balance due and the ledger’s cleared funds.',
  ),
  date: requiredIsoDate('Date').describe('The payment date, YYYY-MM-DD; not on or before a signed-off reconciliation’s period end (409).'),
  /**
   * Whose funds: one of the invoice's own matters (blank: its only matter), or, with fromGeneralFunds,
   * the client's general ledger (money not assigned to a matter): never another matter's.
   */
  matterId: optionalId('Matter is not valid').describe(
    'Whose funds pay: one of the invoice’s own matters; blank: its only matter. An invoice of several matters needs one named, or fromGeneralFunds (400).',
  ),
  fromGeneralFunds: z
    .boolean()
    .optional()
    .describe('true: pay from the client’s general trust funds (not assigned to a matter); matterId must then be blank (400).'),
  reference: optionalText('Reference', 120).describe('The payment’s reference, up to 120 characters; blank: the payment’s receipt number.'),
});
export type PayInvoiceFromTrustInput = z.input<typeof payInvoiceFromTrustSchema>;

export const transferSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required').describe(
    'The trust account both ledgers are in (the money never leaves it); it must be open to movements (409 when closed).',
  ),
  fromClientId: requiredId('From client is required').describe('The client whose funds move.'),
  fromMatterId: optionalId('From matter is not valid').describe(
    'The matter whose funds move; blank or null: the client’s general trust funds.',
  ),
  toClientId: requiredId('To client is required').describe(
    'The client who receives the funds: the same client to move money between their matters.',
  ),
  toMatterId: optionalId('To matter is not valid').describe(
    'The receiving matter; blank or null: the receiving client’s general trust funds. The same ledger as the source is refused (400).',
  ),
  amount: positiveAmount('Amount').describe(
    'The amount moved: more than 0 with at most 2 decimals, a decimal string in the trust account’s currency; more than the source’s cleared funds is refused (409).',
  ),
  date: requiredIsoDate('Date').describe(
    'The date of the transfer, YYYY-MM-DD; not on or before a signed-off reconciliation’s period end (409).',
  ),
  reason: requiredMultilineText('Reason', 500).describe('Why the funds move, up to 500 characters.'),
  /** Required between clients: how both consented (letters, emails, dates). */
  consentNote: optionalMultilineText('Consent', 1000).describe(
    'How both clients consented (letters, emails, dates), up to 1000 characters; required when the clients differ (400).',
  ),
});
export type TransferInput = z.input<typeof transferSchema>;

export const reverseTrustTransactionSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe('Why the movement is reversed, up to 500 characters.'),
  date: isoDate('Date').nullish().describe('The reversal’s date, YYYY-MM-DD; left out or null: today in the firm’s time zone.'),
});
export type ReverseTrustTransactionInput = z.input<typeof reverseTrustTransactionSchema>;

export const clearDepositSchema = z.strictObject({
  clearedDate: requiredIsoDate('Cleared date').describe(
    'The date the bank cleared the funds, YYYY-MM-DD; not before the deposit’s own date (400).',
  ),
});
export type ClearDepositInput = z.input<typeof clearDepositSchema>;

export const rejectTrustMovementSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe('Why the movement is rejected, up to 500 characters; the requester sees it.'),
});

export const trustTransactionSchema = z.object({
  id: z.string().describe('The movement’s id.'),
  /** TRX-00001, gapless per firm. */
  number: z.string().describe('The movement’s number, TRX-00001 onwards, gapless per firm.'),
  ...trustPlaceFields,
  /** The trust account's currency: every amount of the movement is in it. */
  currencyCode: z.string().describe('ISO 4217 code of the trust account’s currency: every amount of the movement is in it.'),
  type: z
    .enum(TRUST_TRANSACTION_TYPES)
    .describe('What moved the money: transfer-out and transfer-in are the two legs of one transfer; a reversal undoes another movement.'),
  direction: z.enum(['in', 'out']).describe('in: money into the client’s ledger; out: money out of it.'),
  amount: z.string().describe('The amount, never negative, as an exact decimal string in the trust account’s currency, e.g. "1250.00".'),
  /** Signed: + in, − out. */
  signedAmount: z.string().describe('amount signed by direction: as is when in, with a leading minus when out, e.g. "-1250.00".'),
  date: z.string().describe('The movement’s date, YYYY-MM-DD.'),
  method: z
    .string()
    .nullable()
    .describe(
      'How the money moved (Bank transfer, Cash, Cheque, Card, Other; "Transfer to operating" for an invoice payment); null: not recorded.',
    ),
  reference: z.string().nullable().describe('The bank, cheque or receipt reference; null: none.'),
  counterparty: z
    .string()
    .nullable()
    .describe('Who paid the money in or was paid it, or, for a transfer, the other client and ledger; null: none.'),
  purpose: z.string().nullable().describe('What money out was for (an invoice payment names the invoice and receipt); null: none.'),
  isCleared: z
    .boolean()
    .describe('false only for a deposit recorded uncleared whose funds have not been cleared since: they cannot be paid out yet.'),
  clearedDate: z
    .string()
    .nullable()
    .describe('The date a deposit recorded uncleared was later cleared, YYYY-MM-DD; null when cleared on entry or not yet cleared.'),
  trustRequestId: z.string().nullable().describe('The trust request a deposit paid; null: none.'),
  invoiceId: z.string().nullable().describe('The invoice an invoice payment (or its reversal) concerns; null for other movements.'),
  invoiceNumber: z.string().nullable().describe('That invoice’s number; null when the movement concerns no invoice.'),
  transferId: z.string().nullable().describe('The id the two legs of a transfer (and their reversals) share; null for other movements.'),
  reversesTransactionId: z.string().nullable().describe('For a reversal: the id of the movement it undoes; null otherwise.'),
  reversesNumber: z.string().nullable().describe('For a reversal: the number of the movement it undoes; null otherwise.'),
  reversedByTransactionId: z.string().nullable().describe('The id of the reversal that undid this movement; null: not reversed.'),
  reversedByNumber: z.string().nullable().describe('The number of the reversal that undid this movement; null: not reversed.'),
  reason: z.string().nullable().describe('A transfer’s or a reversal’s reason; null for other movements.'),
  consentNote: z.string().nullable().describe('For a transfer between clients: how both consented; null otherwise.'),
  createdByUserName: z.string().describe('Who recorded the movement; for one approved by a second person, who asked for it.'),
  approvedByUserName: z
    .string()
    .nullable()
    .describe('The second person who approved it (above the firm’s approval threshold); null: no approval was needed.'),
  createdAt: z.string().describe('When the movement was recorded, ISO 8601 UTC.'),
});
export type TrustTransaction = z.infer<typeof trustTransactionSchema>;

export const trustMovementRequestSchema = z.object({
  id: z.string().describe('The movement request’s id, which approve-transaction and reject-transaction take.'),
  kind: z.enum(['disbursement', 'refund', 'invoice-payment']).describe('The movement out of trust that waits.'),
  trustAccountId: z.string().describe('The trust account the money would leave.'),
  trustAccountName: z.string().describe('That trust account’s name.'),
  currencySymbol: z.string().describe('The symbol of the trust account’s currency, e.g. "₦".'),
  clientId: z.string().describe('The id of the client whose funds would pay.'),
  clientName: z.string().describe('The client’s display name.'),
  matterId: z.string().nullable().describe('The matter whose funds would pay; null: the client’s general trust funds.'),
  matterNumber: z.string().nullable().describe('The matter’s number; null for general funds or a matter without a number.'),
  amount: z.string().describe('The amount that would leave trust, an exact decimal string in the trust account’s currency.'),
  date: z.string().describe('The date the movement carries once posted, YYYY-MM-DD.'),
  /** Payee and purpose (or the invoice number) in words. */
  description: z.string().describe('The payee and purpose, or the invoice paid, in words, e.g. "Lagos Registry: filing fees".'),
  status: z
    .enum(TRUST_MOVEMENT_REQUEST_STATUSES)
    .describe('AwaitingApproval: waits for a second person; Approved: posted as transactionId; Rejected: nothing moved.'),
  requestedByUserId: z.string().describe('The user who asked for the movement; they cannot approve it themselves.'),
  requestedByUserName: z.string().describe('That user’s name.'),
  decidedByUserName: z
    .string()
    .nullable()
    .describe('Who approved or rejected it; null while awaiting, or when the requester withdrew (rejected) it themselves.'),
  decidedAt: z.string().nullable().describe('When it was approved or rejected, ISO 8601 UTC; null while awaiting.'),
  decisionReason: z.string().nullable().describe('The reason given when it was rejected; null otherwise.'),
  transactionId: z.string().nullable().describe('The movement posted when it was approved; null until then.'),
  createdAt: z.string().describe('When it was asked for, ISO 8601 UTC.'),
});
export type TrustMovementRequest = z.infer<typeof trustMovementRequestSchema>;

/** A disbursement, refund or invoice payment: posted, or waiting for a second person above the threshold. */
export const trustMovementResultSchema = z.object({
  status: z
    .enum(['Posted', 'AwaitingApproval'])
    .describe(
      'Posted: the movement is recorded (transaction); AwaitingApproval: above the firm’s threshold it waits for a second person (movementRequest).',
    ),
  transaction: trustTransactionSchema.nullable().describe('The movement recorded; null while it awaits approval.'),
  movementRequest: trustMovementRequestSchema
    .nullable()
    .describe('The request waiting for a second person; null when the movement was posted.'),
});
export type TrustMovementResult = z.infer<typeof trustMovementResultSchema>;

export const trustTransferResultSchema = z.object({
  out: trustTransactionSchema.describe('The transfer-out leg, taking the money from the source ledger.'),
  in: trustTransactionSchema.describe('The transfer-in leg, putting it into the receiving ledger.'),
});
export type TrustTransferResult = z.infer<typeof trustTransferResultSchema>;

export const trustJournalLineSchema = z.object({
  accountCode: z.string().describe('The ledger account’s code, e.g. trust-bank or client-trust-liability.'),
  accountName: z.string().describe('The ledger account’s name.'),
  debit: z.string().describe('The line’s debit, an exact decimal string in the trust account’s currency; "0.00" on a credit line.'),
  credit: z.string().describe('The line’s credit, an exact decimal string in the trust account’s currency; "0.00" on a debit line.'),
  clientName: z.string().nullable().describe('The client the line concerns; null: none.'),
  matterNumber: z.string().nullable().describe('The number of the matter the line concerns; null: none.'),
});

export const trustHistoryEventSchema = z.object({
  event: z.string().describe('The audit event’s name, e.g. trustTransaction.deposited or trustMovementRequest.approved.'),
  at: z.string().describe('When it happened, ISO 8601 UTC.'),
  byUserName: z.string().nullable().describe('Who did it; null when no user is known.'),
  details: z
    .record(z.string(), z.unknown())
    .describe('What the audit event recorded (amounts, reasons, before and after values); its keys depend on the event.'),
});

/** /trust-account/record/[idx]: one movement, its journal lines, its reversal and its history. */
export const trustTransactionRecordSchema = z.object({
  transaction: trustTransactionSchema.describe('The movement.'),
  /** The other leg of a transfer. */
  counterpart: trustTransactionSchema.nullable().describe('The other leg of a transfer; null for any other movement, and for a reversal.'),
  journalEntryId: z.string().describe('The journal entry that posted the movement (see the accounting journal).'),
  journalLines: z.array(trustJournalLineSchema).describe('That journal entry’s lines, debits first.'),
  history: z.array(trustHistoryEventSchema).describe('The audit trail of the movement and of its approval request, oldest first.'),
  canReverse: z.boolean().describe('true when it may be reversed: it is not itself a reversal and has not been reversed.'),
  canClear: z.boolean().describe('true for a deposit still awaiting clearance and not reversed: clear-deposit would accept it.'),
});
export type TrustTransactionRecord = z.infer<typeof trustTransactionRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Lists and balances

export const trustTransactionListQuerySchema = pageQuerySchema.extend({
  TrustAccountId: z.uuid('Trust account is not valid').optional().describe('Only movements of this trust account.'),
  ClientId: z.uuid('Client is not valid').optional().describe('Only this client’s movements.'),
  MatterId: z.uuid('Matter is not valid').optional().describe('Only movements of this matter’s ledger.'),
  Type: z.enum(TRUST_TRANSACTION_TYPES).optional().describe('Only movements of this type.'),
  FromDate: isoDate('From date').optional().describe('Only movements dated on or after this date, YYYY-MM-DD.'),
  ToDate: isoDate('To date').optional().describe('Only movements dated on or before this date, YYYY-MM-DD.'),
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Text found anywhere (any case) in the number, reference, payer or payee, purpose or client’s name; up to 200 characters.'),
  IsUnclearedOnly: queryBoolean.describe('"true" or "1": only deposits still awaiting clearance (not cleared, not reversed).'),
  IsDownlodCsv: queryBoolean.describe('"true" or "1": answer the whole filtered list as a CSV file (text/csv) instead of a page.'),
});
export type TrustTransactionListQuery = z.input<typeof trustTransactionListQuerySchema>;
export const trustTransactionPageSchema = pageSchema(trustTransactionSchema);
export type TrustTransactionPage = z.infer<typeof trustTransactionPageSchema>;

/** GET get-client-ledger: a client's (or one matter's) movements newest first, each with the balance after it. */
export const clientLedgerQuerySchema = pageQuerySchema.extend({
  ClientId: z.uuid('Client is required').describe('The client whose ledger to answer.'),
  MatterId: z
    .uuid('Matter is not valid')
    .optional()
    .describe('Only this matter’s ledger (a matter of the client); left out: all the client’s ledgers, general funds included.'),
  TrustAccountId: z
    .uuid('Trust account is not valid')
    .optional()
    .describe('Only the client’s ledgers in this trust account; left out: in every trust account.'),
});
export type ClientLedgerQuery = z.input<typeof clientLedgerQuerySchema>;
export const clientLedgerEntrySchema = trustTransactionSchema.extend({
  balanceAfter: z
    .string()
    .describe('The balance of the ledgers asked for, in this movement’s currency, just after it: an exact decimal string, e.g. "1250.00".'),
});
export type ClientLedgerEntry = z.infer<typeof clientLedgerEntrySchema>;
/** What a client's ledgers hold in one currency (never added to another currency's). */
export const trustCurrencyBalanceSchema = z.object({
  currencyCode: z.string().describe('ISO 4217 code of the currency.'),
  currencySymbol: z.string().describe('The currency’s symbol, e.g. "₦".'),
  balance: z.string().describe('What the ledgers hold in this currency, an exact decimal string, e.g. "1250.00".'),
  clearedBalance: z.string().describe('The part of balance whose funds have cleared and may be paid out, an exact decimal string.'),
});
export type TrustCurrencyBalance = z.infer<typeof trustCurrencyBalanceSchema>;

/**
 * The single-figure fields of a balance answer: the figure when every ledger counted is in one
 * currency (`currencyCode`), null when they are in several — then only `balances` answers, one
 * line per currency, because a sum across currencies would mislead.
 */
const balanceFields = {
  balances: z
    .array(trustCurrencyBalanceSchema)
    .describe('What the ledgers counted hold, one line per currency (never added across currencies); empty when none.'),
  currencyCode: z
    .string()
    .nullable()
    .describe('The one currency of the ledgers counted; null when they are in several (read balances) or there are none.'),
  balance: z
    .string()
    .nullable()
    .describe(
      'Their balance when in one currency, an exact decimal string ("0.00" when nothing is held); null when in several currencies.',
    ),
  clearedBalance: z
    .string()
    .nullable()
    .describe('The cleared part of balance when in one currency ("0.00" when nothing is held); null when in several currencies.'),
};

/** Each entry's balanceAfter is the balance of its own currency's ledgers after it. */
export const clientLedgerSchema = pageSchema(clientLedgerEntrySchema).extend({
  clientId: z.string().describe('The client’s id.'),
  clientName: z.string().describe('The client’s display name.'),
  matterId: z.string().nullable().describe('The matter asked for; null: all the client’s ledgers.'),
  ...balanceFields,
});
export type ClientLedger = z.infer<typeof clientLedgerSchema>;

export const trustBalanceQuerySchema = z.object({
  ClientId: z.uuid('Client is required').describe('The client whose trust balance to answer.'),
  MatterId: z
    .uuid('Matter is not valid')
    .optional()
    .describe('Only this matter’s ledgers; left out: all the client’s ledgers, general funds included.'),
});
export const trustLedgerSchema = z.object({
  ...trustPlaceFields,
  currencyCode: z.string().describe('ISO 4217 code of the trust account’s currency, that of every amount here.'),
  balance: z.string().describe('What the ledger holds, an exact decimal string in the trust account’s currency, e.g. "1250.00".'),
  clearedBalance: z.string().describe('The part of balance whose funds have cleared and may be paid out, an exact decimal string.'),
  /** The matter's evergreen minimum, when set. */
  minimumBalance: z
    .string()
    .nullable()
    .describe('The matter’s evergreen minimum trust balance (falling below it drafts a top-up request); null: none set.'),
});
export type TrustLedger = z.infer<typeof trustLedgerSchema>;
export const trustBalanceSchema = z.object({
  clientId: z.string().describe('The client’s id.'),
  matterId: z.string().nullable().describe('The matter asked for; null: all the client’s ledgers.'),
  ...balanceFields,
  ledgers: z
    .array(trustLedgerSchema)
    .describe('Each ledger counted (one per trust account and matter, or general funds), by trust account then matter number.'),
});
export type TrustBalance = z.infer<typeof trustBalanceSchema>;

/** GET get-trust-account-ledgers: an account's client ledgers with balances. */
export const trustAccountLedgersQuerySchema = pageQuerySchema.extend({
  TrustAccountId: z.uuid('Trust account is required').describe('The trust account whose ledgers to list.'),
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Text found anywhere (any case) in the client’s name or the matter number; up to 200 characters.'),
  IsNonZeroOnly: queryBoolean.describe('"true" or "1": only ledgers whose balance is not zero.'),
});
export const trustLedgerPageSchema = pageSchema(trustLedgerSchema);
export type TrustLedgerPage = z.infer<typeof trustLedgerPageSchema>;

export const trustMovementRequestListQuerySchema = pageQuerySchema.extend({
  Status: z.enum(TRUST_MOVEMENT_REQUEST_STATUSES).optional().describe('Only requests in this status; left out: all of them.'),
  TrustAccountId: z.uuid('Trust account is not valid').optional().describe('Only requests on this trust account.'),
});
export const trustMovementRequestPageSchema = pageSchema(trustMovementRequestSchema);
export type TrustMovementRequestPage = z.infer<typeof trustMovementRequestPageSchema>;

// ---------------------------------------------------------------------------------------------
// The firm's trust rules

export const trustSettingsSchema = z.object({
  approvalThreshold: z
    .string()
    .nullable()
    .describe('A disbursement, refund or invoice payment above this amount waits for a second person, a decimal string; null: never.'),
  requireRequestApproval: z.boolean().describe('true: a trust request is approved by a second person before it is sent.'),
  cashReviewThreshold: z
    .string()
    .nullable()
    .describe('A cash deposit at or above this amount is flagged for anti-money-laundering review, a decimal string; null: never.'),
});
export type TrustSettings = z.infer<typeof trustSettingsSchema>;
export const updateTrustSettingsSchema = z.strictObject({
  approvalThreshold: optionalAmount('Approval threshold').describe(
    'A disbursement, refund or invoice payment above this amount (at most 2 decimals, compared with the movement’s amount) waits for a second person; blank or null: never.',
  ),
  requireRequestApproval: z
    .boolean()
    .default(false)
    .describe('true: trust requests need a second person’s approval before they are sent; left out: false.'),
  cashReviewThreshold: optionalAmount('Cash review threshold').describe(
    'A cash deposit at or above this amount (at most 2 decimals) is flagged for anti-money-laundering review; blank or null: never.',
  ),
});
export type UpdateTrustSettingsInput = z.input<typeof updateTrustSettingsSchema>;

/** An evergreen retainer: the matter's minimum trust balance (blank removes it). */
export const setMatterTrustMinimumSchema = z.strictObject({
  matterId: requiredId('Matter is required').describe('The matter whose minimum trust balance to set.'),
  minimumBalance: optionalAmount('Minimum balance').describe(
    'The minimum, more than 0 with at most 2 decimals, as a decimal string; blank or null removes it. Money leaving below it drafts a top-up request.',
  ),
});
export type SetMatterTrustMinimumInput = z.input<typeof setMatterTrustMinimumSchema>;
