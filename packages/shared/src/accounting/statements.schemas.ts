import { z } from 'zod';
import { isoDate } from '../common/fields.ts';

/** How a statement answers: JSON by default, or a CSV or PDF file to download. */
export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const statementFormatField = z
  .enum(STATEMENT_FORMATS, { error: 'format must be json, csv or pdf' })
  .optional()
  .describe('csv: the statement as a CSV file; pdf: as a PDF; left out or json: the JSON answer.');

export const STATEMENT_BASES = ['accrual', 'cash'] as const;
export type StatementBasis = (typeof STATEMENT_BASES)[number];

export const PROFIT_AND_LOSS_COMPARISONS = ['none', 'previousPeriod', 'lastYear', 'budget'] as const;
export type ProfitAndLossComparison = (typeof PROFIT_AND_LOSS_COMPARISONS)[number];

export const BALANCE_SHEET_COMPARISONS = ['none', 'lastYear'] as const;
export type BalanceSheetComparison = (typeof BALANCE_SHEET_COMPARISONS)[number];

/** A figure and, when the statement compares, the comparison column's figure and the variance. */
export const financialFigureSchema = z.object({
  amount: z.string().describe('The figure for the statement’s period or date, an exact decimal string in the section’s currency.'),
  comparison: z
    .string()
    .nullable()
    .describe('The comparison column’s figure (previous period, last year or budget); null when the statement does not compare.'),
  variance: z.string().nullable().describe('amount − comparison, an exact decimal string; null when the statement does not compare.'),
  variancePercent: z
    .string()
    .nullable()
    .describe(
      'The variance as a percentage of the comparison’s size, one decimal (e.g. "12.5"); null when the comparison is zero or absent.',
    ),
});
export type FinancialFigure = z.infer<typeof financialFigureSchema>;

export const FINANCIAL_LINE_KINDS = ['account', 'total', 'computed'] as const;

/**
 * One line of a statement: an account (its own lines only), the total of a parent account with its
 * sub-accounts, or a figure the statement computes (net income lines on the balance sheet).
 */
export const financialLineSchema = financialFigureSchema.extend({
  kind: z
    .enum(FINANCIAL_LINE_KINDS)
    .describe('account: one account’s own postings; total: a parent account with its sub-accounts; computed: worked out, not posted.'),
  accountId: z.string().nullable().describe('The account’s id (for a total, the parent’s); null on a computed line.'),
  number: z.string().nullable().describe('The account’s 4-digit number; null on a computed line.'),
  name: z.string().describe('What the line shows: the account’s name, "Total …" or the computed figure’s name.'),
  depth: z.number().describe('0 for a top-level account or total, 1 for a sub-account: how far to indent it.'),
});
export type FinancialLine = z.infer<typeof financialLineSchema>;

export const financialSectionSchema = z.object({
  title: z.string().describe('The section’s heading, e.g. "Income" or "Assets".'),
  lines: z.array(financialLineSchema).describe('The section’s lines by account number; accounts with nothing to show are left out.'),
  totalLabel: z.string().describe('What the section’s total is called, e.g. "Total income".'),
  total: financialFigureSchema.describe('The section’s total.'),
});
export type FinancialSection = z.infer<typeof financialSectionSchema>;

/** A check that the ledger agrees with the records it summarises (accounts receivable, trust). */
export const tieOutSchema = z.object({
  check: z.string().describe('What is compared, in words, e.g. "Accounts receivable (1200) = Σ open invoices’ balance due".'),
  currencyCode: z.string().describe('ISO 4217 code of the figures compared; each currency is checked on its own.'),
  expected: z.string().describe('What the records say (open invoices, client trust ledgers), an exact decimal string.'),
  actual: z.string().describe('What the ledger says, an exact decimal string.'),
  difference: z.string().describe('actual − expected; "0.00" when the check passes.'),
  passes: z.boolean().describe('true when the ledger and the records agree.'),
});
export type TieOut = z.infer<typeof tieOutSchema>;

const tieOutFields = {
  tieOuts: z
    .array(tieOutSchema)
    .describe(
      'The books’ tie-outs as they stand now (every posting, whatever the statement’s dates): accounts receivable = Σ open invoices, client trust liability = Σ client trust ledgers = trust bank, unapplied client payments = Σ client credit balances + Σ online payments held unapplied, per currency.',
    ),
  tieOutsPass: z.boolean().describe('true when every tie-out passes.'),
};
export const statementTieOutFields = tieOutFields;

/** GET get-profit-and-loss. */
export const profitAndLossQuerySchema = z.object({
  FromDate: isoDate('From date')
    .optional()
    .describe('The period’s first day, YYYY-MM-DD; left out: the start of the fiscal year ToDate falls in.'),
  ToDate: isoDate('To date').optional().describe('The period’s last day, YYYY-MM-DD; left out: the firm’s today.'),
  Basis: z
    .enum(STATEMENT_BASES, { error: 'Basis must be accrual or cash' })
    .default('accrual')
    .describe('accrual (the default): income when invoiced; cash: income when the client pays (see basisDescription).'),
  Compare: z
    .enum(PROFIT_AND_LOSS_COMPARISONS, { error: 'Compare must be none, previousPeriod, lastYear or budget' })
    .default('none')
    .describe(
      'A comparison column with variance: previousPeriod (as long, just before), lastYear (the same dates a year earlier) or budget (the firm budget); none by default.',
    ),
  format: statementFormatField,
});
export type ProfitAndLossQuery = z.input<typeof profitAndLossQuerySchema>;

export const comparisonPeriodSchema = z.object({
  label: z.string().describe('The comparison column’s heading, e.g. "Previous period" or "Budget".'),
  fromDate: z.string().describe('The comparison’s first day, YYYY-MM-DD.'),
  toDate: z.string().describe('The comparison’s last day, YYYY-MM-DD.'),
});

export const profitAndLossCurrencySchema = z.object({
  currencyCode: z.string().describe('ISO 4217 code of this part of the statement; currencies are never added together.'),
  income: financialSectionSchema.describe('Income accounts: credits − debits.'),
  expenses: financialSectionSchema.describe('Expense accounts: debits − credits.'),
  netIncome: financialFigureSchema.describe('Total income − total expenses.'),
});
export type ProfitAndLossCurrency = z.infer<typeof profitAndLossCurrencySchema>;

export const profitAndLossSchema = z.object({
  fromDate: z.string().describe('The period’s first day, YYYY-MM-DD.'),
  toDate: z.string().describe('The period’s last day, YYYY-MM-DD.'),
  basis: z.enum(STATEMENT_BASES).describe('The basis the statement is on.'),
  basisDescription: z.string().describe('The basis and what is counted, in words, as the statement prints it.'),
  compare: z.enum(PROFIT_AND_LOSS_COMPARISONS).describe('The comparison asked for.'),
  comparison: comparisonPeriodSchema.nullable().describe('The comparison column’s heading and dates; null without a comparison.'),
  currencyCode: z.string().describe('The firm’s home currency (ISO 4217), first in currencies.'),
  currencies: z
    .array(profitAndLossCurrencySchema)
    .describe('One statement per currency with postings, the home currency first (always present), then by code.'),
  ...tieOutFields,
});
export type ProfitAndLoss = z.infer<typeof profitAndLossSchema>;

/** GET get-balance-sheet. */
export const balanceSheetQuerySchema = z.object({
  AsOfDate: isoDate('As of date').optional().describe('The date the balances are at, YYYY-MM-DD; left out: the firm’s today.'),
  Compare: z
    .enum(BALANCE_SHEET_COMPARISONS, { error: 'Compare must be none or lastYear' })
    .default('none')
    .describe('lastYear: a comparison column of the balances a year before AsOfDate, with variance; none by default.'),
  format: statementFormatField,
});
export type BalanceSheetQuery = z.input<typeof balanceSheetQuerySchema>;

export const balanceSheetCurrencySchema = z.object({
  currencyCode: z.string().describe('ISO 4217 code of this part of the statement; currencies are never added together.'),
  assets: financialSectionSchema.describe('The firm’s own assets (debit − credit); the client trust bank is in clientMoney.'),
  liabilities: financialSectionSchema.describe('The firm’s own liabilities (credit − debit); client trust liability is in clientMoney.'),
  equity: financialSectionSchema.describe(
    'Equity accounts (credit − debit), then the computed retained earnings of earlier fiscal years and current year net income.',
  ),
  totalLiabilitiesAndEquity: financialFigureSchema.describe('The firm’s own liabilities + equity: equals its own assets.'),
  clientMoney: financialSectionSchema.describe(
    'Client money held in trust, apart from the firm’s own: the trust bank, the client trust liability, and their difference (zero when they agree).',
  ),
  isBalanced: z.boolean().describe('true when assets (the trust bank included) = liabilities (client trust liability included) + equity.'),
});
export type BalanceSheetCurrency = z.infer<typeof balanceSheetCurrencySchema>;

export const balanceSheetSchema = z.object({
  asOfDate: z.string().describe('The date the balances are at, YYYY-MM-DD.'),
  fiscalYearStart: z.string().describe('The first day of the fiscal year AsOfDate is in: current year net income counts from it.'),
  basisDescription: z.string().describe('The basis and how equity is worked out, in words, as the statement prints it.'),
  compare: z.enum(BALANCE_SHEET_COMPARISONS).describe('The comparison asked for.'),
  comparison: z
    .object({
      label: z.string().describe('The comparison column’s heading.'),
      asOfDate: z.string().describe('The comparison’s date, YYYY-MM-DD.'),
    })
    .nullable()
    .describe('The comparison column’s heading and date; null without a comparison.'),
  currencyCode: z.string().describe('The firm’s home currency (ISO 4217), first in currencies.'),
  currencies: z.array(balanceSheetCurrencySchema).describe('One balance sheet per currency with postings, the home currency first.'),
  isBalanced: z.boolean().describe('true when every currency’s balance sheet balances.'),
  ...tieOutFields,
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;
