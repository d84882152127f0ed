import { z } from 'zod';
import { isoDate, optionalText, queryBoolean, requiredId, requiredText } from '../common/fields.ts';
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

const requiredDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(isoDate(label));
const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || z.uuid().safeParse(value).success, message);

/** Where trust money sits, in every trust answer: the account, the client and the matter (null: general funds). */
export const trustPlaceFields = {
  trustAccountId: z.string(),
  trustAccountName: z.string(),
  currencySymbol: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string().nullable(),
  matterNumber: z.string().nullable(),
  matterName: z.string().nullable(),
};

// ---------------------------------------------------------------------------------------------
// Trust bank accounts

export const createTrustAccountSchema = z.strictObject({
  name: requiredText('Account name', 120),
  bankName: requiredText('Bank name', 120),
  /** Only its last four characters are kept. */
  accountNumber: requiredText('Account number', 34).refine(
    (value) => /^[0-9A-Za-z -]{4,34}$/.test(value),
    'Enter the account number (at least 4 digits)',
  ),
  currencyCode: z.string().trim().length(3, 'Choose a currency').nullish(),
  paymentInstructions: optionalText('Payment instructions', 2000),
});
export type CreateTrustAccountInput = z.input<typeof createTrustAccountSchema>;

export const updateTrustAccountSchema = z.strictObject({
  name: requiredText('Account name', 120),
  bankName: requiredText('Bank name', 120),
  paymentInstructions: optionalText('Payment instructions', 2000),
  isActive: z.boolean().default(true),
});
export type UpdateTrustAccountInput = z.input<typeof updateTrustAccountSchema>;

export const trustAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  bankName: z.string(),
  /** "••••1234" */
  accountNumberMasked: z.string(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  paymentInstructions: z.string(),
  isActive: z.boolean(),
  balance: z.string(),
  clearedBalance: z.string(),
  unclearedBalance: z.string(),
  clientLedgerCount: z.number(),
  createdAt: z.string(),
});
export type TrustAccount = z.infer<typeof trustAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Movements

export const depositSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required'),
  clientId: requiredId('Client is required'),
  matterId: optionalId('Matter is not valid'),
  amount: positiveAmount('Amount'),
  depositDate: requiredDate('Deposit date'),
  method: z.enum(TRUST_METHODS, { error: 'Method is required' }),
  reference: optionalText('Reference', 120),
  /** Who paid it in: the client when left blank, or a third party. */
  payer: optionalText('Payer', 160),
  /** false: the funds (a cheque) have not cleared; they cannot be paid out until marked cleared. */
  isCleared: z.boolean().default(true),
  trustRequestId: optionalId('Trust request is not valid'),
});
export type DepositInput = z.input<typeof depositSchema>;

export const disburseSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required'),
  clientId: requiredId('Client is required'),
  matterId: optionalId('Matter is not valid'),
  amount: positiveAmount('Amount'),
  date: requiredDate('Date'),
  payee: requiredText('Payee', 160),
  purpose: requiredText('Purpose', 500),
  method: z.enum(TRUST_METHODS).nullish(),
  reference: optionalText('Reference', 120),
});
export type DisburseInput = z.input<typeof disburseSchema>;

export const refundSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required'),
  clientId: requiredId('Client is required'),
  matterId: optionalId('Matter is not valid'),
  amount: positiveAmount('Amount'),
  date: requiredDate('Date'),
  method: z.enum(TRUST_METHODS, { error: 'Method is required' }),
  reference: optionalText('Reference', 120),
  /** Paid to: the client when left blank. */
  payee: optionalText('Payee', 160),
  purpose: optionalText('Reason', 500),
});
export type RefundInput = z.input<typeof refundSchema>;

export const payInvoiceFromTrustSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required'),
  invoiceId: requiredId('Invoice is required'),
  amount: positiveAmount('Amount'),
  date: requiredDate('Date'),
  /**
   * Whose funds: one of the invoice's own matters (blank: its only matter), or, with fromGeneralFunds,
   * the client's general ledger (money not assigned to a matter): never another matter's.
   */
  matterId: optionalId('Matter is not valid'),
  fromGeneralFunds: z.boolean().optional(),
  reference: optionalText('Reference', 120),
});
export type PayInvoiceFromTrustInput = z.input<typeof payInvoiceFromTrustSchema>;

export const transferSchema = z.strictObject({
  trustAccountId: requiredId('Trust account is required'),
  fromClientId: requiredId('From client is required'),
  fromMatterId: optionalId('From matter is not valid'),
  toClientId: requiredId('To client is required'),
  toMatterId: optionalId('To matter is not valid'),
  amount: positiveAmount('Amount'),
  date: requiredDate('Date'),
  reason: requiredText('Reason', 500),
  /** Required between clients: how both consented (letters, emails, dates). */
  consentNote: optionalText('Consent', 1000),
});
export type TransferInput = z.input<typeof transferSchema>;

export const reverseTrustTransactionSchema = z.strictObject({
  reason: requiredText('Reason', 500),
  date: isoDate('Date').nullish(),
});
export type ReverseTrustTransactionInput = z.input<typeof reverseTrustTransactionSchema>;

export const clearDepositSchema = z.strictObject({ clearedDate: requiredDate('Cleared date') });
export type ClearDepositInput = z.input<typeof clearDepositSchema>;

export const rejectTrustMovementSchema = z.strictObject({ reason: requiredText('Reason', 500) });

export const trustTransactionSchema = z.object({
  id: z.string(),
  /** TRX-00001, gapless per firm. */
  number: z.string(),
  ...trustPlaceFields,
  /** The trust account's currency: every amount of the movement is in it. */
  currencyCode: z.string(),
  type: z.enum(TRUST_TRANSACTION_TYPES),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  /** Signed: + in, − out. */
  signedAmount: z.string(),
  date: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
  purpose: z.string().nullable(),
  isCleared: z.boolean(),
  clearedDate: z.string().nullable(),
  trustRequestId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  transferId: z.string().nullable(),
  reversesTransactionId: z.string().nullable(),
  reversesNumber: z.string().nullable(),
  reversedByTransactionId: z.string().nullable(),
  reversedByNumber: z.string().nullable(),
  reason: z.string().nullable(),
  consentNote: z.string().nullable(),
  createdByUserName: z.string(),
  approvedByUserName: z.string().nullable(),
  createdAt: z.string(),
});
export type TrustTransaction = z.infer<typeof trustTransactionSchema>;

export const trustMovementRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(['disbursement', 'refund', 'invoice-payment']),
  trustAccountId: z.string(),
  trustAccountName: z.string(),
  currencySymbol: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string().nullable(),
  matterNumber: z.string().nullable(),
  amount: z.string(),
  date: z.string(),
  /** Payee and purpose (or the invoice number) in words. */
  description: z.string(),
  status: z.enum(TRUST_MOVEMENT_REQUEST_STATUSES),
  requestedByUserId: z.string(),
  requestedByUserName: z.string(),
  decidedByUserName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type TrustMovementRequest = z.infer<typeof trustMovementRequestSchema>;

/** A disbursement, refund or invoice payment: posted, or waiting for a second person above the threshold. */
export const trustMovementResultSchema = z.object({
  status: z.enum(['Posted', 'AwaitingApproval']),
  transaction: trustTransactionSchema.nullable(),
  movementRequest: trustMovementRequestSchema.nullable(),
});
export type TrustMovementResult = z.infer<typeof trustMovementResultSchema>;

export const trustTransferResultSchema = z.object({ out: trustTransactionSchema, in: trustTransactionSchema });
export type TrustTransferResult = z.infer<typeof trustTransferResultSchema>;

export const trustJournalLineSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  debit: z.string(),
  credit: z.string(),
  clientName: z.string().nullable(),
  matterNumber: z.string().nullable(),
});

export const trustHistoryEventSchema = z.object({
  event: z.string(),
  at: z.string(),
  byUserName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

/** /trust-account/record/[idx]: one movement, its journal lines, its reversal and its history. */
export const trustTransactionRecordSchema = z.object({
  transaction: trustTransactionSchema,
  /** The other leg of a transfer. */
  counterpart: trustTransactionSchema.nullable(),
  journalEntryId: z.string(),
  journalLines: z.array(trustJournalLineSchema),
  history: z.array(trustHistoryEventSchema),
  canReverse: z.boolean(),
  canClear: z.boolean(),
});
export type TrustTransactionRecord = z.infer<typeof trustTransactionRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Lists and balances

export const trustTransactionListQuerySchema = pageQuerySchema.extend({
  TrustAccountId: z.uuid('Trust account is not valid').optional(),
  ClientId: z.uuid('Client is not valid').optional(),
  MatterId: z.uuid('Matter is not valid').optional(),
  Type: z.enum(TRUST_TRANSACTION_TYPES).optional(),
  FromDate: isoDate('From date').optional(),
  ToDate: isoDate('To date').optional(),
  GeneralSearchText: z.string().trim().max(200).optional(),
  IsUnclearedOnly: queryBoolean,
  IsDownlodCsv: queryBoolean,
});
export type TrustTransactionListQuery = z.input<typeof trustTransactionListQuerySchema>;
export const trustTransactionPageSchema = pageSchema(trustTransactionSchema);
export type TrustTransactionPage = z.infer<typeof trustTransactionPageSchema>;

/** GET get-client-ledger: a client's (or one matter's) movements newest first, each with the balance after it. */
export const clientLedgerQuerySchema = pageQuerySchema.extend({
  ClientId: z.uuid('Client is required'),
  MatterId: z.uuid('Matter is not valid').optional(),
  TrustAccountId: z.uuid('Trust account is not valid').optional(),
});
export type ClientLedgerQuery = z.input<typeof clientLedgerQuerySchema>;
export const clientLedgerEntrySchema = trustTransactionSchema.extend({ balanceAfter: z.string() });
export type ClientLedgerEntry = z.infer<typeof clientLedgerEntrySchema>;
/** What a client's ledgers hold in one currency (never added to another currency's). */
export const trustCurrencyBalanceSchema = z.object({
  currencyCode: z.string(),
  currencySymbol: z.string(),
  balance: z.string(),
  clearedBalance: z.string(),
});
export type TrustCurrencyBalance = z.infer<typeof trustCurrencyBalanceSchema>;

/**
 * The single-figure fields of a balance answer: the figure when every ledger counted is in one
 * currency (`currencyCode`), null when they are in several — then only `balances` answers, one
 * line per currency, because a sum across currencies would mislead.
 */
const balanceFields = {
  balances: z.array(trustCurrencyBalanceSchema),
  currencyCode: z.string().nullable(),
  balance: z.string().nullable(),
  clearedBalance: z.string().nullable(),
};

/** Each entry's balanceAfter is the balance of its own currency's ledgers after it. */
export const clientLedgerSchema = pageSchema(clientLedgerEntrySchema).extend({
  clientId: z.string(),
  clientName: z.string(),
  matterId: z.string().nullable(),
  ...balanceFields,
});
export type ClientLedger = z.infer<typeof clientLedgerSchema>;

export const trustBalanceQuerySchema = z.object({
  ClientId: z.uuid('Client is required'),
  MatterId: z.uuid('Matter is not valid').optional(),
});
export const trustLedgerSchema = z.object({
  ...trustPlaceFields,
  currencyCode: z.string(),
  balance: z.string(),
  clearedBalance: z.string(),
  /** The matter's evergreen minimum, when set. */
  minimumBalance: z.string().nullable(),
});
export type TrustLedger = z.infer<typeof trustLedgerSchema>;
export const trustBalanceSchema = z.object({
  clientId: z.string(),
  matterId: z.string().nullable(),
  ...balanceFields,
  ledgers: z.array(trustLedgerSchema),
});
export type TrustBalance = z.infer<typeof trustBalanceSchema>;

/** GET get-trust-account-ledgers: an account's client ledgers with balances. */
export const trustAccountLedgersQuerySchema = pageQuerySchema.extend({
  TrustAccountId: z.uuid('Trust account is required'),
  GeneralSearchText: z.string().trim().max(200).optional(),
  IsNonZeroOnly: queryBoolean,
});
export const trustLedgerPageSchema = pageSchema(trustLedgerSchema);
export type TrustLedgerPage = z.infer<typeof trustLedgerPageSchema>;

export const trustMovementRequestListQuerySchema = pageQuerySchema.extend({
  Status: z.enum(TRUST_MOVEMENT_REQUEST_STATUSES).optional(),
  TrustAccountId: z.uuid('Trust account is not valid').optional(),
});
export const trustMovementRequestPageSchema = pageSchema(trustMovementRequestSchema);
export type TrustMovementRequestPage = z.infer<typeof trustMovementRequestPageSchema>;

// ---------------------------------------------------------------------------------------------
// The firm's trust rules

export const trustSettingsSchema = z.object({
  approvalThreshold: z.string().nullable(),
  requireRequestApproval: z.boolean(),
  cashReviewThreshold: z.string().nullable(),
});
export type TrustSettings = z.infer<typeof trustSettingsSchema>;
export const updateTrustSettingsSchema = z.strictObject({
  approvalThreshold: optionalAmount('Approval threshold'),
  requireRequestApproval: z.boolean().default(false),
  cashReviewThreshold: optionalAmount('Cash review threshold'),
});
export type UpdateTrustSettingsInput = z.input<typeof updateTrustSettingsSchema>;

/** An evergreen retainer: the matter's minimum trust balance (blank removes it). */
export const setMatterTrustMinimumSchema = z.strictObject({
  matterId: requiredId('Matter is required'),
  minimumBalance: optionalAmount('Minimum balance'),
});
export type SetMatterTrustMinimumInput = z.input<typeof setMatterTrustMinimumSchema>;
