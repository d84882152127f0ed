import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPENSE_RECEIPT_MAX_BYTES,
  expenseCategoryContracts as categoryContracts,
  expenseContracts as contracts,
  expenseReceiptFilePath,
  expenseReceiptParamsSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createExpenseCategoryService } from './expense-categories.service.ts';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { createExpenseService } from './expenses.service.ts';

const tags = ['Expenses'];

/** `attachment`, with the name as plain ASCII and as RFC 5987 UTF-8 for the browsers that read it. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type ExpenseRouteDeps = { database: Database; files: FileStore; outbox: Outbox; appUrl: string; logger: FastifyBaseLogger };

/**
 * Expenses and expense requests (PRODUCT.md module 7). Who may do what (SPEC.md §6):
 * expensePermission reads; .create adds (and lets a member change their own expense, which then
 * waits for approval again); .edit changes any expense, approves, rejects and marks paid (an
 * approver, never of their own request); .delete deletes.
 */
export function registerExpenseRoutes(app: FastifyInstance, deps: ExpenseRouteDeps) {
  const route = contractRoutes(app, tags);
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

  route(
    contracts.list,
    {
      access: firmAccess('expensePermission'),
      summary:
        'Expenses: the firm tab (IsFirmExpense, the default) or the client tab; approved only unless IsIncludeExpenseRequest ' +
        '(or Status) asks for requests; filter by payment and billing status, client, matter, who added them and date; search, ' +
        'sort and page (the totals with IncludeTotals=true). IsDownlodCsv=true streams text/csv',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Expenses', await expenses.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="expenses.csv"')
        .send(await expenses.csv(principal, request.query));
    },
  );

  route(
    contracts.create,
    {
      access: firmAccess('expensePermission.create'),
      summary:
        'Add a client or firm expense; the server computes amount = quantity × unit cost and its home-currency amount. ' +
        'Approved at once when an approver enters it, otherwise (or with isExpenseRequest) it waits as Pending',
    },
    async (request, reply) => created(reply, 'Expense saved', await expenses.create(firmPrincipalOf(request), request.body)),
  );

  route(contracts.view, { access: firmAccess('expensePermission'), summary: 'One expense, with its receipts' }, async (request) =>
    ok('Expense', await expenses.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('expensePermission'),
      summary:
        'Change an expense (not once it is on an invoice). expensePermission.edit changes any; a member with .create changes ' +
        'their own unpaid expense, which then waits for approval again (how a rejected request is resubmitted)',
    },
    async (request) => ok('Expense updated', await expenses.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    { access: firmAccess('expensePermission.delete'), summary: 'Delete an expense (not once it is on an invoice)' },
    async (request) => {
      await expenses.remove(firmPrincipalOf(request), request.params.id);
      return ok('Expense deleted', null);
    },
  );

  route(
    contracts.approve,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Approve a pending expense request (not one’s own); the requester is told by email',
    },
    async (request) =>
      ok('Expense approved', await expenses.approve(firmPrincipalOf(request), request.params.id, request.body ?? { note: null })),
  );

  route(
    contracts.reject,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Reject a pending expense request (not one’s own) with a reason; the requester is told by email',
    },
    async (request) => ok('Expense rejected', await expenses.reject(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.markPaid,
    { access: firmAccess('expensePermission.edit'), summary: 'Mark an approved expense paid (date, method, reference)' },
    async (request) => ok('Expense marked paid', await expenses.markPaid(firmPrincipalOf(request), request.params.id, request.body)),
  );

  // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
  const uploadReceipt = contracts.uploadReceipt;
  api.route({
    method: uploadReceipt.method,
    url: uploadReceipt.path,
    config: { access: firmAccess('expensePermission'), upload: receiptUpload },
    schema: {
      tags,
      summary:
        'Attach a receipt (multipart/form-data, one file): PDF, JPEG, PNG or HEIC by its content, at most 10 MB; ' +
        '415 for another type, 413 when larger. Who may change the expense may attach receipts',
      consumes: ['multipart/form-data'],
      params: uploadReceipt.params,
      response: answers(uploadReceipt.response, uploadReceipt.status),
    },
    handler: async (request, reply) => {
      const expense = await expenses.uploadReceipt(firmPrincipalOf(request), request.params.id, uploadOf(request, receiptUpload).upload);
      return created(reply, 'Receipt uploaded', expense);
    },
  });

  // The file itself, not the envelope: no contract, only the path the contracts share.
  api.get(
    expenseReceiptFilePath.path,
    {
      config: { access: firmAccess('expensePermission') },
      schema: {
        tags,
        summary: 'A receipt’s file, as an attachment (members of the firm only)',
        params: expenseReceiptParamsSchema,
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

  route(
    contracts.removeReceipt,
    {
      access: firmAccess('expensePermission'),
      summary: 'Remove a receipt (not once the expense is on an invoice). Who may change the expense may remove its receipts',
    },
    async (request) =>
      ok('Receipt deleted', await expenses.deleteReceipt(firmPrincipalOf(request), request.params.id, request.params.fileId)),
  );

  // Settings → Expense categories.
  const categoryRoute = contractRoutes(app, ['Expense categories']);

  categoryRoute(
    categoryContracts.list,
    {
      access: firmAccess('expensePermission'),
      summary: 'The firm’s live expense categories, with their UTBMS codes and how many expenses use each',
    },
    async (request) => ok('Expense categories', await categories.list(firmPrincipalOf(request))),
  );

  categoryRoute(
    categoryContracts.create,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Add an expense category (a name unique in the firm, an optional UTBMS code E101–E124)',
    },
    async (request, reply) => created(reply, 'Expense category saved', await categories.create(firmPrincipalOf(request), request.body)),
  );

  categoryRoute(
    categoryContracts.update,
    { access: firmAccess('expensePermission.edit'), summary: 'Rename an expense category or change its UTBMS code' },
    async (request) => ok('Expense category updated', await categories.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  categoryRoute(
    categoryContracts.remove,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Delete an expense category: it is no longer offered; the expenses that use it keep it',
    },
    async (request) => {
      await categories.remove(firmPrincipalOf(request), request.params.id);
      return ok('Expense category deleted', null);
    },
  );
}
