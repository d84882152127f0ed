import {
  expenseApproveRoute,
  expenseCreateRoute,
  expenseListRoute,
  expenseMarkPaidRoute,
  expenseReceiptFilePath,
  expenseReceiptRemoveRoute,
  expenseReceiptUploadRoute,
  expenseRejectRoute,
  expenseRemoveRoute,
  expenseUpdateRoute,
  expenseViewRoute,
  pathOf,
  type Expense,
  type ExpenseInputParsed,
  type ExpenseListQuery,
  type ExpensePage,
  type ExpensePaymentInput,
} from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { errorMessageFrom, type QueryParams } from '../../../lib/api-client.ts';
import { callContract, contractUrl, listContract } from '../../../lib/api/call-contract.ts';
import { downloadCsv, downloadFile } from '../../../lib/download-csv.ts';
import { firmToken } from '../../../lib/session-storage.ts';

/** The multipart field upload-expense-receipt reads the file from. */
export const RECEIPT_FIELD_NAME = 'file';

/**
 * Every expense query lives under ['expenses'], so a save, decision or receipt change that
 * invalidates the root refreshes the lists, the approvals, a matter's tab and the pre-fetch at once.
 */
export const expenseKeys = {
  all: ['expenses'] as const,
  list: (query: ExpenseListQuery) => ['expenses', 'list', query] as const,
  detail: (id: string) => ['expenses', 'detail', id] as const,
  pendingCount: () => ['expenses', 'pending-count'] as const,
};

/** The query as sent: blanks dropped so the query string stays clean (SPEC.md §7). */
export function expenseListParams(query: ExpenseListQuery): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || value === undefined || value === null) continue;
    params[key] = value as QueryParams[string];
  }
  return params;
}

/** List calls resolve to null silently on failure (SPEC.md §8). */
export function getExpensePage(query: ExpenseListQuery): Promise<ExpensePage | null> {
  return listContract(expenseListRoute, { query: expenseListParams(query) }, 'firm');
}

export const expenseListQuery = (query: ExpenseListQuery) =>
  queryOptions({ queryKey: expenseKeys.list(query), queryFn: () => getExpensePage(query), placeholderData: keepPreviousData });

export function useExpensePage(query: ExpenseListQuery) {
  return useQuery(expenseListQuery(query));
}

/** The filtered list as CSV: the same filter with IsDownlodCsv=true (SPEC.md's spelling), no paging. */
export function expensesCsvUrl(query: ExpenseListQuery): string {
  const { page: _page, size: _size, IncludeTotals: _totals, ...filters } = query;
  return contractUrl(expenseListRoute, { query: expenseListParams({ ...filters, IsDownlodCsv: true }) });
}

export const downloadExpensesCsv = (query: ExpenseListQuery): Promise<void> => downloadCsv(expensesCsvUrl(query), 'expenses.csv');

/** One expense; null when it is not there (another firm's, deleted) or the call failed. */
export async function getExpense(id: string): Promise<Expense | null> {
  try {
    return (await callContract(expenseViewRoute, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch {
    return null;
  }
}

export const expenseDetailQuery = (id: string) => queryOptions({ queryKey: expenseKeys.detail(id), queryFn: () => getExpense(id) });

/** The saved expense's id, from the create answer. */
export async function createExpense(body: ExpenseInputParsed, idempotencyKey: string): Promise<string | null> {
  const answer = await callContract(expenseCreateRoute, { body }, { auth: 'firm', toastSuccess: true, idempotencyKey });
  return answer.data.id;
}

export async function updateExpense(id: string, body: ExpenseInputParsed): Promise<void> {
  await callContract(expenseUpdateRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}

export async function deleteExpense(id: string): Promise<void> {
  await callContract(expenseRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

export async function approveExpense(id: string): Promise<void> {
  await callContract(expenseApproveRoute, { params: { id }, body: {} }, { auth: 'firm', toastSuccess: true });
}

export async function rejectExpense(id: string, reason: string): Promise<void> {
  await callContract(expenseRejectRoute, { params: { id }, body: { reason } }, { auth: 'firm', toastSuccess: true });
}

export async function markExpensePaid(id: string, body: ExpensePaymentInput): Promise<void> {
  await callContract(expenseMarkPaidRoute, { params: { id }, body }, { auth: 'firm', toastSuccess: true });
}

/** Multipart, so not through apiRequest (which sends JSON); the server's message is thrown on refusal. */
export async function uploadExpenseReceipt(id: string, file: File): Promise<void> {
  const form = new FormData();
  form.append(RECEIPT_FIELD_NAME, file, file.name);
  const token = firmToken();
  const response = await fetch(pathOf(expenseReceiptUploadRoute, { id }), {
    method: expenseReceiptUploadRoute.method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(errorMessageFrom(response.status, body, response.statusText || 'The receipt could not be uploaded'));
  }
}

export function receiptUrl(id: string, fileId: string): string {
  return pathOf(expenseReceiptFilePath, { id, fileId });
}

/** Fetched with the bearer (a plain link cannot carry it), handed to the browser as a download. */
export const downloadExpenseReceipt = (id: string, fileId: string, fileName: string): Promise<void> =>
  downloadFile(receiptUrl(id, fileId), fileName);

export async function deleteExpenseReceipt(id: string, fileId: string): Promise<void> {
  await callContract(expenseReceiptRemoveRoute, { params: { id, fileId } }, { auth: 'firm', toastSuccess: true });
}
