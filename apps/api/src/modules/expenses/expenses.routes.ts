import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPENSE_RECEIPT_MAX_BYTES,
  expenseApprovalSchema,
  expenseCategoryInputSchema,
  expenseCategorySchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expensePageSchema,
  expensePaymentSchema,
  expenseRejectionSchema,
  expenseSchema,
  idParamsSchema,
  uuidField,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createExpenseCategoryService } from './expense-categories.service.ts';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { createExpenseService } from './expenses.service.ts';

const tags = ['Expenses'];
/** SPEC.md §7: expenses and flat fees share one prefix. */
const base = '/api/admin/expense-flat-fees-info';

const receiptParamsSchema = z.object({ id: uuidField('Id'), fileId: uuidField('File') });

/** `attachment`, with the name as plain ASCII and as RFC 5987 UTF-8 for the browsers that read it. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type ExpenseRouteDeps = { database: Database; files: FileStore; mailer: Mailer; appUrl: string; logger: FastifyBaseLogger };

/**
 * Expenses and expense requests (PRODUCT.md module 7). Who may do what (SPEC.md §6):
 * expensePermission reads; .create adds (and lets a member change their own expense, which then
 * waits for approval again); .edit changes any expense, approves, rejects and marks paid (an
 * approver, never of their own request); .delete deletes.
 */
export function registerExpenseRoutes(app: FastifyInstance, deps: ExpenseRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const receiptUpload = uploadSpec({
    maxBytes: EXPENSE_RECEIPT_MAX_BYTES,
    fields: z.object({}),
    names: [],
    noFile: 'Choose a receipt file to upload',
    notMultipart: 'Send the receipt as multipart/form-data',
    fallbackName: 'receipt',
  });
  const expenses = createExpenseService(deps);
  const categories = createExpenseCategoryService(deps.database);

  api.get(
    `${base}/get-expenses-list`,
    {
      config: { access: firmAccess('expensePermission') },
      schema: {
        tags,
        summary:
          'Expenses: the firm tab (IsFirmExpense, the default) or the client tab; approved only unless IsIncludeExpenseRequest ' +
          '(or Status) asks for requests; filter by payment and billing status, client, matter, who added them and date; search, ' +
          'sort and page (the totals with IncludeTotals=true). IsDownlodCsv=true streams text/csv',
        querystring: expenseListQuerySchema,
        response: answers(expensePageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Expenses', await expenses.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="expenses.csv"')
        .send(await expenses.csv(principal, request.query));
    },
  );

  api.post(
    `${base}/create-expense`,
    {
      config: { access: firmAccess('expensePermission.create') },
      schema: {
        tags,
        summary:
          'Add a client or firm expense; the server computes amount = quantity × unit cost and its home-currency amount. ' +
          'Approved at once when an approver enters it, otherwise (or with isExpenseRequest) it waits as Pending',
        body: expenseInputSchema,
        response: answers(expenseSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Expense saved', await expenses.create(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${base}/get-expense/:id`,
    {
      config: { access: firmAccess('expensePermission') },
      schema: { tags, summary: 'One expense, with its receipts', params: idParamsSchema, response: answers(expenseSchema) },
    },
    async (request) => ok('Expense', await expenses.view(firmPrincipalOf(request), request.params.id)),
  );

  api.put(
    `${base}/update-expense/:id`,
    {
      config: { access: firmAccess('expensePermission') },
      schema: {
        tags,
        summary:
          'Change an expense (not once it is on an invoice). expensePermission.edit changes any; a member with .create changes ' +
          'their own unpaid expense, which then waits for approval again (how a rejected request is resubmitted)',
        params: idParamsSchema,
        body: expenseInputSchema,
        response: answers(expenseSchema),
      },
    },
    async (request) => ok('Expense updated', await expenses.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-expense/:id`,
    {
      config: { access: firmAccess('expensePermission.delete') },
      schema: { tags, summary: 'Delete an expense (not once it is on an invoice)', params: idParamsSchema, response: answers(z.null()) },
    },
    async (request) => {
      await expenses.remove(firmPrincipalOf(request), request.params.id);
      return ok('Expense deleted', null);
    },
  );

  api.post(
    `${base}/approve-expense/:id`,
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags,
        summary: 'Approve a pending expense request (not one’s own); the requester is told by email',
        params: idParamsSchema,
        body: expenseApprovalSchema.optional(),
        response: answers(expenseSchema),
      },
    },
    async (request) =>
      ok('Expense approved', await expenses.approve(firmPrincipalOf(request), request.params.id, request.body ?? { note: null })),
  );

  api.post(
    `${base}/reject-expense/:id`,
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags,
        summary: 'Reject a pending expense request (not one’s own) with a reason; the requester is told by email',
        params: idParamsSchema,
        body: expenseRejectionSchema,
        response: answers(expenseSchema),
      },
    },
    async (request) => ok('Expense rejected', await expenses.reject(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/mark-expense-paid/:id`,
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags,
        summary: 'Mark an approved expense paid (date, method, reference)',
        params: idParamsSchema,
        body: expensePaymentSchema,
        response: answers(expenseSchema),
      },
    },
    async (request) => ok('Expense marked paid', await expenses.markPaid(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/upload-expense-receipt/:id`,
    {
      config: { access: firmAccess('expensePermission'), upload: receiptUpload },
      schema: {
        tags,
        summary:
          'Attach a receipt (multipart/form-data, one file): PDF, JPEG, PNG or HEIC by its content, at most 10 MB; ' +
          '415 for another type, 413 when larger. Who may change the expense may attach receipts',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: answers(expenseSchema, 201),
      },
    },
    async (request, reply) => {
      const expense = await expenses.uploadReceipt(firmPrincipalOf(request), request.params.id, uploadOf(request, receiptUpload).upload);
      return created(reply, 'Receipt uploaded', expense);
    },
  );

  api.get(
    `${base}/download-expense-receipt/:id/:fileId`,
    {
      config: { access: firmAccess('expensePermission') },
      schema: {
        tags,
        summary: 'A receipt’s file, as an attachment (members of the firm only)',
        params: receiptParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const receipt = await expenses.openReceipt(firmPrincipalOf(request), request.params.id, request.params.fileId);
      return reply
        .header('content-type', receipt.contentType)
        .header('content-length', String(receipt.sizeBytes))
        .header('content-disposition', attachmentHeader(receipt.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(receipt.content);
    },
  );

  api.delete(
    `${base}/delete-expense-receipt/:id/:fileId`,
    {
      config: { access: firmAccess('expensePermission') },
      schema: {
        tags,
        summary: 'Remove a receipt (not once the expense is on an invoice). Who may change the expense may remove its receipts',
        params: receiptParamsSchema,
        response: answers(expenseSchema),
      },
    },
    async (request) =>
      ok('Receipt deleted', await expenses.deleteReceipt(firmPrincipalOf(request), request.params.id, request.params.fileId)),
  );

  // Settings → Expense categories.
  const categoryTags = ['Expense categories'];

  api.get(
    `${base}/get-expense-categories`,
    {
      config: { access: firmAccess('expensePermission') },
      schema: {
        tags: categoryTags,
        summary: 'The firm’s live expense categories, with their UTBMS codes and how many expenses use each',
        response: answers(z.array(expenseCategorySchema)),
      },
    },
    async (request) => ok('Expense categories', await categories.list(firmPrincipalOf(request))),
  );

  api.post(
    `${base}/create-expense-category`,
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags: categoryTags,
        summary: 'Add an expense category (a name unique in the firm, an optional UTBMS code E101–E124)',
        body: expenseCategoryInputSchema,
        response: answers(expenseCategorySchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Expense category saved', await categories.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${base}/update-expense-category/:id`,
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags: categoryTags,
        summary: 'Rename an expense category or change its UTBMS code',
        params: idParamsSchema,
        body: expenseCategoryInputSchema,
        response: answers(expenseCategorySchema),
      },
    },
    async (request) => ok('Expense category updated', await categories.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.delete(
    `${base}/delete-expense-category/:id`,
    {
      config: { access: firmAccess('expensePermission.edit') },
      schema: {
        tags: categoryTags,
        summary: 'Delete an expense category: it is no longer offered; the expenses that use it keep it',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await categories.remove(firmPrincipalOf(request), request.params.id);
      return ok('Expense category deleted', null);
    },
  );
}
