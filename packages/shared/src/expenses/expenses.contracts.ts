import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  expenseApprovalSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expensePageSchema,
  expensePaymentSchema,
  expenseReceiptParamsSchema,
  expenseRejectionSchema,
  expenseSchema,
} from './expense.schemas.ts';

/** SPEC.md §7: expenses and flat fees share one prefix. */
const base = '/api/admin/expense-flat-fees-info';

/** IsDownlodCsv=true answers text/csv instead of the page (the server sends the stream itself). */
export const expenseListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-expenses-list`,
  query: expenseListQuerySchema,
  response: expensePageSchema,
});

export const expenseCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-expense`,
  body: expenseInputSchema,
  response: expenseSchema,
  status: 201,
});

export const expenseViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-expense/:id`,
  params: idParamsSchema,
  response: expenseSchema,
});

export const expenseUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-expense/:id`,
  params: idParamsSchema,
  body: expenseInputSchema,
  response: expenseSchema,
});

export const expenseRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-expense/:id`,
  params: idParamsSchema,
  response: z.null(),
});

/** The body (an optional note to the requester) may be left out. */
export const expenseApproveRoute = defineRoute({
  method: 'POST',
  path: `${base}/approve-expense/:id`,
  params: idParamsSchema,
  body: expenseApprovalSchema.optional(),
  response: expenseSchema,
});

export const expenseRejectRoute = defineRoute({
  method: 'POST',
  path: `${base}/reject-expense/:id`,
  params: idParamsSchema,
  body: expenseRejectionSchema,
  response: expenseSchema,
});

export const expenseMarkPaidRoute = defineRoute({
  method: 'POST',
  path: `${base}/mark-expense-paid/:id`,
  params: idParamsSchema,
  body: expensePaymentSchema,
  response: expenseSchema,
});

/**
 * The body is multipart/form-data with one file (EXPENSE_RECEIPT_TYPES, at most
 * EXPENSE_RECEIPT_MAX_BYTES), which a contract's JSON body cannot say: no `body` here.
 */
export const expenseReceiptUploadRoute = defineRoute({
  method: 'POST',
  path: `${base}/upload-expense-receipt/:id`,
  params: idParamsSchema,
  response: expenseSchema,
  status: 201,
});

export const expenseReceiptRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-expense-receipt/:id/:fileId`,
  params: expenseReceiptParamsSchema,
  response: expenseSchema,
});

/** GET: a receipt's bytes as a download (no envelope, so no contract); fill it in with pathOf. */
export const expenseReceiptFilePath = { path: `${base}/download-expense-receipt/:id/:fileId` } as const;

export const expenseContracts = {
  list: expenseListRoute,
  create: expenseCreateRoute,
  view: expenseViewRoute,
  update: expenseUpdateRoute,
  remove: expenseRemoveRoute,
  approve: expenseApproveRoute,
  reject: expenseRejectRoute,
  markPaid: expenseMarkPaidRoute,
  uploadReceipt: expenseReceiptUploadRoute,
  removeReceipt: expenseReceiptRemoveRoute,
};
