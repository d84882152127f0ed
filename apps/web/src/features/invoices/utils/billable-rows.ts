import type { Invoice, InvoiceLine, UnbilledItems } from '@matterhorn/shared';
import type { BillableKind } from '../../../lib/app-state/billing-state.ts';
import type { LineAdjustment } from '../components/adjust-line-modal.tsx';
import type { UnbilledRow } from '../components/unbilled-section.tsx';

export type BillableRows = Record<BillableKind, UnbilledRow[]>;

/** The builder's rows per kind, from get-unbilled-items. */
export function rowsOf(items: UnbilledItems | undefined): BillableRows {
  return {
    timeEntries: (items?.timeEntries ?? []).map((entry) => ({
      id: entry.id,
      date: entry.timeEntryDate,
      description: entry.description ?? '',
      matterName: entry.matterName ?? '',
      who: entry.timeEntryUserName ?? null,
      quantity: entry.duration ?? null,
      amount: entry.homeTotalAmount,
    })),
    expenses: (items?.expenses ?? []).map((expense) => ({
      id: expense.id,
      date: expense.expenseDate,
      description: expense.description ?? '',
      matterName: expense.matterName ?? '',
      who: expense.addedByUserName ?? null,
      quantity: expense.quantity ?? null,
      amount: expense.homeAmount,
    })),
    flatFees: (items?.flatFees ?? []).map((fee) => ({
      id: fee.id,
      date: fee.flatFeeDate,
      description: fee.description ?? '',
      matterName: fee.matterName ?? '',
      who: fee.userName ?? null,
      quantity: '1',
      amount: fee.amount,
    })),
  };
}

/** A draft's lines as builder rows: the item's own amount (the line's adjustment is kept apart). */
const rowOfLine = (line: InvoiceLine): UnbilledRow => ({
  id: line.itemId,
  date: line.lineDate,
  description: line.description,
  matterName: line.matterName,
  who: line.feeEarnerName,
  quantity: line.itemType === 'fee' ? line.hours : line.quantity,
  amount: line.itemAmount,
});

/** The items a draft bills, per kind. */
export function rowsOfInvoice(invoice: Invoice): BillableRows {
  return { timeEntries: invoice.fees.map(rowOfLine), expenses: invoice.expenses.map(rowOfLine), flatFees: invoice.flatFees.map(rowOfLine) };
}

/** The draft's items first, then the client's other unbilled items (each once). */
export function mergeRows(first: BillableRows, then: BillableRows): BillableRows {
  const merge = (kind: BillableKind) => {
    const ids = new Set(first[kind].map((row) => row.id));
    return [...first[kind], ...then[kind].filter((row) => !ids.has(row.id))];
  };
  return { timeEntries: merge('timeEntries'), expenses: merge('expenses'), flatFees: merge('flatFees') };
}

/** The write-downs and write-ups a draft carries, by item id. */
export function adjustmentsOfInvoice(invoice: Invoice): Record<string, LineAdjustment> {
  const adjusted = [...invoice.fees, ...invoice.expenses, ...invoice.flatFees].filter((line) => line.adjustmentReason !== null);
  return Object.fromEntries(adjusted.map((line) => [line.itemId, { adjustedAmount: line.amount, reason: line.adjustmentReason! }]));
}
