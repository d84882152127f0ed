import {
  bankStatementSchema,
  matchCandidatesSchema,
  reconciliationHistoryPageSchema,
  reconciliationSchema,
  statementLinePageSchema,
  type BankStatement,
  type ReconciliationMovement,
  type SignOffReconciliationInput,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiGet, apiMutate, errorMessageFrom } from '../../../lib/api-client.ts';
import { firmToken } from '../../../lib/session-storage.ts';

export const TRUST_BASE_PATH = '/admin/trust-account';
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
        reconciliationSchema.parse(
          await apiGet(`${TRUST_BASE_PATH}/get-reconciliation`, { trustAccountId, asOf: asOf || undefined, page, size: 10 }, 'firm'),
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useStatementLines(trustAccountId: string, isUnmatchedOnly: boolean, page: number) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.lines(trustAccountId, isUnmatchedOnly, page),
      queryFn: async () =>
        statementLinePageSchema.parse(
          await apiGet(
            `${TRUST_BASE_PATH}/get-statement-lines`,
            { trustAccountId, IsUnmatchedOnly: isUnmatchedOnly || undefined, page, size: 20 },
            'firm',
          ),
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useMatchCandidates(trustAccountId: string, lineId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.candidates(trustAccountId, lineId ?? ''),
      queryFn: async (): Promise<ReconciliationMovement[]> =>
        matchCandidatesSchema.parse(await apiGet(`${TRUST_BASE_PATH}/get-match-candidates`, { lineId }, 'firm')),
      enabled: lineId !== null,
    }),
  );
}

export function useReconciliationHistory(trustAccountId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: reconciliationKeys.history(trustAccountId, page),
      queryFn: async () =>
        reconciliationHistoryPageSchema.parse(
          await apiGet(`${TRUST_BASE_PATH}/get-reconciliations`, { trustAccountId, page, size: 10 }, 'firm'),
        ),
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
  const response = await fetch(`${API_BASE}${TRUST_BASE_PATH}/import-bank-statement/${encodeURIComponent(trustAccountId)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The statement could not be imported'));
  return bankStatementSchema.parse((body as { data: unknown }).data);
}

export const recordBankBalance = (trustAccountId: string, balanceDate: string, balance: string) =>
  apiMutate(`${TRUST_BASE_PATH}/record-bank-balance/${encodeURIComponent(trustAccountId)}`, { balanceDate, balance }, { auth: 'firm' });

export const matchStatementLine = (lineId: string, transactionId: string) =>
  apiMutate(`${TRUST_BASE_PATH}/match-statement-line/${encodeURIComponent(lineId)}`, { transactionId }, { auth: 'firm' });

export const unmatchStatementLine = (lineId: string) =>
  apiMutate(`${TRUST_BASE_PATH}/unmatch-statement-line/${encodeURIComponent(lineId)}`, {}, { auth: 'firm' });

export const signOffReconciliation = (trustAccountId: string, input: SignOffReconciliationInput) =>
  apiMutate(`${TRUST_BASE_PATH}/sign-off-reconciliation/${encodeURIComponent(trustAccountId)}`, input, { auth: 'firm' });
