import {
  clientLedgerSchema,
  compareMoney,
  invoicePageSchema,
  invoiceSchema,
  type InvoiceListItem,
  trustAccountSchema,
  trustBalanceSchema,
  trustLedgerPageSchema,
  trustMovementRequestPageSchema,
  trustMovementRequestSchema,
  trustMovementResultSchema,
  trustSettingsSchema,
  trustTransactionPageSchema,
  trustTransactionRecordSchema,
  trustTransactionSchema,
  trustTransferResultSchema,
  type ClientLedger,
  type TrustAccount,
  type TrustBalance,
  type TrustLedgerPage,
  type TrustMovementRequest,
  type TrustMovementRequestPage,
  type TrustMovementResult,
  type TrustSettings,
  type TrustTransaction,
  type TrustTransactionPage,
  type TrustTransactionRecord,
  type TrustTransferResult,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, API_BASE, buildQueryString, type ApiEnvelope, type QueryParams } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { toast } from '../../../lib/toasts.ts';

export const TRUST_BASE = '/admin/trust-account';
const idPath = (action: string, id: string) => `${TRUST_BASE}/${action}/${encodeURIComponent(id)}`;

export const trustKeys = {
  all: ['trust'] as const,
  accounts: () => ['trust', 'accounts'] as const,
  account: (id: string) => ['trust', 'account', id] as const,
  ledgers: (params: QueryParams) => ['trust', 'ledgers', params] as const,
  transactions: (params: QueryParams) => ['trust', 'transactions', params] as const,
  record: (id: string) => ['trust', 'record', id] as const,
  pending: (params: QueryParams) => ['trust', 'pending', params] as const,
  clientLedger: (params: QueryParams) => ['trust', 'client-ledger', params] as const,
  balance: (clientId: string, matterId: string) => ['trust', 'balance', clientId, matterId] as const,
  settings: () => ['trust', 'settings'] as const,
};

async function getData(path: string, query?: QueryParams): Promise<unknown> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(path, { query, auth: 'firm', silent: true });
  return envelope.data;
}

/**
 * A trust movement or change: the refusal is not toasted but thrown, so the form that asked shows
 * it in words beside its fields ("Insufficient trust funds: …"); success toasts the server's message.
 */
async function mutate(path: string, body: unknown, method: 'POST' | 'PUT' = 'POST', idempotencyKey?: string): Promise<unknown> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(path, { method, body, auth: 'firm', silent: true, idempotencyKey });
  if (envelope.message) toast.success(envelope.message);
  return envelope.data;
}

/** The words of a refusal, for the form's alert. */
export function refusalOf(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong';
}

// Accounts -----------------------------------------------------------------------------------------

export const trustAccountsQuery = queryOptions({
  queryKey: trustKeys.accounts(),
  queryFn: async (): Promise<TrustAccount[]> => trustAccountSchema.array().parse(await getData(`${TRUST_BASE}/get-trust-accounts`)),
});

/** Null when the account is not this firm's (404) or the id is not one (400). */
export async function getTrustAccount(id: string): Promise<TrustAccount | null> {
  try {
    return trustAccountSchema.parse(await getData(idPath('get-trust-account', id)));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
export const trustAccountQuery = (id: string) =>
  queryOptions({ queryKey: trustKeys.account(id), queryFn: () => getTrustAccount(id), enabled: id !== '' });

export const createTrustAccount = async (body: unknown, idempotencyKey: string): Promise<TrustAccount> =>
  trustAccountSchema.parse(await mutate(`${TRUST_BASE}/create-trust-account`, body, 'POST', idempotencyKey));
export const updateTrustAccount = async (id: string, body: unknown): Promise<TrustAccount> =>
  trustAccountSchema.parse(await mutate(idPath('update-trust-account', id), body, 'PUT'));

// Movements ----------------------------------------------------------------------------------------

export const deposit = async (body: unknown, idempotencyKey: string): Promise<TrustTransaction> =>
  trustTransactionSchema.parse(await mutate(`${TRUST_BASE}/deposit`, body, 'POST', idempotencyKey));
export const disburse = async (body: unknown, idempotencyKey: string): Promise<TrustMovementResult> =>
  trustMovementResultSchema.parse(await mutate(`${TRUST_BASE}/disburse`, body, 'POST', idempotencyKey));
export const refund = async (body: unknown, idempotencyKey: string): Promise<TrustMovementResult> =>
  trustMovementResultSchema.parse(await mutate(`${TRUST_BASE}/refund`, body, 'POST', idempotencyKey));
export const payInvoiceFromTrust = async (body: unknown, idempotencyKey: string): Promise<TrustMovementResult> =>
  trustMovementResultSchema.parse(await mutate(`${TRUST_BASE}/pay-invoice`, body, 'POST', idempotencyKey));
export const transfer = async (body: unknown, idempotencyKey: string): Promise<TrustTransferResult> =>
  trustTransferResultSchema.parse(await mutate(`${TRUST_BASE}/transfer`, body, 'POST', idempotencyKey));

export const reverseTransaction = async (id: string, reason: string): Promise<TrustTransaction> =>
  trustTransactionSchema.parse(await mutate(idPath('reverse-transaction', id), { reason }));
export const clearDeposit = async (id: string, clearedDate: string): Promise<TrustTransaction> =>
  trustTransactionSchema.parse(await mutate(idPath('clear-deposit', id), { clearedDate }));
export const approveMovement = async (id: string): Promise<TrustMovementResult> =>
  trustMovementResultSchema.parse(await mutate(idPath('approve-transaction', id), {}));
export const rejectMovement = async (id: string, reason: string): Promise<TrustMovementRequest> =>
  trustMovementRequestSchema.parse(await mutate(idPath('reject-transaction', id), { reason }));

// Lists --------------------------------------------------------------------------------------------

export const pendingMovementsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.pending(params),
    queryFn: async (): Promise<TrustMovementRequestPage> =>
      trustMovementRequestPageSchema.parse(await getData(`${TRUST_BASE}/get-pending-transactions`, params)),
    placeholderData: (previous) => previous,
  });

export const trustTransactionsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.transactions(params),
    queryFn: async (): Promise<TrustTransactionPage> =>
      trustTransactionPageSchema.parse(await getData(`${TRUST_BASE}/get-trust-transactions`, params)),
    placeholderData: (previous) => previous,
  });

export const downloadTrustTransactionsCsv = (params: QueryParams) =>
  downloadFile(
    `${API_BASE}${TRUST_BASE}/get-trust-transactions${buildQueryString({ ...params, page: undefined, size: undefined, IsDownlodCsv: true })}`,
    'trust-movements.csv',
    'text/csv',
  );

/** Null when the movement is not this firm's. */
export async function getTrustTransactionRecord(id: string): Promise<TrustTransactionRecord | null> {
  try {
    return trustTransactionRecordSchema.parse(await getData(idPath('get-trust-transaction', id)));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
export const trustRecordQuery = (id: string) =>
  queryOptions({ queryKey: trustKeys.record(id), queryFn: () => getTrustTransactionRecord(id), enabled: id !== '', staleTime: 0 });

export const trustAccountLedgersQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.ledgers(params),
    queryFn: async (): Promise<TrustLedgerPage> =>
      trustLedgerPageSchema.parse(await getData(`${TRUST_BASE}/get-trust-account-ledgers`, params)),
    placeholderData: (previous) => previous,
  });

export const clientLedgerQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.clientLedger(params),
    queryFn: async (): Promise<ClientLedger> => clientLedgerSchema.parse(await getData(`${TRUST_BASE}/get-client-ledger`, params)),
    placeholderData: (previous) => previous,
    enabled: Boolean(params.ClientId),
  });

export const trustBalanceQuery = (clientId: string, matterId = '') =>
  queryOptions({
    queryKey: trustKeys.balance(clientId, matterId),
    queryFn: async (): Promise<TrustBalance> =>
      trustBalanceSchema.parse(await getData(`${TRUST_BASE}/get-trust-balance`, { ClientId: clientId, MatterId: matterId || undefined })),
    enabled: clientId !== '',
  });

export const downloadTrustStatement = (params: { ClientId: string; MatterId?: string; FromDate?: string; ToDate?: string }) =>
  downloadFile(`${API_BASE}${TRUST_BASE}/download-trust-statement${buildQueryString(params)}`, 'trust-statement.pdf', 'application/pdf');

// Settings -----------------------------------------------------------------------------------------

export const trustSettingsQuery = queryOptions({
  queryKey: trustKeys.settings(),
  queryFn: async (): Promise<TrustSettings> => trustSettingsSchema.parse(await getData(`${TRUST_BASE}/get-trust-settings`)),
});
export const updateTrustSettings = async (body: unknown): Promise<TrustSettings> =>
  trustSettingsSchema.parse(await mutate(`${TRUST_BASE}/update-trust-settings`, body, 'PUT'));
export const setMatterTrustMinimum = async (body: unknown): Promise<void> => {
  await mutate(`${TRUST_BASE}/set-matter-trust-minimum`, body, 'PUT');
};

// The invoices a client can pay from trust (the invoices list, read here: features never import each other).

const PAYABLE_STATUSES = new Set(['Approved', 'Sent', 'PartlyPaid']);
/** The matters an invoice is for: the only matter ledgers that may pay it from trust. */
export const invoiceMattersQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: ['trust', 'invoice-matters', invoiceId] as const,
    queryFn: async () => invoiceSchema.pick({ matters: true }).parse(await getData(`/admin/invoice/get-invoice/${invoiceId}`)).matters,
    enabled: invoiceId !== '',
    staleTime: 0,
  });

export const payableInvoicesQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['trust', 'payable-invoices', clientId] as const,
    queryFn: async (): Promise<InvoiceListItem[]> => {
      const page = invoicePageSchema.parse(await getData('/admin/invoice/get-invoice-list', { ClientId: clientId, page: 1, size: 100 }));
      return page.data.filter((invoice) => PAYABLE_STATUSES.has(invoice.status) && compareMoney(invoice.balanceDue, '0') > 0);
    },
    enabled: clientId !== '',
    staleTime: 0,
  });
