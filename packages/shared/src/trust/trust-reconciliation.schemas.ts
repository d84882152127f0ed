import { z } from 'zod';
import { isoDate, optionalText, queryBoolean } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

/**
 * Three-way reconciliation of a trust bank account (issue 16, ADR 0025): the trust bank balance in
 * the general ledger, the sum of the client ledgers and the bank's own balance, with every
 * difference itemised. Calls under /api/admin/trust-account/.
 */

export const TRUST_RECONCILIATION_MESSAGES = {
  notBalanced: 'The reconciliation does not agree as of that date: resolve the differences before signing off',
  noBankBalance: 'Import a bank statement or record the bank’s balance for that date before signing off',
  periodNotAfterLast: (periodEnd: string) => `A reconciliation is already signed off up to ${periodEnd}: sign off a later period`,
  futurePeriod: 'A period cannot be signed off before it has ended',
  lockedPeriod: (periodEnd: string) => `Bank lines dated on or before ${periodEnd} are in a signed-off reconciliation`,
  lineAlreadyMatched: 'This statement line is already matched: unmatch it first',
  lineNotMatched: 'This statement line is not matched',
  transactionAlreadyMatched: 'That trust movement is already matched to another statement line',
  otherAccount: 'The trust movement is in another trust account',
  transferNotOnBank: 'A transfer between ledgers of the same trust account never reaches the bank: it cannot be matched',
  amountMismatch: (line: string, movement: string) => `The amounts differ: the bank line is ${line} and the trust movement is ${movement}`,
  fileRequired: 'Choose a bank statement CSV file to import',
  fileTooLarge: 'The bank statement file is larger than 2 MB',
  emptyFile: 'The bank statement has no lines',
  importedCounts: (alreadyImported: number, fresh: number) =>
    `${alreadyImported} ${alreadyImported === 1 ? 'line' : 'lines'} already imported, ${fresh} new`,
} as const;

export const TRUST_STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
export const TRUST_STATEMENT_MAX_LINES = 10_000;

/** A signed amount with at most 2 decimals ("-1200.50"); thousands separators allowed. */
const signedAmount = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((value) => String(value).trim().replace(/,/g, ''))
    .refine((value) => /^-?\d{1,12}(\.\d{1,2})?$/.test(value), `${label} must be an amount with at most 2 decimals`);

const requiredDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(isoDate(label));

// ---------------------------------------------------------------------------------------------
// The reconciliation

export const reconciliationQuerySchema = pageQuerySchema.extend({
  trustAccountId: z.uuid('Trust account is required'),
  /** The end of this day; today (the firm's) when left out. */
  asOf: isoDate('As of date').optional(),
});
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

export const RECONCILIATION_ITEM_KINDS = ['uncleared-deposit', 'unpresented-payment'] as const;

/** A trust movement the bank had not shown by the bank balance's date. */
export const reconciliationMovementSchema = z.object({
  transactionId: z.string(),
  sequenceNumber: z.number(),
  type: z.string(),
  direction: z.enum(['in', 'out']),
  transactionDate: z.string(),
  amount: z.string(),
  clientName: z.string(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
});
export type ReconciliationMovement = z.infer<typeof reconciliationMovementSchema>;

export const statementLineSchema = z.object({
  id: z.string(),
  statementId: z.string(),
  lineDate: z.string(),
  description: z.string(),
  /** Signed: money in positive, money out negative. */
  amount: z.string(),
  balance: z.string().nullable(),
  matchKind: z.enum(['auto', 'manual']).nullable(),
  matchedTransaction: reconciliationMovementSchema.nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** Up to this many items of each kind are listed; the totals and counts cover all of them. */
export const RECONCILIATION_ITEMS_SHOWN = 50;

const itemGroup = <T extends z.ZodType>(item: T) => z.object({ total: z.string(), count: z.number(), items: z.array(item) });

export const clientLedgerTotalSchema = z.object({ clientId: z.string(), clientName: z.string(), balance: z.string() });
export type ClientLedgerTotal = z.infer<typeof clientLedgerTotalSchema>;

export const reconciliationSchema = z.object({
  trustAccountId: z.string(),
  trustAccountName: z.string(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  asOf: z.string(),
  /** (1) The trust bank account in the general ledger (debits − credits of entries dated ≤ asOf). */
  ledgerBalance: z.string(),
  /** (2) The sum of every client ledger (movements dated ≤ asOf). */
  clientLedgersTotal: z.string(),
  /** ledgerBalance − clientLedgersTotal: zero when the journal and the client ledgers agree. */
  ledgerToClientsDifference: z.string(),
  /** (3) The bank's balance from the latest statement or entered balance dated ≤ asOf. */
  bankBalance: z.string().nullable(),
  bankBalanceDate: z.string().nullable(),
  bankStatementId: z.string().nullable(),
  unclearedDeposits: itemGroup(reconciliationMovementSchema),
  unpresentedPayments: itemGroup(reconciliationMovementSchema),
  /** Bank lines dated ≤ the bank balance's date matched to no movement dated ≤ asOf (signed total). */
  unmatchedLines: itemGroup(statementLineSchema),
  /** bank + uncleared deposits − unpresented payments − unmatched lines; null without a bank balance. */
  adjustedBankBalance: z.string().nullable(),
  /** adjustedBankBalance − ledgerBalance; null without a bank balance. */
  bankDifference: z.string().nullable(),
  hasBankBalance: z.boolean(),
  /** The journal, the client ledgers and (when entered) the adjusted bank balance all agree. */
  isBalanced: z.boolean(),
  lastSignedOffPeriodEnd: z.string().nullable(),
  /** The client ledgers' balances per client as of asOf, by name (paged with page/size). */
  clientLedgers: pageSchema(clientLedgerTotalSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// ---------------------------------------------------------------------------------------------
// Statements and bank balances

export const recordBankBalanceSchema = z.strictObject({
  balanceDate: requiredDate('Balance date'),
  balance: signedAmount('Balance'),
});
export type RecordBankBalanceInput = z.input<typeof recordBankBalanceSchema>;

/** Optional form fields sent with the CSV (before the file part). */
export const importStatementFieldsSchema = z.object({
  statementDate: isoDate('Statement date').optional(),
  closingBalance: signedAmount('Closing balance').optional(),
});

export const bankStatementSchema = z.object({
  id: z.string(),
  trustAccountId: z.string(),
  statementDate: z.string(),
  closingBalance: z.string(),
  fileName: z.string().nullable(),
  lineCount: z.number(),
  matchedCount: z.number(),
  unmatchedCount: z.number(),
  /** Lines of the file the account already held (by fingerprint), skipped; lineCount counts the new ones. */
  alreadyImportedCount: z.number(),
  createdAt: z.string(),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

export const statementLineQuerySchema = pageQuerySchema.extend({
  trustAccountId: z.uuid('Trust account is required'),
  IsUnmatchedOnly: queryBoolean,
});
export type StatementLineQuery = z.input<typeof statementLineQuerySchema>;
export const statementLinePageSchema = pageSchema(statementLineSchema);
export type StatementLinePage = z.infer<typeof statementLinePageSchema>;

export const matchStatementLineSchema = z.strictObject({
  transactionId: z.uuid('Choose the trust movement to match'),
});
export type MatchStatementLineInput = z.input<typeof matchStatementLineSchema>;

/** Movements a line could be matched to: unmatched, same account, same amount and sign, nearest date first. */
export const matchCandidatesQuerySchema = z.object({ lineId: z.uuid('Statement line is required') });
export const matchCandidatesSchema = z.array(reconciliationMovementSchema);

// ---------------------------------------------------------------------------------------------
// Sign-off and history

export const signOffReconciliationSchema = z.strictObject({
  periodEnd: requiredDate('Period end'),
  note: optionalText('Note', 2000),
});
export type SignOffReconciliationInput = z.input<typeof signOffReconciliationSchema>;

export const signedOffReconciliationSchema = z.object({
  id: z.string(),
  trustAccountId: z.string(),
  periodEnd: z.string(),
  ledgerBalance: z.string(),
  clientLedgersTotal: z.string(),
  bankBalance: z.string(),
  note: z.string(),
  signedOffByUserId: z.string(),
  signedOffByName: z.string(),
  signedOffAt: z.string(),
});
export type SignedOffReconciliation = z.infer<typeof signedOffReconciliationSchema>;

export const reconciliationHistoryQuerySchema = pageQuerySchema.extend({
  trustAccountId: z.uuid('Trust account is required'),
});
export const reconciliationHistoryPageSchema = pageSchema(signedOffReconciliationSchema);
export type ReconciliationHistoryPage = z.infer<typeof reconciliationHistoryPageSchema>;

/** The dashboard's warning: accounts whose three balances disagree today. */
export const reconciliationAlertSchema = z.object({
  trustAccountId: z.string(),
  trustAccountName: z.string(),
  currencySymbol: z.string(),
  asOf: z.string(),
  ledgerBalance: z.string(),
  clientLedgersTotal: z.string(),
  bankBalance: z.string().nullable(),
  adjustedBankBalance: z.string().nullable(),
});
export type ReconciliationAlert = z.infer<typeof reconciliationAlertSchema>;
export const reconciliationAlertsSchema = z.array(reconciliationAlertSchema);
