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
import type { MatterBudgetWatch } from '../matter-budgets/matter-budgets.api.ts';
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

export type ExpenseRouteDeps = {
  database: Database;
  files: FileStore;
  outbox: Outbox;
  appUrl: string;
  logger: FastifyBaseLogger;
  budgetWatch: MatterBudgetWatch;
};

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
    what: 'A receipt',
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
      description:
        'Answers a page of live expenses, newest expense date first unless sorted otherwise, each with its names, amounts and ' +
        'approval, payment and billing states; with IsDownlodCsv=true the whole filtered list comes as a CSV file instead of the envelope.',
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
      description:
        'Records the expense and answers it. A foreign currency without exchangeRate takes the firm’s rate for it effective today ' +
        '(400 when the firm has none). Refused with 400 when the matter is not the client’s or is closed, a firm expense names a client, or ' +
        'a foreign currency is used without the multicurrency setting; 404 for a matter, category or currency the firm does not have.',
    },
    async (request, reply) => created(reply, 'Expense saved', await expenses.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('expensePermission'),
      summary: 'One expense, with its receipts',
      description:
        'Answers a live expense with its note, its receipts and, once billed on an invoice that has left draft, that invoice’s number. ' +
        '404 for a deleted expense or another firm’s.',
    },
    async (request) => ok('Expense', await expenses.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('expensePermission'),
      summary:
        'Change an expense (not once it is on an invoice). expensePermission.edit changes any; a member with .create changes ' +
        'their own unpaid expense, which then waits for approval again (how a rejected request is resubmitted)',
      description:
        'Replaces the expense’s fields and answers it; amounts are computed again, and a paid expense whose amount or owner changed has ' +
        'its payment entry reversed and posted again. Refused with 409 once it is on an invoice and 403 for a member who may not change it; ' +
        'a matter or category it already had may since have closed or been deleted.',
    },
    async (request) => ok('Expense updated', await expenses.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('expensePermission.delete'),
      summary: 'Delete an expense (not once it is on an invoice)',
      description:
        'Moves the expense to the recycle bin and answers null; a paid expense’s payment entry is reversed in the books. ' +
        'Refused with 409 once it is on an invoice.',
    },
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
      description:
        'Sets the expense Approved (it may then be billed and paid), records who decided and when, and answers it; the body’s note goes ' +
        'into the email. Refused with 403 for one’s own request and 409 when it is not Pending.',
    },
    async (request) =>
      ok('Expense approved', await expenses.approve(firmPrincipalOf(request), request.params.id, request.body ?? { note: null })),
  );

  route(
    contracts.reject,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Reject a pending expense request (not one’s own) with a reason; the requester is told by email',
      description:
        'Sets the expense Rejected with the reason and answers it; the requester may change it to send it again. Refused with 403 for ' +
        'one’s own request and 409 when it is not Pending.',
    },
    async (request) => ok('Expense rejected', await expenses.reject(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.markPaid,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Mark an approved expense paid (date, method, reference)',
      description:
        'Sets the expense Paid, posts the payment from the operating bank to the books on paidDate in the same transaction, and answers ' +
        'it. Refused with 409 when it is already paid or not approved.',
    },
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
      description:
        'Stores the file and answers the expense with its receipts. Receipts may be added to an expense already on an invoice (the ' +
        'evidence of what was billed); 403 for a member who may not change the expense, 404 for an expense the firm does not have.',
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
        description:
          'Answers the receipt’s bytes with its content type as a download (not the JSON envelope). 404 for a receipt that was removed ' +
          'or is not this expense’s.',
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
      description:
        'Moves the receipt to the recycle bin (its file is kept) and answers the expense. Refused with 409 once the expense is on an ' +
        'invoice, 403 for a member who may not change it, 404 for a receipt it does not have.',
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
      description: 'Answers every category not deleted, sorted by name ignoring case, for the expense form’s picker and the settings page.',
    },
    async (request) => ok('Expense categories', await categories.list(firmPrincipalOf(request))),
  );

  categoryRoute(
    categoryContracts.create,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Add an expense category (a name unique in the firm, an optional UTBMS code E101–E124)',
      description: 'Creates the category and answers it. Refused with 409 when a live category has the name.',
    },
    async (request, reply) => created(reply, 'Expense category saved', await categories.create(firmPrincipalOf(request), request.body)),
  );

  categoryRoute(
    categoryContracts.update,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Rename an expense category or change its UTBMS code',
      description:
        'Replaces the category’s name and code and answers it; its expenses show the new name. Refused with 409 when another live ' +
        'category has the name.',
    },
    async (request) => ok('Expense category updated', await categories.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  categoryRoute(
    categoryContracts.remove,
    {
      access: firmAccess('expensePermission.edit'),
      summary: 'Delete an expense category: it is no longer offered; the expenses that use it keep it',
      description: 'Soft-deletes the category, even while expenses use it, and answers null; its name may then be used again.',
    },
    async (request) => {
      await categories.remove(firmPrincipalOf(request), request.params.id);
      return ok('Expense category deleted', null);
    },
  );
}
