import {
  trustBalanceRoute,
  trustClientLedgerRoute,
  trustStatementPath,
  type ClientLedger,
  type ClientLedgerQuery,
  type TrustBalance,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, buildQueryString, type QueryParams } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';

/**
 * The client's and the matter's Trust tab calls, apart from the trust pages' (trust-api.ts): those
 * tabs load only these contracts (ADR 40), on pages with little room left in their budgets.
 */
export const trustKeys = {
  all: ['trust'] as const,
  accounts: () => ['trust', 'accounts'] as const,
  account: (id: string) => ['trust', 'account', id] as const,
  ledgers: (params: QueryParams) => ['trust', 'ledgers', params] as const,
  transactions: (params: QueryParams) => ['trust', 'transactions', params] as const,
  record: (id: string) => ['trust', 'record', id] as const,
  pending: (params: QueryParams) => ['trust', 'pending', params] as const,
  clientLedger: (params: ClientLedgerQuery) => ['trust', 'client-ledger', params] as const,
  balance: (clientId: string, matterId: string) => ['trust', 'balance', clientId, matterId] as const,
  settings: () => ['trust', 'settings'] as const,
};

/** The words of a refusal, for the form's alert. */
export function refusalOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong';
}

export const clientLedgerQuery = (query: ClientLedgerQuery) =>
  queryOptions({
    queryKey: trustKeys.clientLedger(query),
    queryFn: async (): Promise<ClientLedger> =>
      (await callContract(trustClientLedgerRoute, { query }, { auth: 'firm', silent: true })).data,
    placeholderData: (previous) => previous,
    enabled: Boolean(query.ClientId),
  });

export const trustBalanceQuery = (clientId: string, matterId = '') =>
  queryOptions({
    queryKey: trustKeys.balance(clientId, matterId),
    queryFn: async (): Promise<TrustBalance> =>
      (
        await callContract(
          trustBalanceRoute,
          { query: { ClientId: clientId, MatterId: matterId || undefined } },
          { auth: 'firm', silent: true },
        )
      ).data,
    enabled: clientId !== '',
  });

/** The statement is a PDF, not the envelope: no contract, the path the server shares. */
export const downloadTrustStatement = (params: { ClientId: string; MatterId?: string; FromDate?: string; ToDate?: string }) =>
  downloadFile(`${trustStatementPath}${buildQueryString(params)}`, 'trust-statement.pdf', 'application/pdf');
