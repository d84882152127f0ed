import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  accountInputSchema,
  chartImportResultSchema,
  chartImportSchema,
  chartOfAccountsQuerySchema,
  chartOfAccountsSchema,
  ledgerAccountSchema,
} from './chart-of-accounts.schemas.ts';
import { bankAccountInputSchema, bankAccountListSchema, bankAccountSchema, bankAccountUpdateSchema } from './bank-account.schemas.ts';
import { bankAccountOptionsRoute } from './bank-account-options.ts';
import { budgetInputSchema, budgetParamsSchema, budgetQuerySchema, budgetSchema } from './budgets.schemas.ts';
import { generalLedgerQuerySchema, generalLedgerSchema } from './general-ledger.schemas.ts';
import { taxRateInputSchema, taxRateListSchema, taxRateSchema, vatReturnQuerySchema, vatReturnSchema } from './tax-rate.schemas.ts';
import { journalEntryInputSchema, journalEntryReversalSchema } from './journal-entry.schemas.ts';
import {
  journalEntryListQuerySchema,
  journalEntryPageSchema,
  journalEntryViewSchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from './ledger.schemas.ts';
import { balanceSheetQuerySchema, balanceSheetSchema, profitAndLossQuerySchema, profitAndLossSchema } from './statements.schemas.ts';

const base = '/api/admin/accounting';

export const trialBalanceRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-trial-balance`,
  query: trialBalanceQuerySchema,
  response: trialBalanceSchema,
});

export const journalEntryListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-journal-entries`,
  query: journalEntryListQuerySchema,
  response: journalEntryPageSchema,
});

/** format=csv answers text/csv (the OpenAPI says so). */
export const chartOfAccountsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-chart-of-accounts`,
  query: chartOfAccountsQuerySchema,
  response: chartOfAccountsSchema,
});

export const accountCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-account`,
  body: accountInputSchema,
  response: ledgerAccountSchema,
  status: 201,
});

export const accountUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-account/:id`,
  params: idParamsSchema,
  body: accountInputSchema,
  response: ledgerAccountSchema,
});

export const accountDeleteRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-account/:id`,
  params: idParamsSchema,
  response: z.null(),
});

export const chartImportRoute = defineRoute({
  method: 'POST',
  path: `${base}/import-chart-of-accounts`,
  body: chartImportSchema,
  response: chartImportResultSchema,
});

export const journalEntryCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-journal-entry`,
  body: journalEntryInputSchema,
  response: journalEntryViewSchema,
  status: 201,
});

export const journalEntryReverseRoute = defineRoute({
  method: 'POST',
  path: `${base}/reverse-journal-entry/:id`,
  params: idParamsSchema,
  body: journalEntryReversalSchema,
  response: journalEntryViewSchema,
  status: 201,
});

/** format=csv answers text/csv, format=pdf application/pdf. */
export const generalLedgerRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-general-ledger`,
  query: generalLedgerQuerySchema,
  response: generalLedgerSchema,
});

export const bankAccountListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-bank-accounts`,
  response: bankAccountListSchema,
});

export const bankAccountCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-bank-account`,
  body: bankAccountInputSchema,
  response: bankAccountSchema,
  status: 201,
});

export const bankAccountUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-bank-account/:id`,
  params: idParamsSchema,
  body: bankAccountUpdateSchema,
  response: bankAccountSchema,
});

export const bankAccountDeactivateRoute = defineRoute({
  method: 'POST',
  path: `${base}/deactivate-bank-account/:id`,
  params: idParamsSchema,
  response: bankAccountSchema,
});

export const taxRateListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-tax-rates`,
  response: taxRateListSchema,
});

export const taxRateCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-tax-rate`,
  body: taxRateInputSchema,
  response: taxRateSchema,
  status: 201,
});

export const taxRateUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-tax-rate/:id`,
  params: idParamsSchema,
  body: taxRateInputSchema,
  response: taxRateSchema,
});

/** format=csv answers text/csv, format=pdf application/pdf. */
export const vatReturnRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-vat-return`,
  query: vatReturnQuerySchema,
  response: vatReturnSchema,
});

/**
 * The body is multipart/form-data with one file (PDF, JPEG, PNG or HEIC, at most
 * JOURNAL_ATTACHMENT_MAX_BYTES), which a contract's JSON body cannot say: no `body` here.
 */
export const journalAttachmentAddRoute = defineRoute({
  method: 'POST',
  path: `${base}/add-journal-attachment/:id`,
  params: idParamsSchema,
  response: journalEntryViewSchema,
  status: 201,
});

/** GET: an attachment's bytes as a download (no envelope, so no contract). */
export const journalAttachmentFilePath = { path: `${base}/download-journal-attachment/:id/:attachmentId` } as const;

/** format=csv answers text/csv, format=pdf application/pdf. */
export const profitAndLossRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-profit-and-loss`,
  query: profitAndLossQuerySchema,
  response: profitAndLossSchema,
});

/** format=csv answers text/csv, format=pdf application/pdf. */
export const balanceSheetRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-balance-sheet`,
  query: balanceSheetQuerySchema,
  response: balanceSheetSchema,
});

export const budgetRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-budgets`,
  query: budgetQuerySchema,
  response: budgetSchema,
});

export const budgetSaveRoute = defineRoute({
  method: 'POST',
  path: `${base}/save-budget`,
  body: budgetInputSchema,
  response: budgetSchema,
});

export const budgetDeleteRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-budget/:fiscalYear`,
  params: budgetParamsSchema,
  response: z.null(),
});

export const accountingContracts = {
  trialBalance: trialBalanceRoute,
  journalEntries: journalEntryListRoute,
  chartOfAccounts: chartOfAccountsRoute,
  createAccount: accountCreateRoute,
  updateAccount: accountUpdateRoute,
  deleteAccount: accountDeleteRoute,
  importChartOfAccounts: chartImportRoute,
  createJournalEntry: journalEntryCreateRoute,
  reverseJournalEntry: journalEntryReverseRoute,
  generalLedger: generalLedgerRoute,
  bankAccounts: bankAccountListRoute,
  bankAccountOptions: bankAccountOptionsRoute,
  createBankAccount: bankAccountCreateRoute,
  updateBankAccount: bankAccountUpdateRoute,
  deactivateBankAccount: bankAccountDeactivateRoute,
  taxRates: taxRateListRoute,
  createTaxRate: taxRateCreateRoute,
  updateTaxRate: taxRateUpdateRoute,
  vatReturn: vatReturnRoute,
  addJournalAttachment: journalAttachmentAddRoute,
  profitAndLoss: profitAndLossRoute,
  balanceSheet: balanceSheetRoute,
  budget: budgetRoute,
  saveBudget: budgetSaveRoute,
  deleteBudget: budgetDeleteRoute,
};
