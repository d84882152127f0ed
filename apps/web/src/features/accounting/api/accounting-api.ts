import {
  accountCreateRoute,
  accountDeleteRoute,
  accountUpdateRoute,
  chartImportRoute,
  chartOfAccountsRoute,
  generalLedgerRoute,
  journalEntryCreateRoute,
  journalEntryListRoute,
  journalEntryReverseRoute,
  trialBalanceRoute,
  type AccountInput,
  type GeneralLedgerQuery,
  type JournalEntryInput,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callContract, contractUrl, listContract } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';

/** Every accounting query lives under ['accounting']: a posting or a chart change refreshes them all. */
export const accountingKeys = {
  all: ['accounting'] as const,
  chart: () => ['accounting', 'chart'] as const,
  journals: (page: number) => ['accounting', 'journals', page] as const,
  generalLedger: (query: GeneralLedgerQuery) => ['accounting', 'general-ledger', query] as const,
  trialBalance: (asOfDate: string) => ['accounting', 'trial-balance', asOfDate] as const,
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
