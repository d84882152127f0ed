import {
  bankAccountCreateRoute,
  bankAccountDeactivateRoute,
  bankAccountListRoute,
  bankAccountUpdateRoute,
  journalAttachmentAddRoute,
  journalAttachmentFilePath,
  pathOf,
  taxRateCreateRoute,
  taxRateListRoute,
  taxRateUpdateRoute,
  vatReturnRoute,
  type BankAccountInput,
  type BankAccountUpdate,
  type TaxRateInput,
  accountCreateRoute,
  accountDeleteRoute,
  accountUpdateRoute,
  balanceSheetRoute,
  budgetDeleteRoute,
  budgetRoute,
  budgetSaveRoute,
  chartImportRoute,
  chartOfAccountsRoute,
  generalLedgerRoute,
  journalEntryCreateRoute,
  journalEntryListRoute,
  journalEntryReverseRoute,
  profitAndLossRoute,
  trialBalanceRoute,
  type AccountInput,
  type BalanceSheetQuery,
  type BudgetInput,
  type GeneralLedgerQuery,
  type JournalEntryInput,
  type ProfitAndLossQuery,
  type RouteContract,
  type StatementFormat,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callContract, contractUrl, listContract } from '../../../lib/api/call-contract.ts';
import { errorMessageFrom } from '../../../lib/api-client.ts';
import { downloadCsv, downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';

/** Every accounting query lives under ['accounting']: a posting or a chart change refreshes them all. */
export const accountingKeys = {
  all: ['accounting'] as const,
  chart: () => ['accounting', 'chart'] as const,
  journals: (page: number) => ['accounting', 'journals', page] as const,
  generalLedger: (query: GeneralLedgerQuery) => ['accounting', 'general-ledger', query] as const,
  trialBalance: (asOfDate: string) => ['accounting', 'trial-balance', asOfDate] as const,
  bankAccounts: () => ['accounting', 'bank-accounts'] as const,
  taxRates: () => ['accounting', 'tax-rates'] as const,
  vatReturn: (fromDate: string, toDate: string) => ['accounting', 'vat-return', fromDate, toDate] as const,
  profitAndLoss: (query: ProfitAndLossQuery) => ['accounting', 'profit-and-loss', query] as const,
  balanceSheet: (query: BalanceSheetQuery) => ['accounting', 'balance-sheet', query] as const,
  budget: (fiscalYear: number | null) => ['accounting', 'budget', fiscalYear] as const,
};

export const chartQuery = queryOptions({
  queryKey: accountingKeys.chart(),
  queryFn: () => listContract(chartOfAccountsRoute, {}, 'firm'),
});

export const journalEntriesQuery = (page: number) =>
  queryOptions({
    queryKey: accountingKeys.journals(page),
    queryFn: () => listContract(journalEntryListRoute, { query: { page, size: 20 } }, 'firm'),
    placeholderData: keepPreviousData,
  });

/** Blank filters are left out of the address (SPEC.md §7). */
const withoutBlanks = <T extends Record<string, unknown>>(query: T): Partial<T> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined && value !== null)) as Partial<T>;

export const generalLedgerQuery = (query: GeneralLedgerQuery) =>
  queryOptions({
    queryKey: accountingKeys.generalLedger(query),
    queryFn: () => listContract(generalLedgerRoute, { query: withoutBlanks(query) }, 'firm'),
    enabled: Boolean(query.AccountId),
    placeholderData: keepPreviousData,
  });

export const trialBalanceQuery = (asOfDate: string) =>
  queryOptions({
    queryKey: accountingKeys.trialBalance(asOfDate),
    queryFn: () => listContract(trialBalanceRoute, { query: withoutBlanks({ AsOfDate: asOfDate }) }, 'firm'),
  });

export const createAccount = async (body: AccountInput) =>
  (await callContract(accountCreateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;

export const updateAccount = async (id: string, body: AccountInput) =>
  (await callContract(accountUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;

export const deleteAccount = async (id: string) => {
  await callContract(accountDeleteRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
};

export const importChart = async (csv: string) =>
  (await callContract(chartImportRoute, { body: { csv } }, { auth: 'firm', toastSuccess: true })).data;

export const downloadChartCsv = () => downloadCsv(contractUrl(chartOfAccountsRoute, { query: { format: 'csv' } }), 'chart-of-accounts.csv');

export const downloadGeneralLedgerCsv = (query: GeneralLedgerQuery) =>
  downloadCsv(contractUrl(generalLedgerRoute, { query: { ...withoutBlanks(query), format: 'csv' } }), 'general-ledger.csv');

export const createJournalEntry = async (body: JournalEntryInput, idempotencyKey?: string) =>
  (await callContract(journalEntryCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey })).data;

export const reverseJournalEntry = async (id: string) =>
  (await callContract(journalEntryReverseRoute, { params: { id }, body: {} }, { auth: 'firm', toastSuccess: true })).data;

export const bankAccountsQuery = queryOptions({
  queryKey: accountingKeys.bankAccounts(),
  queryFn: () => listContract(bankAccountListRoute, {}, 'firm'),
});

export const createBankAccount = async (body: BankAccountInput) =>
  (await callContract(bankAccountCreateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;

export const updateBankAccount = async (id: string, body: BankAccountUpdate) =>
  (await callContract(bankAccountUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;

export const deactivateBankAccount = async (id: string) =>
  (await callContract(bankAccountDeactivateRoute, { params: { id } }, { auth: 'firm', toastSuccess: true })).data;

export const taxRatesQuery = queryOptions({
  queryKey: accountingKeys.taxRates(),
  queryFn: () => listContract(taxRateListRoute, {}, 'firm'),
});

export const createTaxRate = async (body: TaxRateInput) =>
  (await callContract(taxRateCreateRoute, { body }, { auth: 'firm', toastSuccess: true })).data;

export const updateTaxRate = async (id: string, body: TaxRateInput) =>
  (await callContract(taxRateUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;

export const vatReturnQuery = (fromDate: string, toDate: string) =>
  queryOptions({
    queryKey: accountingKeys.vatReturn(fromDate, toDate),
    queryFn: () => listContract(vatReturnRoute, { query: { FromDate: fromDate, ToDate: toDate } }, 'firm'),
    enabled: Boolean(fromDate && toDate && fromDate <= toDate),
  });

export const downloadVatReturn = (fromDate: string, toDate: string, format: 'csv' | 'pdf') =>
  downloadFile(
    contractUrl(vatReturnRoute, { query: { FromDate: fromDate, ToDate: toDate, format } }),
    `vat-return-${fromDate}-to-${toDate}.${format}`,
    format === 'csv' ? 'text/csv' : 'application/pdf',
  );

/** One file attached to a posted entry (multipart, as an expense's receipt). */
export async function addJournalAttachment(entryId: string, file: File): Promise<void> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = firmToken();
  const response = await fetch(pathOf(journalAttachmentAddRoute, { id: entryId }), {
    method: journalAttachmentAddRoute.method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The file could not be attached'));
  }
}

export const downloadJournalAttachment = (entryId: string, attachmentId: string, fileName: string) =>
  downloadFile(pathOf(journalAttachmentFilePath, { id: entryId, attachmentId }), fileName);

export const profitAndLossQuery = (query: ProfitAndLossQuery) =>
  queryOptions({
    queryKey: accountingKeys.profitAndLoss(query),
    queryFn: () => listContract(profitAndLossRoute, { query: withoutBlanks(query) }, 'firm'),
    placeholderData: keepPreviousData,
  });

export const balanceSheetQuery = (query: BalanceSheetQuery) =>
  queryOptions({
    queryKey: accountingKeys.balanceSheet(query),
    queryFn: () => listContract(balanceSheetRoute, { query: withoutBlanks(query) }, 'firm'),
    placeholderData: keepPreviousData,
  });

/** null: the fiscal year of the firm's today. */
export const budgetQuery = (fiscalYear: number | null) =>
  queryOptions({
    queryKey: accountingKeys.budget(fiscalYear),
    queryFn: () => listContract(budgetRoute, { query: fiscalYear === null ? {} : { FiscalYear: fiscalYear } }, 'firm'),
  });

/** Last fiscal year's actuals as a starting grid: read, not saved. */
export const lastYearActuals = async (fiscalYear: number) =>
  (await callContract(budgetRoute, { query: { FiscalYear: fiscalYear, CopyFrom: 'lastYearActuals' } }, { auth: 'firm' })).data;

export const saveBudget = async (body: BudgetInput) =>
  (await callContract(budgetSaveRoute, { body }, { auth: 'firm', toastSuccess: true })).data;

export const deleteBudget = async (fiscalYear: number) => {
  await callContract(budgetDeleteRoute, { params: { fiscalYear } }, { auth: 'firm', toastSuccess: true });
};

const MEDIA_TYPES: Record<Exclude<StatementFormat, 'json'>, string> = { csv: 'text/csv', pdf: 'application/pdf' };

/** A statement as a file (format=csv or pdf), saved under the server's name. */
export function downloadStatement<C extends RouteContract>(
  contract: C,
  query: Record<string, unknown>,
  format: 'csv' | 'pdf',
  fallbackName: string,
): Promise<void> {
  const url = contractUrl(contract, { query: { ...withoutBlanks(query), format } } as never);
  return downloadFile(url, `${fallbackName}.${format}`, MEDIA_TYPES[format]);
}
