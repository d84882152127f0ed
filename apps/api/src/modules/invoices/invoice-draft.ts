import {
  compareMoney,
  computeInvoiceAmounts,
  type CreateInvoiceParsed,
  INVOICE_MESSAGES,
  type InvoiceLineType,
  type TaxAppliesTo,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { createExpenseBilling, findUnbilledExpenses } from '../expenses/expenses.api.ts';
import { createFlatFeeBilling, findUnbilledFlatFees } from '../flat-fees/flat-fees.api.ts';
import { createTimeEntryBilling, findUnbilledTimeEntries } from '../time-entries/time-entries.api.ts';
import {
  findMatters,
  type InvoiceLineValues,
  type InvoiceSettingsRow,
  replaceLinesAndMatters,
  updateInvoice,
} from './invoices.repository.ts';

// Building a draft from its items: locking them to the invoice, its lines and figures (computed here, whatever the client sent).

const addDays = (date: string, days: number) => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};

type ChosenItems = { timeEntryIds: string[]; expenseIds: string[]; flatFeeIds: string[] };

/**
 * Locks the chosen items for the invoice (all or none, 409 when any is taken meanwhile), then reads
 * them back as locked and checks each is the client's, billable and approved: the lock first, so
 * two creates over the same items cannot both read them free, and what is snapshotted cannot change.
 */
async function lockAndReadItems(tx: Tx, firmId: string, invoiceId: string, clientId: string, chosen: ChosenItems) {
  await createTimeEntryBilling().lockForInvoice(tx, firmId, invoiceId, chosen.timeEntryIds);
  await createExpenseBilling().lockForInvoice(tx, firmId, invoiceId, chosen.expenseIds);
  await createFlatFeeBilling().lockForInvoice(tx, firmId, invoiceId, chosen.flatFeeIds);
  const filter = (ids: string[]): UnbilledItemFilter => ({ clientId, ids, invoiceId });
  const [timeEntries, expenses, flatFees] = await Promise.all([
    chosen.timeEntryIds.length ? findUnbilledTimeEntries(tx, firmId, filter(chosen.timeEntryIds)) : [],
    chosen.expenseIds.length ? findUnbilledExpenses(tx, firmId, filter(chosen.expenseIds)) : [],
    chosen.flatFeeIds.length ? findUnbilledFlatFees(tx, firmId, filter(chosen.flatFeeIds)) : [],
  ]);
  if (
    timeEntries.length !== chosen.timeEntryIds.length ||
    expenses.length !== chosen.expenseIds.length ||
    flatFees.length !== chosen.flatFeeIds.length
  )
    throw conflict(INVOICE_MESSAGES.itemUnavailable);
  return { timeEntries, expenses, flatFees };
}

export async function releaseItems(tx: Tx, firmId: string, invoiceId: string, only?: ChosenItems) {
  await createTimeEntryBilling().releaseFromInvoice(tx, firmId, invoiceId, only?.timeEntryIds);
  await createExpenseBilling().releaseFromInvoice(tx, firmId, invoiceId, only?.expenseIds);
  await createFlatFeeBilling().releaseFromInvoice(tx, firmId, invoiceId, only?.flatFeeIds);
}

/** The lines, as the items hold them (home currency), with the adjustments asked; fees, then expenses, then flat fees. */
function linesOf(items: Awaited<ReturnType<typeof lockAndReadItems>>, input: CreateInvoiceParsed): InvoiceLineValues[] {
  const adjustments = new Map(input.lineAdjustments.map((adjustment) => [`${adjustment.itemType}:${adjustment.itemId}`, adjustment]));
  const lines: Omit<InvoiceLineValues, 'amount' | 'adjustment' | 'adjustmentReason' | 'sortOrder'>[] = [
    ...items.timeEntries.map((entry) => ({
      itemType: 'fee' as const,
      itemId: entry.id,
      matterId: entry.matterId,
      lineDate: entry.timeEntryDate,
      feeEarnerId: entry.timeEntryUserId,
      feeEarnerName: entry.timeEntryUserName,
      description: entry.description,
      hours: entry.duration,
      rate: entry.userRate,
      quantity: null,
      itemAmount: entry.homeTotalAmount,
      utbmsTaskCode: entry.utbmsTaskCode,
      utbmsActivityCode: entry.activityCode,
      utbmsExpenseCode: null,
    })),
    ...items.expenses.map((expense) => ({
      itemType: 'expense' as const,
      itemId: expense.id,
      matterId: expense.matterId!,
      lineDate: expense.expenseDate,
      feeEarnerId: expense.addedByUserId,
      feeEarnerName: expense.addedByUserName,
      description: expense.description,
      hours: null,
      rate: expense.unitCost,
      quantity: expense.quantity,
      itemAmount: expense.homeAmount,
      utbmsTaskCode: null,
      utbmsActivityCode: null,
      utbmsExpenseCode: expense.utbmsExpenseCode,
    })),
    ...items.flatFees.map((fee) => ({
      itemType: 'flatFee' as const,
      itemId: fee.id,
      matterId: fee.matterId,
      lineDate: fee.flatFeeDate,
      feeEarnerId: fee.userId,
      feeEarnerName: fee.userName,
      description: fee.description,
      hours: null,
      rate: fee.amount,
      quantity: '1',
      itemAmount: fee.amount,
      utbmsTaskCode: null,
      utbmsActivityCode: null,
      utbmsExpenseCode: null,
    })),
  ];
  const { lines: amounts } = computeInvoiceAmounts({
    lines: lines.map((line) => ({
      type: line.itemType as InvoiceLineType,
      amount: line.itemAmount,
      adjustedAmount: adjustments.get(`${line.itemType}:${line.itemId}`)?.adjustedAmount ?? null,
    })),
  });
  return lines.map((line, index) => {
    const adjustment = adjustments.get(`${line.itemType}:${line.itemId}`);
    return {
      ...line,
      amount: amounts[index]!.amount,
      adjustment: amounts[index]!.adjustment,
      adjustmentReason: adjustment ? adjustment.reason : null,
      sortOrder: index,
    };
  });
}

/** The invoice's figures from its lines and terms: computed here, whatever the client sent. */
function figuresOf(
  lines: InvoiceLineValues[],
  terms: { discountType: string | null; discountValue: string | null; taxPercent: string; taxAppliesTo: string },
  paid = '0',
  writtenOff = '0',
) {
  const { totals } = computeInvoiceAmounts({
    lines: lines.map((line) => ({ type: line.itemType as InvoiceLineType, amount: line.amount })),
    discountType: terms.discountType as 'amount' | null,
    discountValue: terms.discountValue,
    taxPercent: terms.taxPercent,
    taxAppliesTo: terms.taxAppliesTo as TaxAppliesTo,
    paidAmount: paid,
    writtenOffAmount: writtenOff,
  });
  return totals;
}

/** The client's matters the invoice names: each must be the firm's (else 404) and the client's (else 400). */
export async function checkMatters(tx: Tx, firmId: string, clientId: string, matterIds: string[]) {
  const found = await findMatters(tx, firmId, matterIds);
  if (found.length !== matterIds.length) throw notFound('Matter');
  if (found.some((matter) => matter.clientId !== clientId))
    throw badRequest(INVOICE_MESSAGES.matterNotOfClient, { matterIds: INVOICE_MESSAGES.matterNotOfClient });
}

/** Saves a draft's items, lines, matters and figures (create, and every update). */
export async function saveDraft(
  tx: Tx,
  principal: FirmPrincipal,
  invoiceId: string,
  input: CreateInvoiceParsed,
  settings: InvoiceSettingsRow,
) {
  const items = await lockAndReadItems(tx, principal.firmId, invoiceId, input.clientId, input);
  const lines = linesOf(items, input);
  const terms = {
    discountType: input.discountType ?? null,
    discountValue: input.discountType ? (input.discountValue ?? '0') : null,
    taxPercent: input.taxPercent ?? settings.taxPercent,
    taxAppliesTo: input.taxAppliesTo ?? settings.taxAppliesTo,
  };
  if (terms.discountType === 'amount' && terms.discountValue !== null) {
    const subtotal = figuresOf(lines, { ...terms, discountType: null }).subtotal;
    if (compareMoney(terms.discountValue, subtotal) > 0)
      throw badRequest(INVOICE_MESSAGES.discountTooLarge, { discountValue: INVOICE_MESSAGES.discountTooLarge });
  }
  const totals = figuresOf(lines, terms);
  const matterIds = [...new Set([...input.matterIds, ...lines.map((line) => line.matterId)])];
  await replaceLinesAndMatters(tx, principal.firmId, invoiceId, lines, matterIds);
  const issueDate = input.issueDate ?? settings.today;
  const dueDate = input.dueDate ?? addDays(issueDate, settings.paymentTermsDays);
  if (dueDate < issueDate) throw badRequest(INVOICE_MESSAGES.dueBeforeIssue, { dueDate: INVOICE_MESSAGES.dueBeforeIssue });
  const values = {
    issueDate,
    dueDate,
    ...terms,
    taxName: settings.taxName,
    notes: input.notes,
    paymentInstructions: input.paymentInstructions ?? settings.defaultPaymentInstructions,
    feesSubtotal: totals.feesSubtotal,
    expensesSubtotal: totals.expensesSubtotal,
    flatFeesSubtotal: totals.flatFeesSubtotal,
    subtotal: totals.subtotal,
    discountAmount: totals.discountAmount,
    taxableAmount: totals.taxableAmount,
    taxAmount: totals.taxAmount,
    total: totals.total,
    balanceDue: totals.balanceDue,
  };
  await updateInvoice(tx, principal.firmId, invoiceId, values);
  return { lineCount: lines.length, total: totals.total, matterIds };
}
