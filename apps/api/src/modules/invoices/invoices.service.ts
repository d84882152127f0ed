import type { z } from 'zod';
import {
  compareMoney,
  computeInvoiceAmounts,
  formatInvoiceNumber,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  subtractMoney,
  addMoney,
  canTakeInvoiceAction,
  type agedReceivablesQuerySchema,
  type AgedReceivables,
  type CreateInvoiceParsed,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineType,
  type InvoiceSettings,
  type invoiceSettingsInputSchema,
  type InvoiceStatus,
  type markDeliveredSchema,
  type recordPaymentSchema,
  type sendInvoiceSchema,
  type TaxAppliesTo,
  type UnbilledItems,
  type unbilledItemsQuerySchema,
  type voidInvoiceSchema,
  type writeOffSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { csvLine, type CsvValue } from '../../lib/csv.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent, type AuditEvent } from '../../platform/audit/audit.ts';
import { postJournalEntry, reverseJournalEntry, type JournalLine } from '../../platform/ledger/ledger.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import { createExpenseBilling, findUnbilledExpenses } from '../expenses/expenses.api.ts';
import { createFlatFeeBilling, findUnbilledFlatFees } from '../flat-fees/flat-fees.api.ts';
import type { UnbilledItemFilter } from '../../platform/invoice-locks/invoice-lock.ts';
import { createTimeEntryBilling, findUnbilledTimeEntries } from '../time-entries/time-entries.api.ts';
import {
  findAgedReceivables,
  findClient,
  findInvoiceDetail,
  findInvoiceSettings,
  findMatters,
  findWriteOffEntries,
  insertEvent,
  insertInvoice,
  insertWriteOff,
  lockInvoice,
  replaceLinesAndMatters,
  updateInvoice,
  updateInvoiceSettings,
  type InvoiceDetailRow,
  type InvoiceLineValues,
  type InvoiceRow,
  type InvoiceSettingsRow,
} from './invoices.repository.ts';
import { createInvoiceListService } from './invoice-list.service.ts';
import { invoiceCurrencyOf, postInvoicePayment, postPaymentReversal, receivableMatterOf, statusAfterMoney } from './invoice-payments.ts';
import { assertInvoiceAction, invoiceFactsOf } from './invoice-transitions.ts';

type UnbilledQuery = z.output<typeof unbilledItemsQuerySchema>;
type AgedQuery = z.output<typeof agedReceivablesQuerySchema>;
type SendInput = z.output<typeof sendInvoiceSchema>;
type PaymentInput = z.output<typeof recordPaymentSchema>;
type SettingsInput = z.output<typeof invoiceSettingsInputSchema>;

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/**
 * The send hook: what else happens when an invoice is sent (the email with its PDF, the public
 * link). It runs inside the send transaction, after the invoice is marked Sent with its delivery
 * date; throwing undoes the send. The PDF / email / public-link module registers it in app.ts.
 */
export type InvoiceSendHook = (tx: Tx, principal: FirmPrincipal, invoiceId: string, input: SendInput) => Promise<void>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const addDays = (date: string, days: number) => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};
const trimDecimal = (text: string | null) => (text === null ? null : text.includes('.') ? text.replace(/\.?0+$/, '') : text);
const isZero = (amount: string) => compareMoney(amount, '0') === 0;

function settingsOf(row: InvoiceSettingsRow): InvoiceSettings {
  return {
    invoiceNumberPrefix: row.invoiceNumberPrefix,
    paymentTermsDays: row.paymentTermsDays,
    taxName: row.taxName,
    taxPercent: trimDecimal(row.taxPercent) ?? '0',
    taxAppliesTo: row.taxAppliesTo as TaxAppliesTo,
    invoiceApprovalRequired: row.invoiceApprovalRequired,
    billOfChargesClock: Boolean(row.billOfChargesClock),
    defaultPaymentInstructions: row.defaultPaymentInstructions,
    taxNumber: row.taxNumber,
  };
}

// ---------------------------------------------------------------------------------------------
// Building a draft from its items

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

async function releaseItems(tx: Tx, firmId: string, invoiceId: string) {
  await createTimeEntryBilling().releaseFromInvoice(tx, firmId, invoiceId);
  await createExpenseBilling().releaseFromInvoice(tx, firmId, invoiceId);
  await createFlatFeeBilling().releaseFromInvoice(tx, firmId, invoiceId);
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
async function checkMatters(tx: Tx, firmId: string, clientId: string, matterIds: string[]) {
  const found = await findMatters(tx, firmId, matterIds);
  if (found.length !== matterIds.length) throw notFound('Matter');
  if (found.some((matter) => matter.clientId !== clientId))
    throw badRequest(INVOICE_MESSAGES.matterNotOfClient, { matterIds: INVOICE_MESSAGES.matterNotOfClient });
}

/** Saves a draft's items, lines, matters and figures (create, and every update). */
async function saveDraft(tx: Tx, principal: FirmPrincipal, invoiceId: string, input: CreateInvoiceParsed, settings: InvoiceSettingsRow) {
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

// ---------------------------------------------------------------------------------------------
// The view

function lineOf({ line, matterName, matterNumber }: InvoiceDetailRow['lines'][number]): InvoiceLine {
  return {
    id: line.id,
    itemType: line.itemType as InvoiceLine['itemType'],
    itemId: line.itemId,
    lineDate: line.lineDate,
    matterId: line.matterId,
    matterName,
    matterNumber,
    feeEarnerId: line.feeEarnerId,
    feeEarnerName: line.feeEarnerName,
    description: line.description,
    hours: line.hours,
    rate: line.rate,
    quantity: trimDecimal(line.quantity),
    itemAmount: line.itemAmount,
    amount: line.amount,
    adjustment: line.adjustment,
    adjustmentReason: line.adjustmentReason,
    utbmsTaskCode: line.utbmsTaskCode,
    utbmsActivityCode: line.utbmsActivityCode,
    utbmsExpenseCode: line.utbmsExpenseCode,
    sortOrder: line.sortOrder,
  };
}

function lastRejectionOf(events: InvoiceDetailRow['events']) {
  const rejection = events.findLast(({ event }) => event.action === 'rejected');
  return rejection ? { reason: rejection.event.note ?? '', byUserName: rejection.byUserName, at: rejection.event.at.toISOString() } : null;
}

function invoiceOf(row: InvoiceDetailRow, settings: InvoiceSettingsRow, principal: FirmPrincipal): Invoice {
  const invoice = row.invoice;
  const lines = row.lines.map(lineOf);
  const status = invoice.status as InvoiceStatus;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status,
    statusLabel: INVOICE_STATUS_LABELS[status],
    clientId: invoice.clientId,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientAddress: row.clientAddress,
    matters: row.matters,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    isOverdue: Boolean(row.isOverdue),
    discountType: invoice.discountType as Invoice['discountType'],
    discountValue: trimDecimal(invoice.discountValue),
    taxName: invoice.taxName,
    taxPercent: trimDecimal(invoice.taxPercent) ?? '0',
    taxAppliesTo: invoice.taxAppliesTo as TaxAppliesTo,
    notes: invoice.notes,
    paymentInstructions: invoice.paymentInstructions,
    currencySymbol: row.currencySymbol,
    currencyCode: row.currencyCode,
    fees: lines.filter((line) => line.itemType === 'fee'),
    expenses: lines.filter((line) => line.itemType === 'expense'),
    flatFees: lines.filter((line) => line.itemType === 'flatFee'),
    totals: {
      feesSubtotal: invoice.feesSubtotal,
      expensesSubtotal: invoice.expensesSubtotal,
      flatFeesSubtotal: invoice.flatFeesSubtotal,
      subtotal: invoice.subtotal,
      discountAmount: invoice.discountAmount,
      taxableAmount: invoice.taxableAmount,
      taxAmount: invoice.taxAmount,
      total: invoice.total,
      paidAmount: invoice.paidAmount,
      writtenOffAmount: invoice.writtenOffAmount,
      balanceDue: invoice.balanceDue,
    },
    payments: row.payments.map(({ payment, recordedByUserName, reversedByPaymentId }) => ({
      id: payment.id,
      receiptNumber: payment.receiptNumber,
      amount: payment.amount,
      paymentDate: payment.paymentDate,
      method: payment.method,
      reference: payment.reference,
      isReversal: payment.reversesPaymentId !== null,
      reversesPaymentId: payment.reversesPaymentId,
      reversedByPaymentId,
      reason: payment.reason,
      recordedByUserName,
      createdAt: payment.createdAt.toISOString(),
    })),
    writeOffs: row.writeOffs.map(({ writeOff, byUserName }) => ({
      id: writeOff.id,
      amount: writeOff.amount,
      reason: writeOff.reason,
      writeOffDate: writeOff.writeOffDate,
      byUserName,
      createdAt: writeOff.createdAt.toISOString(),
    })),
    statusHistory: row.events.map(({ event, byUserName }) => ({
      status: event.status as InvoiceStatus,
      action: event.action,
      note: event.note,
      byUserName,
      at: event.at.toISOString(),
    })),
    deliveredDate: invoice.deliveredDate,
    deliveryMethod: invoice.deliveryMethod as Invoice['deliveryMethod'],
    billOfChargesClock: Boolean(settings.billOfChargesClock),
    recoverableFromDate: settings.billOfChargesClock ? row.recoverableFromDate : null,
    sentAt: iso(invoice.sentAt),
    approvedAt: iso(invoice.approvedAt),
    approvedByUserName: row.approvedByUserName,
    voidedAt: iso(invoice.voidedAt),
    voidReason: invoice.voidReason,
    lastRejection: lastRejectionOf(row.events),
    createdByUserName: row.createdByUserName,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
    canEdit: canTakeInvoiceAction('edit', invoiceFactsOf(invoice, settings), principal.permissions),
    needsApproval: settings.invoiceApprovalRequired,
  };
}

/** The invoice detail inside a transaction (also the PDF, LEDES and public link module's reader). */
export async function viewOf(tx: Tx, principal: FirmPrincipal, invoiceId: string): Promise<Invoice> {
  const [row, settings] = await Promise.all([
    findInvoiceDetail(tx, principal.firmId, invoiceId),
    findInvoiceSettings(tx, principal.firmId),
  ]);
  if (!row) throw notFound('Invoice');
  return invoiceOf(row, settings, principal);
}

// The lists' CSV writer (formula guard included): one line per row.
const csvOf = (rows: CsvValue[][]) => rows.map(csvLine).join('');

// ---------------------------------------------------------------------------------------------
// Issuing and the ledger

/**
 * Issues the invoice: the moment it is approved (or sent straight from a draft when the firm needs
 * no approval). Its ledger entry is posted then, in the same transaction: Dr accounts receivable
 * (total) and discounts given (discount); Cr fee income (fees and flat fees), expense recoveries
 * (expenses) and tax payable (tax). Zero amounts are left out; an invoice of nothing posts nothing.
 */
async function issue(tx: Tx, principal: FirmPrincipal, invoice: InvoiceRow, matterIds: string[]) {
  const clientId = invoice.clientId;
  const matterId = matterIds.length === 1 ? matterIds[0]! : null;
  const fees = addMoney(invoice.feesSubtotal, invoice.flatFeesSubtotal);
  const candidates: JournalLine[] = [
    { account: 'accounts-receivable', debit: invoice.total, clientId, matterId },
    { account: 'discounts-given', debit: invoice.discountAmount, clientId, matterId },
    { account: 'fee-income', credit: fees, clientId, matterId },
    { account: 'expense-recoveries', credit: invoice.expensesSubtotal, clientId, matterId },
    { account: 'tax-payable', credit: invoice.taxAmount, clientId, matterId },
  ];
  const lines = candidates.filter((line) => !isZero(line.debit ?? line.credit ?? '0'));
  const entryId =
    lines.length === 0
      ? null
      : await postJournalEntry(tx, principal, {
          entryDate: invoice.issueDate,
          memo: `Invoice ${invoice.invoiceNumber ?? ''} issued`.replace('  ', ' '),
          sourceType: 'invoice',
          sourceId: invoice.id,
          currency: await invoiceCurrencyOf(tx, invoice),
          lines,
        });
  await updateInvoice(tx, principal.firmId, invoice.id, { issuedAt: new Date(), issueEntryId: entryId });
}

/**
 * The invoice's number from the firm's gapless sequence, given as it leaves Draft. A draft that was
 * rejected back from approval already holds the number it took at submission and keeps it: a number
 * is never taken twice for one invoice, nor given back.
 */
async function numberInvoice(
  tx: Tx,
  principal: FirmPrincipal,
  invoice: InvoiceRow,
  settings: InvoiceSettingsRow,
): Promise<{ numberValue?: number; invoiceNumber?: string }> {
  if (invoice.numberValue !== null) return {};
  const value = await takeNextNumber(tx, principal.firmId, 'invoice');
  const invoiceNumber = formatInvoiceNumber(settings.invoiceNumberPrefix, value);
  return { numberValue: value, invoiceNumber };
}

async function matterIdsOf(tx: Tx, firmId: string, invoiceId: string) {
  const row = await findInvoiceDetail(tx, firmId, invoiceId);
  return row ? row.matters.map((matter) => matter.id) : [];
}

// ---------------------------------------------------------------------------------------------

export function createInvoiceService(database: Database, hooks: { onSend?: InvoiceSendHook } = {}) {
  /** Runs a change on one locked invoice of the firm (404 when it is not the firm's). */
  const change = <T>(
    principal: FirmPrincipal,
    invoiceId: string,
    fn: (tx: Tx, invoice: InvoiceRow, settings: InvoiceSettingsRow) => Promise<T>,
  ) =>
    database.withFirm(principal.firmId, async (tx) => {
      const invoice = await lockInvoice(tx, principal.firmId, invoiceId);
      if (!invoice) throw notFound('Invoice');
      const settings = await findInvoiceSettings(tx, principal.firmId);
      return fn(tx, invoice, settings);
    });

  const audit = (tx: Tx, principal: FirmPrincipal, event: AuditEvent, invoice: InvoiceRow, details: Record<string, unknown> = {}) =>
    recordAuditEvent(tx, principal, event, invoice.id, { invoiceNumber: invoice.invoiceNumber, ...details });

  return {
    settings: (principal: FirmPrincipal): Promise<InvoiceSettings> =>
      database.withFirm(principal.firmId, async (tx) => settingsOf(await findInvoiceSettings(tx, principal.firmId)), READ_ONLY),

    updateSettings: (principal: FirmPrincipal, input: SettingsInput): Promise<InvoiceSettings> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = settingsOf(await findInvoiceSettings(tx, principal.firmId));
        await updateInvoiceSettings(tx, principal.firmId, {
          invoiceNumberPrefix: input.invoiceNumberPrefix,
          paymentTermsDays: input.paymentTermsDays,
          taxName: input.taxName,
          taxPercent: input.taxPercent,
          taxAppliesTo: input.taxAppliesTo,
          invoiceApprovalRequired: input.invoiceApprovalRequired,
          billOfChargesClock: input.billOfChargesClock,
          defaultPaymentInstructions: input.defaultPaymentInstructions,
          taxNumber: input.taxNumber,
        });
        const after = settingsOf(await findInvoiceSettings(tx, principal.firmId));
        await recordAuditEvent(tx, principal, 'firm.invoiceSettingsUpdated', principal.firmId, { before, after });
        return after;
      }),

    unbilledItems: (principal: FirmPrincipal, query: UnbilledQuery): Promise<UnbilledItems> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          if (!(await findClient(tx, principal.firmId, query.ClientId))) throw notFound('Client');
          const filter: UnbilledItemFilter = { clientId: query.ClientId, matterIds: query.MatterId, from: query.From, to: query.To };
          const [timeEntries, expenses, flatFees] = await Promise.all([
            findUnbilledTimeEntries(tx, principal.firmId, filter),
            findUnbilledExpenses(tx, principal.firmId, filter),
            findUnbilledFlatFees(tx, principal.firmId, filter),
          ]);
          return { timeEntries: timeEntries.map(({ activityCode: _code, ...entry }) => entry), expenses, flatFees };
        },
        READ_ONLY,
      ),

    create: (principal: FirmPrincipal, input: CreateInvoiceParsed): Promise<Invoice> =>
      database.withFirm(principal.firmId, async (tx) => {
        const client = await findClient(tx, principal.firmId, input.clientId);
        if (!client) throw notFound('Client');
        await checkMatters(tx, principal.firmId, input.clientId, input.matterIds);
        const settings = await findInvoiceSettings(tx, principal.firmId);
        const today = settings.today;
        const id = await insertInvoice(tx, {
          firmId: principal.firmId,
          clientId: input.clientId,
          status: 'Draft',
          issueDate: today,
          dueDate: today,
          currencyId: settings.homeCurrencyId,
          createdByUserId: principal.userId,
        });
        const saved = await saveDraft(tx, principal, id, input, settings);
        await insertEvent(tx, principal.firmId, id, principal.userId, 'Draft', 'created');
        await recordAuditEvent(tx, principal, 'invoice.created', id, {
          after: { clientId: input.clientId, total: saved.total, lines: saved.lineCount },
        });
        return viewOf(tx, principal, id);
      }),

    view: (principal: FirmPrincipal, invoiceId: string): Promise<Invoice> =>
      database.withFirm(principal.firmId, (tx) => viewOf(tx, principal, invoiceId), READ_ONLY),

    /** A draft only: the whole draft again; items added are locked, items dropped released. */
    update: (principal: FirmPrincipal, invoiceId: string, input: CreateInvoiceParsed): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('edit', invoice, settings);
        if (input.clientId !== invoice.clientId && !(await findClient(tx, principal.firmId, input.clientId))) throw notFound('Client');
        await checkMatters(tx, principal.firmId, input.clientId, input.matterIds);
        await releaseItems(tx, principal.firmId, invoiceId);
        if (input.clientId !== invoice.clientId) await updateInvoice(tx, principal.firmId, invoiceId, { clientId: input.clientId });
        const saved = await saveDraft(tx, principal, invoiceId, input, settings);
        await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Draft', 'updated');
        await audit(tx, principal, 'invoice.updated', invoice, {
          before: { clientId: invoice.clientId, total: invoice.total },
          after: { clientId: input.clientId, total: saved.total, lines: saved.lineCount },
        });
        return viewOf(tx, principal, invoiceId);
      }),

    /** A draft only (soft); its items return to unbilled. */
    remove: (principal: FirmPrincipal, invoiceId: string): Promise<void> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('delete', invoice, settings);
        await releaseItems(tx, principal.firmId, invoiceId);
        await updateInvoice(tx, principal.firmId, invoiceId, { deletedAt: new Date(), deletedByUserId: principal.userId });
        await audit(tx, principal, 'invoice.deleted', invoice, { before: { clientId: invoice.clientId, total: invoice.total } });
      }),

    submitForApproval: (principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('submit', invoice, settings);
        const number = await numberInvoice(tx, principal, invoice, settings);
        await updateInvoice(tx, principal.firmId, invoiceId, { ...number, status: 'AwaitingApproval' });
        await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'AwaitingApproval', 'submitted', note);
        await audit(tx, principal, 'invoice.submitted', { ...invoice, invoiceNumber: number.invoiceNumber ?? invoice.invoiceNumber });
        return viewOf(tx, principal, invoiceId);
      }),

    /** Awaiting approval → Approved (or a draft straight to Approved when the firm needs no approval): issued. */
    approve: (principal: FirmPrincipal, invoiceId: string, note: string | null): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('approve', invoice, settings);
        const number = await numberInvoice(tx, principal, invoice, settings);
        await updateInvoice(tx, principal.firmId, invoiceId, {
          ...number,
          status: 'Approved',
          approvedAt: new Date(),
          approvedByUserId: principal.userId,
        });
        const approved = (await lockInvoice(tx, principal.firmId, invoiceId))!;
        await issue(tx, principal, approved, await matterIdsOf(tx, principal.firmId, invoiceId));
        await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Approved', 'approved', note);
        await audit(tx, principal, 'invoice.approved', approved, { total: approved.total });
        return viewOf(tx, principal, invoiceId);
      }),

    /**
     * Awaiting approval → Draft: the approver sends it back with a reason, answered as lastRejection
     * (the view shows it on the draft). Nothing was posted (an invoice posts when approved), so nothing is
     * reversed; it keeps the number it took at submission, and its items stay locked to it.
     */
    reject: (principal: FirmPrincipal, invoiceId: string, reason: string): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('reject', invoice, settings);
        await updateInvoice(tx, principal.firmId, invoiceId, { status: 'Draft' });
        await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Draft', 'rejected', reason);
        await audit(tx, principal, 'invoice.rejected', invoice, {
          before: { status: invoice.status },
          after: { status: 'Draft' },
          reason,
        });
        return viewOf(tx, principal, invoiceId);
      }),

    /**
     * Marks it Sent and records the delivery date (the bill-of-charges clock starts); a resend keeps
     * a paid or partly paid status. A draft is issued on the way when the firm needs no approval.
     * The email, PDF and public link are the send hook's.
     */
    send: (principal: FirmPrincipal, invoiceId: string, input: SendInput): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('send', invoice, settings);
        let current = invoice;
        if (invoice.status === 'Draft') {
          const number = await numberInvoice(tx, principal, invoice, settings);
          await updateInvoice(tx, principal.firmId, invoiceId, { ...number, status: 'Approved' });
          current = (await lockInvoice(tx, principal.firmId, invoiceId))!;
          await issue(tx, principal, current, await matterIdsOf(tx, principal.firmId, invoiceId));
        }
        const sentDate = input.sentDate ?? settings.today;
        const status: InvoiceStatus = current.status === 'PartlyPaid' || current.status === 'Paid' ? current.status : 'Sent';
        await updateInvoice(tx, principal.firmId, invoiceId, {
          status,
          sentAt: new Date(),
          // The first delivery starts the clock; a resend does not restart it.
          ...(current.deliveredDate ? {} : { deliveredDate: sentDate, deliveryMethod: 'email' }),
        });
        await insertEvent(
          tx,
          principal.firmId,
          invoiceId,
          principal.userId,
          status,
          current.sentAt ? 'resent' : 'sent',
          input.toEmail ?? null,
        );
        await audit(tx, principal, 'invoice.sent', current, { sentDate, toEmail: input.toEmail ?? null });
        if (hooks.onSend) await hooks.onSend(tx, principal, invoiceId, input);
        return viewOf(tx, principal, invoiceId);
      }),

    /** Delivered by hand on a date: the bill-of-charges clock runs from it. */
    markDelivered: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof markDeliveredSchema>): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('markDelivered', invoice, settings);
        await updateInvoice(tx, principal.firmId, invoiceId, { deliveredDate: input.deliveredDate, deliveryMethod: 'hand' });
        await insertEvent(
          tx,
          principal.firmId,
          invoiceId,
          principal.userId,
          invoice.status as InvoiceStatus,
          'delivered',
          `By hand on ${input.deliveredDate}`,
        );
        await audit(tx, principal, 'invoice.delivered', invoice, {
          before: { deliveredDate: invoice.deliveredDate },
          after: { deliveredDate: input.deliveredDate, deliveryMethod: 'hand' },
        });
        return viewOf(tx, principal, invoiceId);
      }),

    /** Void: its items return to unbilled, its number stays used, its ledger entries are reversed. */
    void: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof voidInvoiceSchema>): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('void', invoice, settings);
        const reversal = { entryDate: settings.today, sourceType: 'invoice-void' as const, sourceId: invoiceId };
        for (const entryId of await findWriteOffEntries(tx, principal.firmId, invoiceId)) {
          await reverseJournalEntry(tx, principal, entryId, {
            ...reversal,
            memo: `Invoice ${invoice.invoiceNumber} void: write-off reversed`,
          });
        }
        if (invoice.issueEntryId)
          await reverseJournalEntry(tx, principal, invoice.issueEntryId, { ...reversal, memo: `Invoice ${invoice.invoiceNumber} void` });
        await releaseItems(tx, principal.firmId, invoiceId);
        await updateInvoice(tx, principal.firmId, invoiceId, { status: 'Void', voidedAt: new Date(), voidReason: input.reason });
        await insertEvent(tx, principal.firmId, invoiceId, principal.userId, 'Void', 'voided', input.reason);
        await audit(tx, principal, 'invoice.voided', invoice, {
          before: { status: invoice.status },
          after: { status: 'Void' },
          reason: input.reason,
        });
        return viewOf(tx, principal, invoiceId);
      }),

    /** A payment (partial or whole, never more than is due) with a receipt number: Dr operating bank / Cr accounts receivable. */
    recordPayment: (principal: FirmPrincipal, invoiceId: string, input: PaymentInput): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice) => {
        await postInvoicePayment(tx, principal, invoice, input);
        return viewOf(tx, principal, invoiceId);
      }),

    /** A payment is removed only by a reversing entry (a negative payment row and the ledger's mirror entry). */
    reversePayment: (principal: FirmPrincipal, invoiceId: string, paymentId: string, reason: string): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        await postPaymentReversal(tx, principal, invoice, paymentId, { reason, date: settings.today, isFromTrust: false });
        return viewOf(tx, principal, invoiceId);
      }),

    /** Writes off part or all of what is due: Dr write-offs / Cr accounts receivable. */
    writeOff: (principal: FirmPrincipal, invoiceId: string, input: z.output<typeof writeOffSchema>): Promise<Invoice> =>
      change(principal, invoiceId, async (tx, invoice, settings) => {
        assertInvoiceAction('writeOff', invoice, settings);
        if (compareMoney(input.amount, invoice.balanceDue) > 0)
          throw badRequest(INVOICE_MESSAGES.writeOffTooLarge, { amount: INVOICE_MESSAGES.writeOffTooLarge });
        const writeOffDate = input.writeOffDate ?? settings.today;
        const owner = { clientId: invoice.clientId, matterId: await receivableMatterOf(tx, principal.firmId, invoiceId) };
        const entryId = await postJournalEntry(tx, principal, {
          entryDate: writeOffDate,
          memo: `Invoice ${invoice.invoiceNumber} written off: ${input.reason}`.slice(0, 500),
          sourceType: 'invoice-write-off',
          sourceId: invoiceId,
          currency: await invoiceCurrencyOf(tx, invoice),
          lines: [
            { account: 'write-offs', debit: input.amount, ...owner },
            { account: 'accounts-receivable', credit: input.amount, ...owner },
          ],
        });
        await insertWriteOff(tx, {
          firmId: principal.firmId,
          invoiceId,
          amount: input.amount,
          reason: input.reason,
          writeOffDate,
          journalEntryId: entryId,
          byUserId: principal.userId,
        });
        const writtenOffAmount = addMoney(invoice.writtenOffAmount, input.amount);
        const balanceDue = subtractMoney(invoice.balanceDue, input.amount);
        const status = statusAfterMoney(invoice, invoice.paidAmount, balanceDue);
        await updateInvoice(tx, principal.firmId, invoiceId, { writtenOffAmount, balanceDue, status });
        await insertEvent(tx, principal.firmId, invoiceId, principal.userId, status, 'writeOff', `${input.amount}: ${input.reason}`);
        await audit(tx, principal, 'invoice.writtenOff', invoice, {
          before: { writtenOffAmount: invoice.writtenOffAmount, status: invoice.status },
          after: { writtenOffAmount, status },
          reason: input.reason,
        });
        return viewOf(tx, principal, invoiceId);
      }),

    ...createInvoiceListService(database),

    agedReceivables: (principal: FirmPrincipal, query: AgedQuery): Promise<AgedReceivables> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const settings = await findInvoiceSettings(tx, principal.firmId);
          const asOf = query.AsOf ?? settings.today;
          const clients = await findAgedReceivables(tx, principal.firmId, asOf, query.ClientId);
          const sum = (key: 'current' | 'days1To30' | 'days31To60' | 'days61To90' | 'days90Plus' | 'total') =>
            addMoney('0', ...clients.map((client) => client[key]));
          return {
            asOf,
            currencySymbol: settings.currencySymbol,
            clients: clients.map((client) => ({ ...client, invoiceCount: Number(client.invoiceCount) })),
            totals: {
              current: sum('current'),
              days1To30: sum('days1To30'),
              days31To60: sum('days31To60'),
              days61To90: sum('days61To90'),
              days90Plus: sum('days90Plus'),
              total: sum('total'),
            },
          };
        },
        READ_ONLY,
      ),
  };
}

export const agedReceivablesCsv = (aged: AgedReceivables) =>
  csvOf([
    ['Client', 'Invoices', 'Current', '1–30 days', '31–60 days', '61–90 days', '90+ days', 'Total'],
    ...aged.clients.map((client) => [
      client.clientName,
      client.invoiceCount,
      client.current,
      client.days1To30,
      client.days31To60,
      client.days61To90,
      client.days90Plus,
      client.total,
    ]),
    [
      'Total',
      '',
      aged.totals.current,
      aged.totals.days1To30,
      aged.totals.days31To60,
      aged.totals.days61To90,
      aged.totals.days90Plus,
      aged.totals.total,
    ],
  ]);
