import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  isoToDisplayDate,
  EXPENSE_MESSAGES,
  type Expense,
  type ExpenseApprovalStatus,
  type ExpenseInputParsed,
  type expenseApprovalSchema,
  type expensePaymentSchema,
  type expenseRejectionSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { MatterBudgetWatch } from '../matter-budgets/matter-budgets.api.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { changesPaymentEntry, postExpensePayment, reverseExpensePayment } from './expense-payments.ts';
import { createExpenseListService } from './expense-list.service.ts';
import { createExpenseReceiptService } from './expense-receipts.service.ts';
import { checkReferences, valuesOf } from './expense-values.ts';
import { viewOf } from './expense-views.ts';
import {
  findRequesterToTell,
  insertExpense,
  lockExpense,
  NOW,
  setExpenseDeleted,
  updateExpense,
  type ApprovalValues,
  type ExpenseValues,
} from './expenses.repository.ts';
import { assertMayChange, canApproveExpenses, lockedExpense, trimDecimal, type LockedExpense } from './expenses.rules.ts';

type ExpenseApprovalInput = z.output<typeof expenseApprovalSchema>;
type ExpenseRejectionInput = z.output<typeof expenseRejectionSchema>;
type ExpensePaymentInputParsed = z.output<typeof expensePaymentSchema>;
export type ExpenseService = ReturnType<typeof createExpenseService>;

/** What the trail keeps of an expense: whose, where, when, how much and its state. */
const audited = (values: (ExpenseValues & { approvalStatus?: string }) | LockedExpense) => ({
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

/** What the requester is told of a decision: its subject and text. */
type DecisionEmail = (expense: Expense) => { subject: string; paragraphs: string[] };

export function createExpenseService(deps: {
  database: Database;
  files: FileStore;
  outbox: Outbox;
  appUrl: string;
  logger: FastifyBaseLogger;
  budgetWatch: MatterBudgetWatch;
}) {
  const { database, outbox } = deps;

  async function decide(
    principal: FirmPrincipal,
    expenseId: string,
    status: Exclude<ExpenseApprovalStatus, 'Pending'>,
    details: { note?: string | null; reason?: string },
    emailOf: DecisionEmail,
  ): Promise<Expense> {
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
      const expense = await viewOf(tx, principal.firmId, expenseId);
      const requester = await findRequesterToTell(tx, principal.firmId, previous.addedByUserId);
      // The requester is told after the decision commits (a mail server that refuses never undoes it).
      if (requester) {
        await outbox.queue(tx, principal.firmId, {
          to: requester.email,
          sender: 'firm',
          sentByUserId: principal.userId,
          ...emailOf(expense),
          action: { label: 'See your expense requests', url: `${deps.appUrl}/expense-request/direct-expense` },
          why: 'you asked for this expense to be approved',
        });
      }
      return expense;
    });
  }

  const describe = (expense: Expense) =>
    `${expense.description}\nDate: ${isoToDisplayDate(expense.expenseDate)}\nAmount: ${expense.currencySymbol}${expense.amount}` +
    (expense.matterName ? `\nMatter: ${expense.matterName}` : '\nFirm expense');

  return {
    ...createExpenseListService(deps),
    ...createExpenseReceiptService(deps),

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
        await deps.budgetWatch.afterExpenseRecorded(tx, principal.firmId, stored.matterId);
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
          await postExpensePayment(tx, principal, { ...after, paymentEntryId: null }, { kept: previous.paidFromBankAccountId });
        }
        await recordAuditEvent(
          tx,
          principal,
          'expense.updated',
          expenseId,
          changeOf(audited(previous), audited({ ...stored, approvalStatus })),
        );
        await deps.budgetWatch.afterExpenseRecorded(tx, principal.firmId, stored.matterId);
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
      return decide(principal, expenseId, 'Approved', { note: input.note ?? null }, (expense) => ({
        subject: 'Your expense request was approved',
        paragraphs: ['Your expense request was approved.', describe(expense), ...(input.note ? [`Note: ${input.note}`] : [])],
      }));
    },

    async reject(principal: FirmPrincipal, expenseId: string, input: ExpenseRejectionInput): Promise<Expense> {
      return decide(principal, expenseId, 'Rejected', { reason: input.reason }, (expense) => ({
        subject: 'Your expense request was rejected',
        paragraphs: [
          'Your expense request was rejected.',
          describe(expense),
          `Reason: ${input.reason}`,
          'You can change the request and send it again.',
        ],
      }));
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
        // The cash left the chosen operating bank account: the books say so in the same transaction.
        await postExpensePayment(tx, principal, { ...previous, paidDate: input.paidDate }, { chosen: input.bankAccountId ?? null });
        await recordAuditEvent(tx, principal, 'expense.paid', expenseId, { before: { paymentStatus: 'Unpaid' }, after: payment });
        return viewOf(tx, principal.firmId, expenseId);
      }),
  };
}
