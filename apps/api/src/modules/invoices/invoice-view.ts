import {
  canTakeInvoiceAction,
  compareMoney,
  type Invoice,
  INVOICE_STATUS_LABELS,
  type InvoiceLine,
  type InvoiceStatus,
  type InvoiceWithholdingTax,
  isIssuedInvoice,
  type TaxAppliesTo,
  type WithholdingTaxCreditNote,
} from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { invoiceFactsOf } from './invoice-transitions.ts';
import { findInvoiceDetail, findInvoiceSettings, type InvoiceDetailRow, type InvoiceSettingsRow } from './invoices.repository.ts';
import { findCreditNotesOfInvoice } from './credit-notes.repository.ts';
import { creditNotesOfPayments, invoiceWithholdingTaxOf } from '../withholding-tax/withholding-tax.api.ts';

type CreditNoteRows = Awaited<ReturnType<typeof findCreditNotesOfInvoice>>;

// The invoice as the API answers it: its lines, payments, write-offs, status history and what the caller may do.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
export const trimDecimal = (text: string | null) => (text === null ? null : text.includes('.') ? text.replace(/\.?0+$/, '') : text);

function lineOf({ line, matterName, matterNumber }: InvoiceDetailRow['lines'][number], creditNoteNumber: string | null): InvoiceLine {
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
    creditNoteNumber,
  };
}

function creditNoteOf({ note, createdByUserName, invoiceLineIds }: CreditNoteRows[number]): Invoice['creditNotes'][number] {
  return {
    id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    creditDate: note.creditDate,
    reason: note.reason,
    feesAmount: note.feesAmount,
    expensesAmount: note.expensesAmount,
    discountAmount: note.discountAmount,
    taxAmount: note.taxAmount,
    total: note.total,
    appliedAmount: note.appliedAmount,
    toClientCreditAmount: note.toClientCreditAmount,
    releasesItems: note.releasesItems,
    invoiceLineIds,
    createdByUserName,
    createdAt: note.createdAt.toISOString(),
  };
}

function lastRejectionOf(events: InvoiceDetailRow['events']) {
  const rejection = events.findLast(({ event }) => event.action === 'rejected');
  return rejection ? { reason: rejection.event.note ?? '', byUserName: rejection.byUserName, at: rejection.event.at.toISOString() } : null;
}

type WithholdingTaxFacts = { figures: InvoiceWithholdingTax | null; creditNotes: Map<string, WithholdingTaxCreditNote> };

function invoiceOf(
  row: InvoiceDetailRow,
  creditNotes: CreditNoteRows,
  settings: InvoiceSettingsRow,
  principal: FirmPrincipal,
  withholdingTax: WithholdingTaxFacts,
): Invoice {
  const invoice = row.invoice;
  const creditedBy = new Map(creditNotes.flatMap(({ note, invoiceLineIds }) => invoiceLineIds.map((id) => [id, note.creditNoteNumber])));
  const lines = row.lines.map((line) => lineOf(line, creditedBy.get(line.line.id) ?? null));
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
      creditedAmount: invoice.creditedAmount,
      balanceDue: invoice.balanceDue,
    },
    payments: row.payments.map(({ payment, recordedByUserName, reversedByPaymentId, realisedExchangeDifference }) => ({
      id: payment.id,
      receiptNumber: payment.receiptNumber,
      amount: payment.amount,
      withholdingTaxAmount: payment.withholdingTaxAmount,
      withholdingTaxCreditNote: withholdingTax.creditNotes.get(payment.id) ?? null,
      paymentDate: payment.paymentDate,
      method: payment.method,
      reference: payment.reference,
      isReversal: payment.reversesPaymentId !== null,
      reversesPaymentId: payment.reversesPaymentId,
      reversedByPaymentId,
      reason: payment.reason,
      recordedByUserName,
      createdAt: payment.createdAt.toISOString(),
      realisedExchangeDifference,
    })),
    withholdingTax: withholdingTax.figures,
    writeOffs: row.writeOffs.map(({ writeOff, byUserName }) => ({
      id: writeOff.id,
      amount: writeOff.amount,
      reason: writeOff.reason,
      writeOffDate: writeOff.writeOffDate,
      byUserName,
      createdAt: writeOff.createdAt.toISOString(),
    })),
    creditNotes: creditNotes.map(creditNoteOf),
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
  const [row, settings, creditNotes] = await Promise.all([
    findInvoiceDetail(tx, principal.firmId, invoiceId),
    findInvoiceSettings(tx, principal.firmId),
    findCreditNotesOfInvoice(tx, principal.firmId, invoiceId),
  ]);
  if (!row) throw notFound('Invoice');
  const withholdingTax: WithholdingTaxFacts = {
    figures: isIssuedInvoice(row.invoice.status as InvoiceStatus) ? await invoiceWithholdingTaxOf(tx, principal.firmId, row.invoice) : null,
    creditNotes: await creditNotesOfPayments(
      tx,
      principal.firmId,
      row.payments.filter(({ payment }) => compareMoney(payment.withholdingTaxAmount, '0') !== 0).map(({ payment }) => payment.id),
    ),
  };
  return invoiceOf(row, creditNotes, settings, principal, withholdingTax);
}
