import { z } from 'zod';
import { isoDate } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { statementFormatField, statementTieOutFields } from './statements.schemas.ts';

/** The ledger's system accounts, one of each per firm (ADR 0020). */
export const LEDGER_ACCOUNT_CODES = [
  'operating-bank',
  'accounts-receivable',
  'fee-income',
  'expense-recoveries',
  'tax-payable',
  'discounts-given',
  'write-offs',
  'bank-charges',
  'trust-bank',
  'client-trust-liability',
  'firm-expenses',
  'client-costs-advanced',
  'unapplied-cash',
  'fx-gain-loss',
  'currency-translation',
  'opening-balances',
  'consultation-fees',
  'withholding-tax-receivable',
] as const;
export const LEDGER_ACCOUNT_TYPES = ['asset', 'liability', 'income', 'expense', 'equity'] as const;
export const JOURNAL_SOURCE_TYPES = [
  'invoice',
  'invoice-payment',
  'invoice-void',
  'invoice-write-off',
  'trust',
  'gateway-fee',
  'expense-payment',
  'unapplied-cash',
  'manual',
  'credit-note',
  'client-credit',
  'consultation-fee',
] as const;

/** GET /api/admin/accounting/get-trial-balance: the balances as of a date (today's books when left out). */
export const trialBalanceQuerySchema = z.object({
  AsOfDate: isoDate('As of date')
    .optional()
    .describe('Count only entries dated on or before this date, YYYY-MM-DD; left out: every entry.'),
  format: statementFormatField,
});
export type TrialBalanceQuery = z.input<typeof trialBalanceQuerySchema>;

/** One account's totals; balance = totalDebit − totalCredit (a credit balance is negative). Money as decimal text. */
export const trialBalanceAccountSchema = z.object({
  id: z.string().describe('The ledger account’s id.'),
  number: z.string().describe('The account’s 4-digit number in the chart.'),
  code: z
    .enum(LEDGER_ACCOUNT_CODES)
    .nullable()
    .describe('A system account’s code (every firm has one of each); null: one of the firm’s own accounts.'),
  name: z.string().describe('The ledger account’s name.'),
  type: z.enum(LEDGER_ACCOUNT_TYPES).describe('The account’s class in the books.'),
  normalBalance: z.enum(['debit', 'credit']).describe('The side the account’s balance normally sits on.'),
  totalDebit: z.string().describe('The sum of its debits, an exact decimal string in the currency answered.'),
  totalCredit: z.string().describe('The sum of its credits, an exact decimal string in the currency answered.'),
  balance: z.string().describe('totalDebit − totalCredit: a credit balance is negative, e.g. "-1250.00".'),
});
export type TrialBalanceAccount = z.infer<typeof trialBalanceAccountSchema>;

/** One currency's trial balance: accounts are never totalled across currencies. */
export const currencyTrialBalanceSchema = z.object({
  currencyCode: z.string().describe('ISO 4217 code of this trial balance’s currency.'),
  accounts: z
    .array(trialBalanceAccountSchema)
    .describe('Every account of the chart by number, with zeros where it has no lines in this currency.'),
  totalDebit: z.string().describe('The sum of every debit in this currency, an exact decimal string.'),
  totalCredit: z.string().describe('The sum of every credit in this currency, an exact decimal string.'),
  isBalanced: z.boolean().describe('true when this currency’s debits equal its credits.'),
});
export type CurrencyTrialBalance = z.infer<typeof currencyTrialBalanceSchema>;

/**
 * The top-level accounts and totals are the firm's home currency's (`currencyCode`); `currencies`
 * holds every currency's trial balance, home first. `isBalanced`: every currency balances.
 */
export const trialBalanceSchema = z.object({
  asOfDate: z.string().nullable().describe('The AsOfDate asked for, YYYY-MM-DD; null: every entry was counted.'),
  currencyCode: z.string().describe('The firm’s home currency (ISO 4217): that of accounts, totalDebit and totalCredit here.'),
  accounts: z.array(trialBalanceAccountSchema).describe('The home currency’s accounts, as in its entry of currencies.'),
  totalDebit: z.string().describe('The home currency’s total debits, an exact decimal string.'),
  totalCredit: z.string().describe('The home currency’s total credits, an exact decimal string.'),
  isBalanced: z.boolean().describe('true when every currency’s debits equal its credits.'),
  currencies: z
    .array(currencyTrialBalanceSchema)
    .describe('Every currency’s trial balance, the home currency first, then by code; never totalled across currencies.'),
  basisDescription: z.string().describe('What the trial balance counts, in words, as it prints it.'),
  ...statementTieOutFields,
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** GET /api/admin/accounting/get-journal-entries: newest first. */
export const journalEntryListQuerySchema = pageQuerySchema.extend({
  sourceType: z
    .enum(JOURNAL_SOURCE_TYPES, { error: `sourceType must be one of ${JOURNAL_SOURCE_TYPES.join(', ')}` })
    .optional()
    .describe('Only entries posted by this kind of event.'),
  sourceId: z
    .uuid({ error: 'sourceId must be an id' })
    .optional()
    .describe('Only entries posted for this record: an invoice, a payment, a trust movement or transfer, and so on.'),
  FromDate: isoDate('From date').optional().describe('Only entries dated on or after this date, YYYY-MM-DD.'),
  ToDate: isoDate('To date').optional().describe('Only entries dated on or before this date, YYYY-MM-DD.'),
});
export type JournalEntryListQuery = z.input<typeof journalEntryListQuerySchema>;

export const journalLineViewSchema = z.object({
  id: z.string().describe('The journal line’s id.'),
  accountId: z.string().describe('The id of the ledger account the line posts to.'),
  accountNumber: z.string().describe('That account’s 4-digit number.'),
  accountCode: z.enum(LEDGER_ACCOUNT_CODES).nullable().describe('That account’s system code; null: one of the firm’s own accounts.'),
  accountName: z.string().describe('That ledger account’s name.'),
  debit: z.string().describe('The line’s debit, an exact decimal string in the line’s currency; "0.00" on a credit line.'),
  credit: z.string().describe('The line’s credit, an exact decimal string in the line’s currency; "0.00" on a debit line.'),
  clientId: z.string().nullable().describe('The client the line concerns; null: none.'),
  matterId: z.string().nullable().describe('The matter the line concerns; null: none.'),
  memo: z.string().nullable().describe('The line’s own memo; null: none.'),
  /** The line's currency; off the home currency, its rate and home amount when a rate was known. */
  currencyCode: z.string().describe('ISO 4217 code of the line’s currency; an entry balances in each of its currencies.'),
  exchangeRate: z
    .string()
    .nullable()
    .describe(
      'Home-currency units per unit of the line’s currency, as a decimal string; null in the home currency or when no rate was known.',
    ),
  homeAmount: z
    .string()
    .nullable()
    .describe('The line’s amount in the home currency at exchangeRate, a decimal string; null in the home currency or without a rate.'),
});
export type JournalLineView = z.infer<typeof journalLineViewSchema>;

/** A journal attachment: PDF, JPEG, PNG or HEIC by its content, at most 10 MB. */
export const JOURNAL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

export const journalAttachmentSchema = z.object({
  id: z.string().describe('The attachment’s id, the attachmentId of download-journal-attachment.'),
  fileName: z.string().describe('The file’s name as uploaded, ending in its content’s type: a PDF named x.html is x.html.pdf.'),
  contentType: z.string().describe('The MIME type read from its content: application/pdf, image/jpeg, image/png or image/heic.'),
  sizeBytes: z.number().describe('The file’s size in bytes (at most 10 MB).'),
  uploadedAt: z.string().describe('When it was attached (ISO 8601 UTC).'),
  uploadedByUserId: z.string().describe('The member who attached it.'),
});
export type JournalAttachment = z.infer<typeof journalAttachmentSchema>;

/** …/download-journal-attachment/{id}/{attachmentId}. */
export const journalAttachmentParamsSchema = z.object({
  id: z.uuid({ error: 'Id is required' }).describe('The journal entry’s id (a UUID).'),
  attachmentId: z.uuid({ error: 'Attachment is required' }).describe('The attachment’s id (a UUID), from the entry’s attachments.'),
});

export const journalEntryViewSchema = z.object({
  id: z.string().describe('The journal entry’s id.'),
  entryDate: z.string().describe('The date the entry is booked on, YYYY-MM-DD.'),
  memo: z.string().describe('What the entry records, in words.'),
  reference: z.string().nullable().describe('A manual entry’s reference (voucher or document number); null: none.'),
  sourceType: z.enum(JOURNAL_SOURCE_TYPES).describe('The kind of event that posted the entry.'),
  sourceId: z
    .string()
    .nullable()
    .describe('The id of the record that posted it (an invoice, a payment, a trust movement or transfer, …); null: none.'),
  reversesEntryId: z.string().nullable().describe('The entry this one reverses; null: not a reversal.'),
  reversedByEntryId: z.string().nullable().describe('The entry that reversed this one; null: not reversed.'),
  createdByUserId: z.string().describe('The user whose action posted the entry.'),
  createdAt: z.string().describe('When the entry was posted, ISO 8601 UTC.'),
  lines: z.array(journalLineViewSchema).describe('The entry’s lines, debits first; they balance in each currency.'),
  attachments: z
    .array(journalAttachmentSchema)
    .describe('Evidence attached to the entry (receipts, bank letters), oldest first; never removed.'),
});
export type JournalEntryView = z.infer<typeof journalEntryViewSchema>;

export const journalEntryPageSchema = pageSchema(journalEntryViewSchema);
export type JournalEntryPage = z.infer<typeof journalEntryPageSchema>;
