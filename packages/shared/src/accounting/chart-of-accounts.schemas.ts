import { z } from 'zod';
import { optionalMultilineText, requiredText } from '../common/fields.ts';
import { LEDGER_ACCOUNT_CODES, LEDGER_ACCOUNT_TYPES } from './ledger.schemas.ts';

/** The modules whose sub-ledgers an account's balance must equal: nobody posts to it by hand (ADR 0046). */
export const ACCOUNT_OWNER_MODULES = ['invoices', 'trust', 'payments', 'expenses'] as const;

export const ACCOUNT_TYPE_LABELS: Record<(typeof LEDGER_ACCOUNT_TYPES)[number], string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};

/** The messages the chart's rules answer with, said once for the server and the tests. */
export const CHART_MESSAGES = {
  numberTaken: 'Another account already has this number',
  systemType: 'A system account keeps its type: the modules post to it',
  systemDeactivate: 'A system account cannot be deactivated: the modules post to it',
  systemDelete: 'A system account cannot be deleted: the modules post to it',
  hasEntries: 'This account has journal entries: deactivate it instead of deleting it',
  hasSubAccounts: 'This account has sub-accounts: move or delete them first',
  parentType: 'A sub-account must have its parent’s type',
  parentItself: 'An account cannot be its own parent or a sub-account of its sub-accounts',
  parentNested: 'A sub-account’s parent must be a top-level account',
} as const;

export const accountNumber = z
  .string({ error: 'Account number is required' })
  .trim()
  .regex(/^\d{4}$/, 'Account number must be 4 digits');

/** POST create-account and PUT update-account/:id. */
export const accountInputSchema = z.object({
  number: accountNumber.describe('The account’s 4-digit number, unique in the firm’s chart, e.g. "5070".'),
  name: requiredText('Account name', 120).describe('The account’s name as the chart and statements show it.'),
  type: z
    .enum(LEDGER_ACCOUNT_TYPES, { error: 'Account type must be asset, liability, equity, income or expense' })
    .describe('The account’s class; a system account’s type cannot change.'),
  parentId: z
    .union([z.literal(''), z.uuid({ error: 'Parent account must be an id' })], { error: 'Parent account must be an id' })
    .nullish()
    .transform((value) => value || null)
    .describe('The top-level account of the same type this one is a sub-account of; null: a top-level account.'),
  description: optionalMultilineText('Description', 500).describe('What the account is for; null: none.'),
  isActive: z
    .boolean()
    .optional()
    .default(true)
    .describe('false deactivates the account: no new manual postings; its history stays. A system account stays active.'),
});
export type AccountInput = z.input<typeof accountInputSchema>;

export const ledgerAccountSchema = z.object({
  id: z.string().describe('The account’s id.'),
  number: z.string().describe('The account’s 4-digit number.'),
  name: z.string().describe('The account’s name.'),
  type: z.enum(LEDGER_ACCOUNT_TYPES).describe('The account’s class in the books.'),
  normalBalance: z.enum(['debit', 'credit']).describe('The side the account’s balance normally sits on.'),
  code: z
    .enum(LEDGER_ACCOUNT_CODES)
    .nullable()
    .describe('A system account’s stable code, which the modules post to (e.g. operating-bank); null: one of the firm’s own.'),
  parentId: z.string().nullable().describe('The account it is a sub-account of; null: top-level.'),
  description: z.string().nullable().describe('What the account is for; null: none.'),
  isActive: z.boolean().describe('false: deactivated, no new manual postings.'),
  isSystem: z.boolean().describe('true: a module posts to it, so it cannot be retyped, deactivated or deleted.'),
  ownedByModule: z
    .enum(ACCOUNT_OWNER_MODULES)
    .nullable()
    .describe('The module whose sub-ledger the balance must equal (no manual postings); null: manual journals may post to it.'),
  hasEntries: z.boolean().describe('true when journal lines post to it: it can then only be deactivated, never deleted.'),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

/** GET get-chart-of-accounts; format=csv answers the chart as a CSV file (the import's columns). */
export const chartOfAccountsQuerySchema = z.object({
  format: z
    .enum(['json', 'csv'], { error: 'format must be json or csv' })
    .optional()
    .describe('csv: answer the chart as a CSV file (Number, Name, Type, Parent number, Description, Active, System code).'),
});

export const chartOfAccountsSchema = z.object({
  accounts: z.array(ledgerAccountSchema).describe('Every account of the firm’s chart, by number.'),
});
export type ChartOfAccounts = z.infer<typeof chartOfAccountsSchema>;

/** The chart's CSV columns, for the export and the import alike. */
export const CHART_CSV_HEADER = ['Number', 'Name', 'Type', 'Parent number', 'Description', 'Active', 'System code'] as const;

/** POST import-chart-of-accounts: the CSV file's text (the web reads the chosen file). */
export const chartImportSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file to import' })
    .min(1, 'Choose a CSV file to import')
    .max(1_000_000, 'The CSV file must be at most 1 MB')
    .describe(
      'The CSV file’s text with the export’s header: Number, Name, Type, Parent number, Description, Active (System code is ignored).',
    ),
});

export const chartImportResultSchema = z.object({
  created: z.number().describe('How many accounts the file added (numbers the chart did not have).'),
  updated: z.number().describe('How many existing accounts (matched by number) it changed.'),
  unchanged: z.number().describe('How many rows matched an account exactly as it was.'),
});
export type ChartImportResult = z.infer<typeof chartImportResultSchema>;
