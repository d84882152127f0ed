import type { Expense, ExpenseListItem, ExpenseReceipt } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { ListRow } from '../../platform/lists/list-page.ts';
import { findExpenseDetail, listReceipts, type expenseList } from './expenses.repository.ts';
import { trimDecimal } from './expenses.rules.ts';

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

/** An expense as its page shows it, with its receipts. */
export async function viewOf(tx: Tx, firmId: string, expenseId: string): Promise<Expense> {
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
