import {
  compareMoney,
  invoiceListRoute,
  invoiceViewRoute,
  trustAccountCreateRoute,
  trustAccountLedgersRoute,
  trustAccountListRoute,
  trustAccountUpdateRoute,
  trustAccountViewRoute,
  trustApproveMovementRoute,
  trustClearDepositRoute,
  trustDepositRoute,
  trustDisburseRoute,
  trustMatterMinimumRoute,
  trustPayInvoiceRoute,
  trustPendingMovementsRoute,
  trustRefundRoute,
  trustRejectMovementRoute,
  trustReverseRoute,
  trustSettingsRoute,
  trustSettingsUpdateRoute,
  trustTransactionListRoute,
  trustTransactionViewRoute,
  trustTransferRoute,
  type ContractInput,
  type CreateTrustAccountInput,
  type DepositInput,
  type DisburseInput,
  type InvoiceListItem,
  type PayInvoiceFromTrustInput,
  type RefundInput,
  type RouteContract,
  type SetMatterTrustMinimumInput,
  type TransferInput,
  type TrustAccount,
  type TrustLedgerPage,
  type TrustMovementRequest,
  type TrustMovementRequestPage,
  type TrustMovementResult,
  type TrustSettings,
  type TrustTransaction,
  type TrustTransactionPage,
  type TrustTransactionRecord,
  type TrustTransferResult,
  type UpdateTrustAccountInput,
  type UpdateTrustSettingsInput,
} from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, type QueryParams } from '../../../lib/api-client.ts';
import { callContract, contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadFile } from '../../../lib/download-csv.ts';
import { trustKeys } from './trust-ledger-api.ts';

export { clientLedgerQuery, downloadTrustStatement, refusalOf, trustBalanceQuery, trustKeys } from './trust-ledger-api.ts';

/** A read of the trust pages: a refusal throws (the page shows it), never toasts. */
const read = async <C extends RouteContract>(contract: C, input: ContractInput<C>) =>
  (await callContract(contract, input, { auth: 'firm', silent: true })).data;

/**
 * A trust movement or change: the refusal is not toasted but thrown, so the form that asked shows
 * it in words beside its fields ("Insufficient trust funds: …"); success toasts the server's message.
 */
const mutate = async <C extends RouteContract>(contract: C, input: ContractInput<C>, idempotencyKey?: string) =>
  (await callContract(contract, input, { auth: 'firm', silent: true, toastSuccess: true, idempotencyKey })).data;

/** Null when the record is not this firm's (404) or the id is not one (400). */
async function orNull<T>(reading: Promise<T>): Promise<T | null> {
  try {
    return await reading;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

// Accounts -----------------------------------------------------------------------------------------

export const trustAccountsQuery = queryOptions({
  queryKey: trustKeys.accounts(),
  queryFn: (): Promise<TrustAccount[]> => read(trustAccountListRoute, {}),
});

/** Null when the account is not this firm's (404) or the id is not one (400). */
export const getTrustAccount = (id: string): Promise<TrustAccount | null> => orNull(read(trustAccountViewRoute, { params: { id } }));
export const trustAccountQuery = (id: string) =>
  queryOptions({ queryKey: trustKeys.account(id), queryFn: () => getTrustAccount(id), enabled: id !== '' });

export const createTrustAccount = (body: CreateTrustAccountInput, idempotencyKey: string): Promise<TrustAccount> =>
  mutate(trustAccountCreateRoute, { body }, idempotencyKey);
export const updateTrustAccount = (id: string, body: UpdateTrustAccountInput): Promise<TrustAccount> =>
  mutate(trustAccountUpdateRoute, { params: { id }, body });

// Movements ----------------------------------------------------------------------------------------

export const deposit = (body: DepositInput, idempotencyKey: string): Promise<TrustTransaction> =>
  mutate(trustDepositRoute, { body }, idempotencyKey);
export const disburse = (body: DisburseInput, idempotencyKey: string): Promise<TrustMovementResult> =>
  mutate(trustDisburseRoute, { body }, idempotencyKey);
export const refund = (body: RefundInput, idempotencyKey: string): Promise<TrustMovementResult> =>
  mutate(trustRefundRoute, { body }, idempotencyKey);
export const payInvoiceFromTrust = (body: PayInvoiceFromTrustInput, idempotencyKey: string): Promise<TrustMovementResult> =>
  mutate(trustPayInvoiceRoute, { body }, idempotencyKey);
export const transfer = (body: TransferInput, idempotencyKey: string): Promise<TrustTransferResult> =>
  mutate(trustTransferRoute, { body }, idempotencyKey);

export const reverseTransaction = (id: string, reason: string): Promise<TrustTransaction> =>
  mutate(trustReverseRoute, { params: { id }, body: { reason } });
export const clearDeposit = (id: string, clearedDate: string): Promise<TrustTransaction> =>
  mutate(trustClearDepositRoute, { params: { id }, body: { clearedDate } });
export const approveMovement = (id: string): Promise<TrustMovementResult> => mutate(trustApproveMovementRoute, { params: { id } });
export const rejectMovement = (id: string, reason: string): Promise<TrustMovementRequest> =>
  mutate(trustRejectMovementRoute, { params: { id }, body: { reason } });

// Lists --------------------------------------------------------------------------------------------

export const pendingMovementsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.pending(params),
    queryFn: (): Promise<TrustMovementRequestPage> => read(trustPendingMovementsRoute, { query: params }),
    placeholderData: (previous) => previous,
  });

export const trustTransactionsQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.transactions(params),
    queryFn: (): Promise<TrustTransactionPage> => read(trustTransactionListRoute, { query: params }),
    placeholderData: (previous) => previous,
  });

export const downloadTrustTransactionsCsv = (params: QueryParams) =>
  downloadFile(
    contractUrl(trustTransactionListRoute, { query: { ...params, page: undefined, size: undefined, IsDownlodCsv: true } }),
    'trust-movements.csv',
    'text/csv',
  );

/** Null when the movement is not this firm's. */
export const getTrustTransactionRecord = (id: string): Promise<TrustTransactionRecord | null> =>
  orNull(read(trustTransactionViewRoute, { params: { id } }));
export const trustRecordQuery = (id: string) =>
  queryOptions({ queryKey: trustKeys.record(id), queryFn: () => getTrustTransactionRecord(id), enabled: id !== '', staleTime: 0 });

export const trustAccountLedgersQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: trustKeys.ledgers(params),
    queryFn: (): Promise<TrustLedgerPage> => read(trustAccountLedgersRoute, { query: params }),
    placeholderData: (previous) => previous,
  });

// Settings -----------------------------------------------------------------------------------------

export const trustSettingsQuery = queryOptions({
  queryKey: trustKeys.settings(),
  queryFn: (): Promise<TrustSettings> => read(trustSettingsRoute, {}),
});
export const updateTrustSettings = (body: UpdateTrustSettingsInput): Promise<TrustSettings> => mutate(trustSettingsUpdateRoute, { body });
export const setMatterTrustMinimum = async (body: SetMatterTrustMinimumInput): Promise<void> => {
  await mutate(trustMatterMinimumRoute, { body });
};

// The invoices a client can pay from trust (the invoices list, read here: features never import each other).

const PAYABLE_STATUSES = new Set(['Approved', 'Sent', 'PartlyPaid']);
/** The matters an invoice is for: the only matter ledgers that may pay it from trust. */
export const invoiceMattersQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: ['trust', 'invoice-matters', invoiceId] as const,
    queryFn: async () => (await read(invoiceViewRoute, { params: { id: invoiceId } })).matters,
    enabled: invoiceId !== '',
    staleTime: 0,
  });

export const payableInvoicesQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['trust', 'payable-invoices', clientId] as const,
    queryFn: async (): Promise<InvoiceListItem[]> => {
      const page = await read(invoiceListRoute, { query: { ClientId: clientId, page: 1, size: 100 } });
      return page.data.filter((invoice) => PAYABLE_STATUSES.has(invoice.status) && compareMoney(invoice.balanceDue, '0') > 0);
    },
    enabled: clientId !== '',
    staleTime: 0,
  });
