import { z } from 'zod';
import { isoDate, optionalMultilineText, queryBoolean, requiredIsoDate } from '../common/fields.ts';
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

// ---------------------------------------------------------------------------------------------
// The reconciliation

export const reconciliationQuerySchema = pageQuerySchema.extend({
  trustAccountId: z.uuid('Trust account is required').describe('The trust account to reconcile.'),
  /** The end of this day; today (the firm's) when left out. */
  asOf: isoDate('As of date')
    .optional()
    .describe('Reconcile as of the end of this day, YYYY-MM-DD; left out: today in the firm’s time zone.'),
});
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

export const RECONCILIATION_ITEM_KINDS = ['uncleared-deposit', 'unpresented-payment'] as const;

/** A trust movement the bank had not shown by the bank balance's date. */
export const reconciliationMovementSchema = z.object({
  transactionId: z.string().describe('The trust movement’s id.'),
  sequenceNumber: z.number().describe('The movement’s number without its prefix: 12 is TRX-00012.'),
  type: z.string().describe('The movement’s type: deposit, disbursement, invoice-payment, refund, transfer-out, transfer-in or reversal.'),
  direction: z.enum(['in', 'out']).describe('in: money into the trust account; out: money out of it.'),
  transactionDate: z.string().describe('The movement’s date, YYYY-MM-DD.'),
  amount: z.string().describe('The amount, never negative, an exact decimal string in the trust account’s currency.'),
  clientName: z.string().describe('The client whose ledger the movement moved.'),
  reference: z.string().nullable().describe('The movement’s bank, cheque or receipt reference; null: none.'),
  counterparty: z.string().nullable().describe('Who paid the money in or was paid it; null: none.'),
});
export type ReconciliationMovement = z.infer<typeof reconciliationMovementSchema>;

export const statementLineSchema = z.object({
  id: z.string().describe('The bank statement line’s id.'),
  statementId: z.string().describe('The imported bank statement the line came from.'),
  lineDate: z.string().describe('The line’s date on the statement, YYYY-MM-DD.'),
  description: z.string().describe('The bank’s description of the line.'),
  /** Signed: money in positive, money out negative. */
  amount: z
    .string()
    .describe('Signed, as the bank shows it: money in positive, money out negative, an exact decimal string, e.g. "-1200.50".'),
  balance: z.string().nullable().describe('The bank’s running balance after the line, signed; null when the statement left it blank.'),
  matchKind: z
    .enum(['auto', 'manual'])
    .nullable()
    .describe(
      'auto: matched on import (same signed amount within 5 days, a reference in the description first); manual: by hand; null: not matched.',
    ),
  matchedTransaction: reconciliationMovementSchema.nullable().describe('The trust movement the line is matched to; null: not matched.'),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** Up to this many items of each kind are listed; the totals and counts cover all of them. */
export const RECONCILIATION_ITEMS_SHOWN = 50;

const itemGroup = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.string().describe('The total of every item of this kind, not only those listed, an exact decimal string.'),
    count: z.number().describe('How many items of this kind there are, not only those listed.'),
    items: z.array(item).describe('The first 50 of them, oldest first.'),
  });

export const clientLedgerTotalSchema = z.object({
  clientId: z.string().describe('The client’s id.'),
  clientName: z.string().describe('The client’s display name.'),
  balance: z.string().describe('The sum of the client’s ledgers in this trust account as of asOf, an exact decimal string.'),
});
export type ClientLedgerTotal = z.infer<typeof clientLedgerTotalSchema>;

export const reconciliationSchema = z.object({
  trustAccountId: z.string().describe('The trust account’s id.'),
  trustAccountName: z.string().describe('The trust account’s name.'),
  currencyCode: z.string().describe('ISO 4217 code of the trust account’s currency, that of every amount here.'),
  currencySymbol: z.string().describe('The currency’s symbol, e.g. "₦".'),
  asOf: z.string().describe('The day reconciled, as of its end, YYYY-MM-DD.'),
  /** (1) The trust bank account in the general ledger (debits − credits of entries dated ≤ asOf). */
  ledgerBalance: z
    .string()
    .describe(
      '(1) The trust bank account in the general ledger: debits − credits of its entries dated on or before asOf, a decimal string.',
    ),
  /** (2) The sum of every client ledger (movements dated ≤ asOf). */
  clientLedgersTotal: z.string().describe('(2) The sum of every client ledger of the account, from movements dated on or before asOf.'),
  /** ledgerBalance − clientLedgersTotal: zero when the journal and the client ledgers agree. */
  ledgerToClientsDifference: z
    .string()
    .describe('ledgerBalance − clientLedgersTotal: "0.00" when the journal and the client ledgers agree.'),
  /** (3) The bank's balance from the latest statement or entered balance dated ≤ asOf. */
  bankBalance: z
    .string()
    .nullable()
    .describe('(3) The bank’s balance from the latest statement or entered balance dated on or before asOf; null: there is none.'),
  bankBalanceDate: z.string().nullable().describe('The date of that bank balance, YYYY-MM-DD; null: there is none.'),
  bankStatementId: z.string().nullable().describe('The statement (or entered balance) that bank balance comes from; null: there is none.'),
  unclearedDeposits: itemGroup(reconciliationMovementSchema).describe(
    'Money in dated on or before asOf that the bank had not shown by the bank balance’s date.',
  ),
  unpresentedPayments: itemGroup(reconciliationMovementSchema).describe(
    'Money out dated on or before asOf that the bank had not shown by the bank balance’s date.',
  ),
  /** Bank lines dated ≤ the bank balance's date matched to no movement dated ≤ asOf (signed total). */
  unmatchedLines: itemGroup(statementLineSchema).describe(
    'Bank lines dated on or before the bank balance’s date matched to no movement dated on or before asOf; their total is signed.',
  ),
  /** bank + uncleared deposits − unpresented payments − unmatched lines; null without a bank balance. */
  adjustedBankBalance: z
    .string()
    .nullable()
    .describe('bankBalance + uncleared deposits − unpresented payments − unmatched lines; null without a bank balance.'),
  /** adjustedBankBalance − ledgerBalance; null without a bank balance. */
  bankDifference: z
    .string()
    .nullable()
    .describe('adjustedBankBalance − ledgerBalance: "0.00" when the bank agrees; null without a bank balance.'),
  hasBankBalance: z.boolean().describe('true when a statement or entered balance dated on or before asOf exists; signing off needs one.'),
  /** The journal, the client ledgers and (when entered) the adjusted bank balance all agree. */
  isBalanced: z
    .boolean()
    .describe('true when the journal, the client ledgers and (when there is a bank balance) the adjusted bank balance all agree.'),
  lastSignedOffPeriodEnd: z
    .string()
    .nullable()
    .describe(
      'The end of the latest signed-off period, YYYY-MM-DD: movements and bank lines dated on or before it are locked; null: none.',
    ),
  /** The client ledgers' balances per client as of asOf, by name (paged with page/size). */
  clientLedgers: pageSchema(clientLedgerTotalSchema).describe(
    'Each client’s balance in the account as of asOf, by name, paged with the query’s page and size.',
  ),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// ---------------------------------------------------------------------------------------------
// Statements and bank balances

export const recordBankBalanceSchema = z.strictObject({
  balanceDate: requiredIsoDate('Balance date').describe(
    'The date of the balance, YYYY-MM-DD; on or before the last signed-off period end is refused (409).',
  ),
  balance: signedAmount('Balance').describe(
    'The bank’s balance on that date, signed, with at most 2 decimals, as a decimal string (or number), e.g. "15000.00"; commas are ignored.',
  ),
});
export type RecordBankBalanceInput = z.input<typeof recordBankBalanceSchema>;

/** Optional form fields sent with the CSV (before the file part). */
export const importStatementFieldsSchema = z.object({
  statementDate: isoDate('Statement date')
    .optional()
    .describe('The statement’s date, YYYY-MM-DD; left out: its latest line’s date. No line may be dated after it (400).'),
  closingBalance: signedAmount('Closing balance')
    .optional()
    .describe('The statement’s closing balance, signed, with at most 2 decimals; left out: the last line’s balance.'),
});

export const bankStatementSchema = z.object({
  id: z.string().describe('The statement’s (or entered balance’s) id.'),
  trustAccountId: z.string().describe('The trust account’s id.'),
  statementDate: z.string().describe('The date its closing balance is for, YYYY-MM-DD.'),
  closingBalance: z.string().describe('The bank’s balance on statementDate, a signed exact decimal string.'),
  fileName: z
    .string()
    .nullable()
    .describe('The imported CSV’s file name (unusual characters replaced by _); null for a balance entered by hand.'),
  lineCount: z.number().describe('How many new bank lines it added; lines the account already held are not counted.'),
  matchedCount: z.number().describe('How many of those lines are matched to movements (on import, automatically).'),
  unmatchedCount: z.number().describe('lineCount − matchedCount.'),
  /** Lines of the file the account already held (by fingerprint), skipped; lineCount counts the new ones. */
  alreadyImportedCount: z
    .number()
    .describe(
      'Lines of the file the account already held (same date, amount, balance, description and occurrence), skipped; 0 for an entered balance.',
    ),
  createdAt: z.string().describe('When it was imported or entered, ISO 8601 UTC.'),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

export const statementLineQuerySchema = pageQuerySchema.extend({
  trustAccountId: z.uuid('Trust account is required').describe('The trust account whose bank lines to list.'),
  IsUnmatchedOnly: queryBoolean.describe('"true" or "1": only lines matched to no movement.'),
});
export type StatementLineQuery = z.input<typeof statementLineQuerySchema>;
export const statementLinePageSchema = pageSchema(statementLineSchema);
export type StatementLinePage = z.infer<typeof statementLinePageSchema>;

export const matchStatementLineSchema = z.strictObject({
  transactionId: z
    .uuid('Choose the trust movement to match')
    .describe('The trust movement to match: same account and signed amount (400 otherwise), not already matched to another line (409).'),
});
export type MatchStatementLineInput = z.input<typeof matchStatementLineSchema>;

/** Movements a line could be matched to: unmatched, same account, same amount and sign, nearest date first. */
export const matchCandidatesQuerySchema = z.object({
  lineId: z.uuid('Statement line is required').describe('The bank statement line to find movements for.'),
});
export const matchCandidatesSchema = z.array(reconciliationMovementSchema);

// ---------------------------------------------------------------------------------------------
// Sign-off and history

export const signOffReconciliationSchema = z.strictObject({
  periodEnd: requiredIsoDate('Period end').describe(
    'The last day of the period, YYYY-MM-DD: not after today in the firm’s time zone (400), and after the last signed-off period end (409).',
  ),
  note: optionalMultilineText('Note', 2000).describe('A note kept with the sign-off, up to 2000 characters; blank: none.'),
});
export type SignOffReconciliationInput = z.input<typeof signOffReconciliationSchema>;

export const signedOffReconciliationSchema = z.object({
  id: z.string().describe('The sign-off’s id.'),
  trustAccountId: z.string().describe('The trust account’s id.'),
  periodEnd: z
    .string()
    .describe('The last day of the period signed off, YYYY-MM-DD: movements and bank lines dated on or before it are locked.'),
  ledgerBalance: z.string().describe('The general ledger’s trust bank balance as of periodEnd when signed off, an exact decimal string.'),
  clientLedgersTotal: z.string().describe('The sum of the client ledgers as of periodEnd when signed off, an exact decimal string.'),
  bankBalance: z
    .string()
    .describe('The bank’s balance used (the latest dated on or before periodEnd), before adjustments, a signed decimal string.'),
  note: z.string().describe('The note kept with the sign-off; empty when none.'),
  signedOffByUserId: z.string().describe('The user who signed it off.'),
  signedOffByName: z.string().describe('That user’s name; empty when no longer known.'),
  signedOffAt: z.string().describe('When it was signed off, ISO 8601 UTC.'),
});
export type SignedOffReconciliation = z.infer<typeof signedOffReconciliationSchema>;

export const reconciliationHistoryQuerySchema = pageQuerySchema.extend({
  trustAccountId: z.uuid('Trust account is required').describe('The trust account whose sign-offs to list.'),
});
export const reconciliationHistoryPageSchema = pageSchema(signedOffReconciliationSchema);
export type ReconciliationHistoryPage = z.infer<typeof reconciliationHistoryPageSchema>;

/** The dashboard's warning: accounts whose three balances disagree today. */
export const reconciliationAlertSchema = z.object({
  trustAccountId: z.string().describe('The trust account’s id.'),
  trustAccountName: z.string().describe('The trust account’s name.'),
  currencySymbol: z.string().describe('The symbol of the account’s currency, e.g. "₦".'),
  asOf: z.string().describe('The day reconciled: today in the firm’s time zone, YYYY-MM-DD.'),
  ledgerBalance: z.string().describe('The general ledger’s trust bank balance, an exact decimal string in the account’s currency.'),
  clientLedgersTotal: z.string().describe('The sum of the account’s client ledgers, an exact decimal string.'),
  bankBalance: z.string().nullable().describe('The latest bank balance dated on or before today; null: none recorded or imported.'),
  adjustedBankBalance: z
    .string()
    .nullable()
    .describe('The bank balance after uncleared deposits, unpresented payments and unmatched lines; null without a bank balance.'),
});
export type ReconciliationAlert = z.infer<typeof reconciliationAlertSchema>;
export const reconciliationAlertsSchema = z.array(reconciliationAlertSchema);
