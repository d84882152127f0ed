import { z } from 'zod';

export const BUDGET_MESSAGES = {
  notFound: 'This fiscal year has no budget',
  accountType: 'is not an income or expense account: a firm budget is kept for income and expense accounts',
  duplicateAccount: 'is in the budget twice',
  createPermission: 'Starting a budget for a new fiscal year needs the budget.create permission',
  editPermission: 'Changing a saved budget needs the budget.edit permission',
} as const;

const fiscalYearField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a year` })
    .int({ error: `${label} must be a year` })
    .min(1900, { error: `${label} must be a year` })
    .max(9999, { error: `${label} must be a year` });

/** A budget amount: an exact decimal of at most 2 places; negative for an account that usually runs the other way. */
const budgetAmount = z
  .string({ error: 'Each month’s amount must be a number' })
  .trim()
  .transform((value) => (value === '' ? '0' : value))
  .refine((value) => /^-?\d{1,12}(\.\d{1,2})?$/.test(value), 'Each month’s amount must be a number with at most 2 decimals');

export const BUDGET_COPY_SOURCES = ['lastYearActuals'] as const;

/** GET get-budgets. */
export const budgetQuerySchema = z.object({
  FiscalYear: fiscalYearField('FiscalYear')
    .optional()
    .describe('The fiscal year, named by the calendar year it starts in; left out: the fiscal year of the firm’s today.'),
  CopyFrom: z
    .enum(BUDGET_COPY_SOURCES, { error: 'CopyFrom must be lastYearActuals' })
    .optional()
    .describe(
      'lastYearActuals: answer the previous fiscal year’s actual figures (accrual basis, home currency) month by month as a starting grid, without saving it.',
    ),
});
export type BudgetQuery = z.input<typeof budgetQuerySchema>;

/** POST save-budget: the whole year's grid; accounts left out have no budget. */
export const budgetInputSchema = z.strictObject({
  fiscalYear: fiscalYearField('fiscalYear').describe('The fiscal year the grid is for, named by the calendar year it starts in.'),
  lines: z
    .array(
      z.strictObject({
        accountId: z.uuid({ error: 'Each line needs an account' }).describe('An income or expense account of the firm.'),
        amounts: z
          .array(budgetAmount)
          .length(12, { error: 'Each line has twelve monthly amounts' })
          .describe('The twelve months’ amounts in fiscal order (the first is the fiscal year’s first month), exact decimal strings.'),
      }),
    )
    .max(1000, { error: 'A budget has at most 1000 lines' })
    .describe('One line per budgeted account; income as the income expected, expenses as the cost expected (both positive).'),
});
export type BudgetInput = z.input<typeof budgetInputSchema>;

export const budgetParamsSchema = z.object({
  fiscalYear: fiscalYearField('Fiscal year').describe('The fiscal year whose budget to delete.'),
});

export const budgetAccountSchema = z.object({
  accountId: z.string().describe('The account’s id.'),
  number: z.string().describe('The account’s 4-digit number.'),
  name: z.string().describe('The account’s name.'),
  type: z.enum(['income', 'expense']).describe('income or expense.'),
  parentId: z.string().nullable().describe('The parent account of a sub-account; null at the top level.'),
  isActive: z.boolean().describe('false for a deactivated account (listed only while it has a budget).'),
  amounts: z.array(z.string()).describe('The twelve months’ amounts in fiscal order, exact decimal strings ("0.00" when none).'),
  total: z.string().describe('The year’s total for the account.'),
});
export type BudgetAccount = z.infer<typeof budgetAccountSchema>;

const monthlyTotalsSchema = z.object({
  amounts: z.array(z.string()).describe('The figure of each month in fiscal order, exact decimal strings.'),
  total: z.string().describe('The figure for the whole year.'),
});

export const budgetSchema = z.object({
  fiscalYear: z.number().describe('The fiscal year, named by the calendar year it starts in.'),
  label: z.string().describe('How the fiscal year is written: "2026", or "2026/27" when it does not start in January.'),
  fromDate: z.string().describe('The fiscal year’s first day, YYYY-MM-DD.'),
  toDate: z.string().describe('The fiscal year’s last day, YYYY-MM-DD.'),
  months: z
    .array(
      z.object({
        month: z.string().describe('The month’s first day, YYYY-MM-DD.'),
        label: z.string().describe('The month as a column heading, e.g. "Apr 2026".'),
      }),
    )
    .describe('The fiscal year’s twelve months in order.'),
  currencyCode: z.string().describe('The budget’s currency: the firm’s home currency (when saved, the one it was saved in).'),
  source: z
    .enum(['saved', 'lastYearActuals', 'none'])
    .describe('Where the amounts come from: the saved budget, last year’s actuals (CopyFrom), or none (zeros).'),
  isSaved: z.boolean().describe('true when the year has a saved budget (saving replaces it).'),
  updatedAt: z.string().nullable().describe('When the saved budget was last saved, ISO 8601 UTC; null when none is saved.'),
  accounts: z
    .array(budgetAccountSchema)
    .describe('Every active income and expense account by number (and inactive ones with a budget), with its months.'),
  income: monthlyTotalsSchema.describe('Budgeted income: the income accounts’ totals.'),
  expenses: monthlyTotalsSchema.describe('Budgeted expenses: the expense accounts’ totals.'),
  netIncome: monthlyTotalsSchema.describe('Budgeted net income: income less expenses.'),
  savedYears: z.array(z.number()).describe('The fiscal years that have a saved budget, newest first.'),
});
export type Budget = z.infer<typeof budgetSchema>;
