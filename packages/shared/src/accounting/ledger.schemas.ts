import { z } from 'zod';
import { isoDate } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

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
] as const;

/** GET /api/admin/accounting/get-trial-balance: the balances as of a date (today's books when left out). */
export const trialBalanceQuerySchema = z.object({
  AsOfDate: isoDate('As of date').optional(),
});
export type TrialBalanceQuery = z.input<typeof trialBalanceQuerySchema>;

/** One account's totals; balance = totalDebit − totalCredit (a credit balance is negative). Money as decimal text. */
export const trialBalanceAccountSchema = z.object({
  code: z.enum(LEDGER_ACCOUNT_CODES),
  name: z.string(),
  type: z.enum(LEDGER_ACCOUNT_TYPES),
  normalBalance: z.enum(['debit', 'credit']),
  totalDebit: z.string(),
  totalCredit: z.string(),
  balance: z.string(),
});
export type TrialBalanceAccount = z.infer<typeof trialBalanceAccountSchema>;

/** One currency's trial balance: accounts are never totalled across currencies. */
export const currencyTrialBalanceSchema = z.object({
  currencyCode: z.string(),
  accounts: z.array(trialBalanceAccountSchema),
  totalDebit: z.string(),
  totalCredit: z.string(),
  isBalanced: z.boolean(),
});
export type CurrencyTrialBalance = z.infer<typeof currencyTrialBalanceSchema>;

/**
 * The top-level accounts and totals are the firm's home currency's (`currencyCode`); `currencies`
 * holds every currency's trial balance, home first. `isBalanced`: every currency balances.
 */
export const trialBalanceSchema = z.object({
  asOfDate: z.string().nullable(),
  currencyCode: z.string(),
  accounts: z.array(trialBalanceAccountSchema),
  totalDebit: z.string(),
  totalCredit: z.string(),
  isBalanced: z.boolean(),
  currencies: z.array(currencyTrialBalanceSchema),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** GET /api/admin/accounting/get-journal-entries: newest first. */
export const journalEntryListQuerySchema = pageQuerySchema.extend({
  sourceType: z.enum(JOURNAL_SOURCE_TYPES, { error: `sourceType must be one of ${JOURNAL_SOURCE_TYPES.join(', ')}` }).optional(),
  sourceId: z.uuid({ error: 'sourceId must be an id' }).optional(),
  FromDate: isoDate('From date').optional(),
  ToDate: isoDate('To date').optional(),
});
export type JournalEntryListQuery = z.input<typeof journalEntryListQuerySchema>;

export const journalLineViewSchema = z.object({
  id: z.string(),
  accountCode: z.enum(LEDGER_ACCOUNT_CODES),
  accountName: z.string(),
  debit: z.string(),
  credit: z.string(),
  clientId: z.string().nullable(),
  matterId: z.string().nullable(),
  memo: z.string().nullable(),
  /** The line's currency; off the home currency, its rate and home amount when a rate was known. */
  currencyCode: z.string(),
  exchangeRate: z.string().nullable(),
  homeAmount: z.string().nullable(),
});
export type JournalLineView = z.infer<typeof journalLineViewSchema>;

export const journalEntryViewSchema = z.object({
  id: z.string(),
  entryDate: z.string(),
  memo: z.string(),
  sourceType: z.enum(JOURNAL_SOURCE_TYPES),
  sourceId: z.string().nullable(),
  reversesEntryId: z.string().nullable(),
  reversedByEntryId: z.string().nullable(),
  createdByUserId: z.string(),
  createdAt: z.string(),
  lines: z.array(journalLineViewSchema),
});
export type JournalEntryView = z.infer<typeof journalEntryViewSchema>;

export const journalEntryPageSchema = pageSchema(journalEntryViewSchema);
export type JournalEntryPage = z.infer<typeof journalEntryPageSchema>;
