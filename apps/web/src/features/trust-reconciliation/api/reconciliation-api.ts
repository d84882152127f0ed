import {
  pathOf,
  reconciliationCandidatesRoute,
  reconciliationHistoryRoute,
  reconciliationImportStatementRoute,
  reconciliationLinesRoute,
  reconciliationMatchRoute,
  reconciliationRecordBalanceRoute,
  reconciliationSignOffRoute,
  reconciliationUnmatchRoute,
  reconciliationViewRoute,
  type BankStatement,
  type ReconciliationMovement,
  type SignOffReconciliationInput,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { errorMessageFrom } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { firmToken } from '../../../lib/session-storage.ts';

/** The multipart field import-bank-statement reads the CSV from. */
export const STATEMENT_FIELD_NAME = 'file';

/** Every reconciliation query of an account under one key: an import, match or sign-off refreshes them all. */
export const reconciliationKeys = {
  all: (trustAccountId: string) => ['trust-reconciliation', trustAccountId] as const,
  reconciliation: (trustAccountId: string, asOf: string, page: number) =>
    ['trust-reconciliation', trustAccountId, 'view', asOf, page] as const,
  lines: (trustAccountId: string, isUnmatchedOnly: boolean, page: number) =>
    ['trust-reconciliation', trustAccountId, 'lines', isUnmatchedOnly, page] as const,
  candidates: (trustAccountId: string, lineId: string) => ['trust-reconciliation', trustAccountId, 'candidates', lineId] as const,
  history: (trustAccountId: string, page: number) => ['trust-reconciliation', trustAccountId, 'history', page] as const,
};

export function useReconciliation(trustAccountId: string, asOf: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.reconciliation(trustAccountId, asOf, page),
      queryFn: async () =>
        (
          await callContract(
            reconciliationViewRoute,
            { query: { trustAccountId, asOf: asOf || undefined, page, size: 10 } },
            { auth: 'firm' },
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useStatementLines(trustAccountId: string, isUnmatchedOnly: boolean, page: number) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.lines(trustAccountId, isUnmatchedOnly, page),
      queryFn: async () =>
        (
          await callContract(
            reconciliationLinesRoute,
            { query: { trustAccountId, IsUnmatchedOnly: isUnmatchedOnly || undefined, page, size: 20 } },
            { auth: 'firm' },
          )
        ).data,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useMatchCandidates(trustAccountId: string, lineId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.candidates(trustAccountId, lineId ?? ''),
      queryFn: async (): Promise<ReconciliationMovement[]> =>
        (await callContract(reconciliationCandidatesRoute, { query: { lineId: lineId ?? '' } }, { auth: 'firm' })).data,
      enabled: lineId !== null,
    }),
  );
}

export function useReconciliationHistory(trustAccountId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.history(trustAccountId, page),
      queryFn: async () =>
        (await callContract(reconciliationHistoryRoute, { query: { trustAccountId, page, size: 10 } }, { auth: 'firm' })).data,
    }),
  );
}

/** Uploads the CSV (with the optional statement date and closing balance before the file, as the API reads them). */
export async function importBankStatement(
  trustAccountId: string,
  file: File,
  fields: { statementDate?: string; closingBalance?: string } = {},
): Promise<BankStatement> {
  const form = new FormData();
  if (fields.statementDate) form.append('statementDate', fields.statementDate);
  if (fields.closingBalance) form.append('closingBalance', fields.closingBalance);
  form.append(STATEMENT_FIELD_NAME, file, file.name);
  const token = firmToken();
  const response = await fetch(pathOf(reconciliationImportStatementRoute, { trustAccountId }), {
    method: reconciliationImportStatementRoute.method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The statement could not be imported'));
  return reconciliationImportStatementRoute.response.parse((body as { data: unknown }).data);
}

const mutation = { auth: 'firm', toastSuccess: true } as const;

export const recordBankBalance = async (trustAccountId: string, balanceDate: string, balance: string) =>
  (await callContract(reconciliationRecordBalanceRoute, { params: { trustAccountId }, body: { balanceDate, balance } }, mutation)).data;

export const matchStatementLine = async (lineId: string, transactionId: string) =>
  (await callContract(reconciliationMatchRoute, { params: { lineId }, body: { transactionId } }, mutation)).data;

export const unmatchStatementLine = async (lineId: string) =>
  (await callContract(reconciliationUnmatchRoute, { params: { lineId } }, mutation)).data;

export const signOffReconciliation = async (trustAccountId: string, input: SignOffReconciliationInput) =>
  (await callContract(reconciliationSignOffRoute, { params: { trustAccountId }, body: input }, mutation)).data;
