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
import { generalLedgerQuerySchema, generalLedgerSchema } from './general-ledger.schemas.ts';
import { journalEntryInputSchema, journalEntryReversalSchema } from './journal-entry.schemas.ts';
import {
  journalEntryListQuerySchema,
  journalEntryPageSchema,
  journalEntryViewSchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from './ledger.schemas.ts';

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

/** format=csv answers text/csv. */
export const generalLedgerRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-general-ledger`,
  query: generalLedgerQuerySchema,
  response: generalLedgerSchema,
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
};
