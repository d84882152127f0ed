import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  isoToDisplayDate,
  computeExpenseAmounts,
  EXPENSE_MESSAGES,
  EXPENSE_RECEIPT_MAX_BYTES,
  hasPermissions,
  IS_BILLABLE,
  MONEY_DECIMALS,
  SPEC_MESSAGES,
  billedLockMessage,
  TIME_ENTRY_RULE_MESSAGES,
  toScaled,
  type Expense,
  type ExpenseApprovalStatus,
  type ExpenseInputParsed,
  type ExpenseListItem,
  type expenseListQuerySchema,
  type ExpensePage,
  type ExpenseReceipt,
  type expenseApprovalSchema,
  type expensePaymentSchema,
  type expenseRejectionSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import { recordStoredFile, storeUpload, type FileStore, type UploadRules } from '../../platform/files/files.ts';
import { streamListCsv, type ListCsv } from '../../platform/lists/list-csv.ts';
import { readListPage, type ListRow } from '../../platform/lists/list-page.ts';
import { changesPaymentEntry, postExpensePayment, reverseExpensePayment } from './expense-payments.ts';
import {
  currencyExists,
  expenseList,
  findCategoryReference,
  findExpense,
  findExpenseDetail,
  findFirmCurrency,
  findMatterReference,
  findReceipt,
  findUserContact,
  insertExpense,
  insertReceipt,
  listReceipts,
  lockExpense,
  NOW,
  setExpenseDeleted,
  setReceiptDeleted,
  sumExpenses,
  updateExpense,
  type ApprovalValues,
  type ExpenseListRequest,
  type ExpenseSortColumn,
  type ExpenseValues,
} from './expenses.repository.ts';

type ParsedListQuery = z.output<typeof expenseListQuerySchema>;
type ExpenseApprovalInput = z.output<typeof expenseApprovalSchema>;
type ExpenseRejectionInput = z.output<typeof expenseRejectionSchema>;
type ExpensePaymentInputParsed = z.output<typeof expensePaymentSchema>;
type Existing = NonNullable<Awaited<ReturnType<typeof lockExpense>>>;
export type ExpenseService = ReturnType<typeof createExpenseService>;

/** An expense on an invoice cannot change; once that invoice has left draft the refusal names it. */
const lockedExpense = (expense: Existing, onDraft: string = EXPENSE_MESSAGES.locked) =>
  conflict(expense.billedOnInvoiceNumber ? billedLockMessage(expense.billedOnInvoiceNumber) : onDraft);

/**
 * Who approves: a member holding expensePermission.edit (an administrator holds every permission).
 * An approver never decides their own request; an expense an approver enters (not flagged as a
 * request) is approved at once; anything else waits as Pending.
 */
export const canApproveExpenses = (principal: FirmPrincipal) => hasPermissions(principal.permissions, ['expensePermission.edit']);

/**
 * Who may change an expense (its fields and its receipts): an approver, any expense; a member who
 * may add expenses (expensePermission.create), their own, unless it is paid. A change by someone
 * who may not approve sends it back for approval (a rejected request is resubmitted so).
 */
function assertMayChange(principal: FirmPrincipal, expense: Pick<Existing, 'addedByUserId' | 'paymentStatus'>) {
  if (canApproveExpenses(principal)) return;
  const isOwn = expense.addedByUserId === principal.userId && hasPermissions(principal.permissions, ['expensePermission.create']);
  if (!isOwn || expense.paymentStatus === 'Paid') throw forbidden(SPEC_MESSAGES.noPermission);
}

/** Receipts: PDF, JPEG, PNG or HEIC by their content, at most 10 MB; the messages are the contract's. */
const RECEIPT_RULES: UploadRules = {
  what: 'A receipt',
  maxBytes: EXPENSE_RECEIPT_MAX_BYTES,
  types: { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/heic': 'HEIC', 'image/heif': 'HEIC' },
};

/** Largest value the amount columns hold: numeric(14, 2). */
const MAX_AMOUNT = toScaled('999999999999.99', MONEY_DECIMALS);
const MAX_EXCHANGE_RATE = 10_000_000_000;

/**
 * Every id in the body is looked up in the firm's own rows (another firm's answers "not found").
 * A reference that stays as it was may since have closed or been deleted; a new one may not.
 */
async function checkReferences(tx: Tx, firmId: string, input: ExpenseInputParsed, previous: Existing | null) {
  if (!input.isFirmExpense) {
    const matter = await findMatterReference(tx, firmId, input.matterId!);
    const isNewMatter = input.matterId !== previous?.matterId;
    if (!matter || (!matter.isLive && isNewMatter)) throw notFound('Matter');
    if (matter.clientId !== input.clientId)
      throw badRequest(EXPENSE_MESSAGES.matterNotOfClient, { matterId: EXPENSE_MESSAGES.matterNotOfClient });
    if (matter.status === 'Closed' && isNewMatter)
      throw badRequest(EXPENSE_MESSAGES.matterClosed, { matterId: EXPENSE_MESSAGES.matterClosed });
  }
  const category = await findCategoryReference(tx, firmId, input.categoryId);
  if (!category || (!category.isLive && input.categoryId !== previous?.categoryId)) throw notFound('Category');
}

/**
 * The stored values: references as given, currency and amounts as the server works them out. A
 * foreign currency needs the firm's multicurrency setting (unless the expense already has it) and
 * an exchange rate; the home currency always has rate 1. A firm expense is never billable.
 */
async function valuesOf(tx: Tx, firmId: string, input: ExpenseInputParsed, previous: Existing | null): Promise<ExpenseValues> {
  const firm = await findFirmCurrency(tx, firmId);
  const homeCurrencyId = firm?.homeCurrencyId ?? null;
  let foreignCurrencyId = input.foreignCurrencyId ?? null;
  let exchangeRate = '1';
  if (foreignCurrencyId === homeCurrencyId) foreignCurrencyId = null;
  if (foreignCurrencyId !== null) {
    if (!firm?.multicurrency && foreignCurrencyId !== previous?.foreignCurrencyId)
      throw badRequest(TIME_ENTRY_RULE_MESSAGES.currencyLocked, { foreignCurrencyId: TIME_ENTRY_RULE_MESSAGES.currencyLocked });
    if (input.exchangeRate === null)
      throw badRequest(EXPENSE_MESSAGES.exchangeRateRequired, { exchangeRate: EXPENSE_MESSAGES.exchangeRateRequired });
    if (Number(input.exchangeRate) >= MAX_EXCHANGE_RATE)
      throw badRequest('Exchange Rate is too large', { exchangeRate: 'Exchange Rate is too large' });
    if (!(await currencyExists(tx, foreignCurrencyId))) throw notFound('Currency');
    exchangeRate = input.exchangeRate;
  }
  const amounts = computeExpenseAmounts({ quantity: input.quantity, unitCost: input.unitCost, exchangeRate });
  for (const value of [amounts.amount, amounts.homeAmount]) {
    if (toScaled(value, MONEY_DECIMALS) > MAX_AMOUNT) throw badRequest('The amount is too large', { amount: 'The amount is too large' });
  }
  return {
    isFirmExpense: input.isFirmExpense,
    isExpenseRequest: input.isExpenseRequest,
    clientId: input.isFirmExpense ? null : input.clientId,
    matterId: input.isFirmExpense ? null : input.matterId,
    expenseDate: input.expenseDate,
    description: input.description,
    categoryId: input.categoryId,
    quantity: input.quantity,
    unitCost: input.unitCost,
    ...amounts,
    homeCurrencyId,
    foreignCurrencyId,
    exchangeRate,
    isBillable: input.isFirmExpense ? IS_BILLABLE.notBillable : input.isBillable,
    payee: input.payee,
    reference: input.reference,
    note: input.note,
  };
}

const trimDecimal = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** What the trail keeps of an expense: whose, where, when, how much and its state. */
const audited = (values: (ExpenseValues & { approvalStatus?: string }) | Existing) => ({
  isFirmExpense: values.isFirmExpense,
  clientId: values.clientId,
  matterId: values.matterId,
  expenseDate: values.expenseDate,
  categoryId: values.categoryId,
  description: values.description,
  quantity: trimDecimal(values.quantity),
  unitCost: Number(values.unitCost).toFixed(2),
  amount: Number(values.amount).toFixed(2),
  homeAmount: Number(values.homeAmount).toFixed(2),
  foreignCurrencyId: values.foreignCurrencyId,
  exchangeRate: trimDecimal(values.exchangeRate),
  isBillable: values.isBillable,
  approvalStatus: values.approvalStatus,
});

type ListItemRow = ListRow<typeof expenseList.columns>;

export function listItemOf(row: ListItemRow): ExpenseListItem {
  return {
    ...row,
    quantity: trimDecimal(row.quantity),
    exchangeRate: trimDecimal(row.exchangeRate),
    categoryName: row.categoryName ?? '',
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    receiptCount: Number(row.receiptCount),
  };
}

async function viewOf(tx: Tx, firmId: string, expenseId: string): Promise<Expense> {
  const row = await findExpenseDetail(tx, firmId, expenseId);
  if (!row) throw notFound('Expense');
  const { note, updatedAt, billedOnInvoiceNumber, receiptCount: _count, ...listed } = row;
  const receipts = await listReceipts(tx, firmId, expenseId);
  return {
    ...listItemOf({ ...listed, receiptCount: 0 } as ListItemRow),
    note,
    billedOnInvoiceNumber,
    updatedAt: new Date(updatedAt).toISOString(),
    receipts: receipts.map((receipt): ExpenseReceipt => ({
      ...receipt,
      sizeBytes: Number(receipt.sizeBytes),
      uploadedAt: new Date(receipt.uploadedAt).toISOString(),
      uploadedByUserName: receipt.uploadedByUserName ?? '',
    })),
  } as Expense;
}

const DEFAULT_SORT: { column: ExpenseSortColumn; direction: 'asc' | 'desc' } = { column: 'expenseDate', direction: 'desc' };

/** SortBy ("column" or "column desc") wins over sortColumn/sortType; neither gives newest date first. */
function sortOf(query: ParsedListQuery) {
  if (query.SortBy) {
    const [column, direction] = query.SortBy.split(/\s+/);
    return { column: column as ExpenseSortColumn, direction: direction === 'desc' ? ('desc' as const) : ('asc' as const) };
  }
  if (query.sortColumn) return { column: query.sortColumn, direction: query.sortType };
  return DEFAULT_SORT;
}

/**
 * SPEC.md §7's parameters as the list's filters. Status names one approval state; without it, the
 * list shows approved expenses only, unless IsIncludeExpenseRequest asks for the requests too
 * (pending and rejected).
 */
function requestOf(query: ParsedListQuery): ExpenseListRequest {
  return {
    filters: {
      isFirmExpense: query.IsFirmExpense,
      approvalStatus: query.Status ?? (query.IsIncludeExpenseRequest ? undefined : 'Approved'),
      paymentStatus: query.paymentStatus,
      billingStatus: query.BillingStatus,
      clientId: query.ClientId,
      matterId: query.MatterId,
      addedByUserId: query.ExpenseAddedUserId,
      fromDate: query.FromExpenseFlatFeesDateCreated,
      toDate: query.ToExpenseFlatFeesDateCreated,
    },
    searchText: query.GeneralSearchText || undefined,
    sort: sortOf(query),
  };
}

const expenseCsv: ListCsv<typeof expenseList.columns, void> = {
  header: [
    'Date',
    'Client',
    'Matter',
    'Category',
    'UTBMS code',
    'Description',
    'Quantity',
    'Unit cost',
    'Amount',
    'Home amount',
    'Billable',
    'Approval',
    'Payment',
    'Billing',
    'Payee',
    'Reference',
    'Added by',
  ],
  cells: (expense) => [
    expense.expenseDate,
    expense.clientName,
    expense.matterNumber ? `${expense.matterNumber} ${expense.matterName}` : expense.matterName,
    expense.categoryName,
    expense.utbmsExpenseCode,
    expense.description,
    trimDecimal(String(expense.quantity)),
    expense.unitCost,
    expense.amount,
    expense.homeAmount,
    Number(expense.isBillable) === IS_BILLABLE.billable ? 'Yes' : 'No',
    expense.approvalStatus,
    expense.paymentStatus,
    expense.billingStatus,
    expense.payee,
    expense.reference,
    expense.addedByUserName,
  ],
};

type Decision = { expense: Expense; requester: { name: string; email: string } | null };

export function createExpenseService(deps: {
  database: Database;
  files: FileStore;
  mailer: Mailer;
  appUrl: string;
  logger: FastifyBaseLogger;
}) {
  const { database, files, mailer } = deps;

  /** Tells the requester of the decision; a failed email is logged, the decision stands. */
  async function tellRequester(decision: Decision, subject: string, text: string) {
    if (!decision.requester) return;
    try {
      await mailer.send({ to: decision.requester.email, subject, text, link: `${deps.appUrl}/expense-request/direct-expense` });
    } catch (error) {
      deps.logger.error({ err: error, expenseId: decision.expense.id }, 'expense decision email failed');
    }
  }

  async function decide(
    principal: FirmPrincipal,
    expenseId: string,
    status: Exclude<ExpenseApprovalStatus, 'Pending'>,
    details: { note?: string | null; reason?: string },
  ): Promise<Decision> {
    return database.withFirm(principal.firmId, async (tx) => {
      const previous = await lockExpense(tx, principal.firmId, expenseId);
      if (!previous) throw notFound('Expense');
      if (previous.addedByUserId === principal.userId) throw forbidden(EXPENSE_MESSAGES.ownRequest);
      if (previous.approvalStatus !== 'Pending') throw conflict(EXPENSE_MESSAGES.notPending);
      await updateExpense(tx, principal.firmId, expenseId, {
        approvalStatus: status,
        decidedByUserId: principal.userId,
        decidedAt: NOW,
        rejectionReason: status === 'Rejected' ? details.reason! : null,
      });
      await recordAuditEvent(tx, principal, status === 'Approved' ? 'expense.approved' : 'expense.rejected', expenseId, {
        before: { approvalStatus: previous.approvalStatus },
        after: { approvalStatus: status },
        ...(details.reason ? { reason: details.reason } : {}),
        ...(details.note ? { note: details.note } : {}),
      });
      return {
        expense: await viewOf(tx, principal.firmId, expenseId),
        requester: await findUserContact(tx, principal.firmId, previous.addedByUserId),
      };
    });
  }

  const describe = (expense: Expense) =>
    `${expense.description}\nDate: ${isoToDisplayDate(expense.expenseDate)}\nAmount: ${expense.currencySymbol}${expense.amount}` +
    (expense.matterName ? `\nMatter: ${expense.matterName}` : '\nFirm expense');

  return {
    create: (principal: FirmPrincipal, input: ExpenseInputParsed): Promise<Expense> =>
      database.withFirm(principal.firmId, async (tx) => {
        await checkReferences(tx, principal.firmId, input, null);
        const resolved = await valuesOf(tx, principal.firmId, input, null);
        const isApprovedAtOnce = canApproveExpenses(principal) && !input.isExpenseRequest;
        const approval: ApprovalValues = isApprovedAtOnce
          ? { approvalStatus: 'Approved', decidedByUserId: principal.userId, decidedAt: NOW, rejectionReason: null }
          : { approvalStatus: 'Pending', decidedByUserId: null, decidedAt: null, rejectionReason: null };
        // Whoever may not approve raises a request, flagged or not.
        const stored = { ...resolved, isExpenseRequest: resolved.isExpenseRequest || !isApprovedAtOnce };
        const id = await insertExpense(tx, principal.firmId, principal.userId, { ...stored, ...approval });
        await recordAuditEvent(tx, principal, 'expense.created', id, {
          after: audited({ ...stored, approvalStatus: approval.approvalStatus }),
        });
        return viewOf(tx, principal.firmId, id);
      }),

    view: (principal: FirmPrincipal, expenseId: string): Promise<Expense> =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal.firmId, expenseId), READ_ONLY),

    /**
     * A change. On an invoice it is refused. An approver's change keeps an approved expense
     * approved; any other change (a requester's, or to a pending or rejected one) leaves it
     * Pending, its earlier decision cleared: a rejected request is resubmitted by editing it.
     */
    update: (principal: FirmPrincipal, expenseId: string, input: ExpenseInputParsed): Promise<Expense> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockExpense(tx, principal.firmId, expenseId);
        if (!previous) throw notFound('Expense');
        assertMayChange(principal, previous);
        if (previous.invoiceId !== null) throw lockedExpense(previous);
        await checkReferences(tx, principal.firmId, input, previous);
        const values = await valuesOf(tx, principal.firmId, input, previous);
        const staysApproved = previous.approvalStatus === 'Approved' && canApproveExpenses(principal);
        const approval: Partial<ApprovalValues> = staysApproved
          ? {}
          : { approvalStatus: 'Pending', decidedByUserId: null, decidedAt: null, rejectionReason: null };
        const approvalStatus = approval.approvalStatus ?? previous.approvalStatus;
        const stored = { ...values, isExpenseRequest: values.isExpenseRequest || previous.isExpenseRequest };
        await updateExpense(tx, principal.firmId, expenseId, { ...stored, ...approval });
        const after = await lockExpense(tx, principal.firmId, expenseId);
        // A paid expense whose amount or owner changed: the old entry is reversed and the new facts posted.
        if (previous.paymentStatus === 'Paid' && after && changesPaymentEntry(previous, after)) {
          await reverseExpensePayment(tx, principal, previous, 'expense changed');
          await postExpensePayment(tx, principal, { ...after, paymentEntryId: null });
        }
        await recordAuditEvent(
          tx,
          principal,
          'expense.updated',
          expenseId,
          changeOf(audited(previous), audited({ ...stored, approvalStatus })),
        );
        return viewOf(tx, principal.firmId, expenseId);
      }),

    /** A soft delete (restorable from the recycle bin later); never once on an invoice. */
    remove: (principal: FirmPrincipal, expenseId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockExpense(tx, principal.firmId, expenseId);
        if (!previous) throw notFound('Expense');
        if (previous.invoiceId !== null) throw lockedExpense(previous, EXPENSE_MESSAGES.lockedDelete);
        await setExpenseDeleted(tx, principal.firmId, expenseId, principal.userId);
        if (previous.paymentStatus === 'Paid') await reverseExpensePayment(tx, principal, previous, 'expense deleted');
        await recordAuditEvent(tx, principal, 'expense.deleted', expenseId, { before: audited(previous) });
      }),

    async approve(principal: FirmPrincipal, expenseId: string, input: ExpenseApprovalInput): Promise<Expense> {
      const decision = await decide(principal, expenseId, 'Approved', { note: input.note ?? null });
      await tellRequester(
        decision,
        'Your expense request was approved',
        `Your expense request was approved.\n\n${describe(decision.expense)}` + (input.note ? `\n\nNote: ${input.note}` : ''),
      );
      return decision.expense;
    },

    async reject(principal: FirmPrincipal, expenseId: string, input: ExpenseRejectionInput): Promise<Expense> {
      const decision = await decide(principal, expenseId, 'Rejected', { reason: input.reason });
      await tellRequester(
        decision,
        'Your expense request was rejected',
        `Your expense request was rejected.\n\n${describe(decision.expense)}\n\nReason: ${input.reason}\n\nYou can change the request and send it again.`,
      );
      return decision.expense;
    },

    /** Paid (reimbursed or settled): only an approved expense, once. */
    markPaid: (principal: FirmPrincipal, expenseId: string, input: ExpensePaymentInputParsed): Promise<Expense> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockExpense(tx, principal.firmId, expenseId);
        if (!previous) throw notFound('Expense');
        if (previous.paymentStatus === 'Paid') throw conflict(EXPENSE_MESSAGES.alreadyPaid);
        if (previous.approvalStatus !== 'Approved') throw conflict(EXPENSE_MESSAGES.notApprovedForPayment);
        const payment = {
          paymentStatus: 'Paid',
          paidDate: input.paidDate,
          paymentMethod: input.paymentMethod,
          paymentReference: input.paymentReference,
        };
        await updateExpense(tx, principal.firmId, expenseId, payment);
        // The cash left the operating bank: the books say so in the same transaction.
        await postExpensePayment(tx, principal, { ...previous, paidDate: input.paidDate });
        await recordAuditEvent(tx, principal, 'expense.paid', expenseId, { before: { paymentStatus: 'Unpaid' }, after: payment });
        return viewOf(tx, principal.firmId, expenseId);
      }),

    page: (principal: FirmPrincipal, query: ParsedListQuery): Promise<ExpensePage> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const request = requestOf(query);
          const { rows, ...total } = await readListPage(tx, expenseList, principal.firmId, request, query);
          const page = { data: rows.map(listItemOf), page: query.page, size: query.size, ...total };
          return query.IncludeTotals ? { ...page, totals: await sumExpenses(tx, principal.firmId, request) } : page;
        },
        READ_ONLY,
      ),

    /** The whole filtered list as CSV, one snapshot, streamed. */
    csv: (principal: FirmPrincipal, query: ParsedListQuery): Promise<Readable> =>
      streamListCsv(database, principal.firmId, expenseList, requestOf(query), expenseCsv),

    /**
     * A receipt, streamed into the file store (checked by content, at most 10 MB), then recorded;
     * a refused or failed upload leaves no file behind. Receipts may be added to a billed expense
     * (the evidence of what was billed), not removed from it.
     */
    async uploadReceipt(principal: FirmPrincipal, expenseId: string, upload: { content: Readable; fileName: string }): Promise<Expense> {
      await database.withFirm(
        principal.firmId,
        async (tx) => {
          const expense = await findExpense(tx, principal.firmId, expenseId);
          if (!expense) throw notFound('Expense');
          assertMayChange(principal, expense);
        },
        READ_ONLY,
      );
      const stored = await storeUpload(files, upload.content, RECEIPT_RULES);
      return recordStoredFile(files, stored, () =>
        database.withFirm(principal.firmId, async (tx) => {
          const expense = await lockExpense(tx, principal.firmId, expenseId);
          if (!expense) throw notFound('Expense');
          assertMayChange(principal, expense);
          const receiptId = await insertReceipt(tx, {
            firmId: principal.firmId,
            expenseId,
            storageKey: stored.key,
            fileName: upload.fileName,
            contentType: stored.contentType === 'image/heif' ? 'image/heic' : stored.contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            uploadedByUserId: principal.userId,
          });
          await recordAuditEvent(tx, principal, 'expenseReceipt.uploaded', receiptId, {
            expenseId,
            fileName: upload.fileName,
            contentType: stored.contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
          });
          return viewOf(tx, principal.firmId, expenseId);
        }),
      );
    },

    /** A receipt's bytes, for a member of the firm only. */
    async openReceipt(principal: FirmPrincipal, expenseId: string, receiptId: string) {
      const receipt = await database.withFirm(principal.firmId, (tx) => findReceipt(tx, principal.firmId, expenseId, receiptId), READ_ONLY);
      if (!receipt) throw notFound('Receipt');
      const content = await files.read(receipt.storageKey);
      if (!content) throw notFound('Receipt');
      return { ...receipt, sizeBytes: Number(receipt.sizeBytes), content };
    },

    /** A soft delete: the file stays in the store, so the recycle bin can restore it. */
    deleteReceipt: (principal: FirmPrincipal, expenseId: string, receiptId: string): Promise<Expense> =>
      database.withFirm(principal.firmId, async (tx) => {
        const expense = await lockExpense(tx, principal.firmId, expenseId);
        if (!expense) throw notFound('Expense');
        const receipt = await findReceipt(tx, principal.firmId, expenseId, receiptId);
        if (!receipt) throw notFound('Receipt');
        assertMayChange(principal, expense);
        if (expense.invoiceId !== null) throw lockedExpense(expense);
        await setReceiptDeleted(tx, principal.firmId, receiptId, principal.userId);
        await recordAuditEvent(tx, principal, 'expenseReceipt.deleted', receiptId, { expenseId, fileName: receipt.fileName });
        return viewOf(tx, principal.firmId, expenseId);
      }),
  };
}
