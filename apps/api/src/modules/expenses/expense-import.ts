import { expenseInputSchema, IS_BILLABLE } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { recordAuditEvent, type AuditActor } from '../../platform/audit/audit.ts';
import { checkReferences, valuesOf } from './expense-values.ts';
import { insertExpense, NOW } from './expenses.repository.ts';

export type ImportedExpense = {
  clientId: string;
  matterId: string;
  expenseDate: string;
  description: string;
  categoryId: string;
  /** The cost in the firm's home currency (one unit of it). */
  amount: string;
  isBillable: boolean;
};

/**
 * A client expense from a bulk import (issue 39), by the form's rules (the matter open and the
 * client's, a live category, amounts in the home currency): approved at once, as the importer
 * holds bulkImport, and unpaid — what it cost was paid and booked in the previous system. Throws
 * the form's refusal for a row that breaks a rule.
 */
export async function importExpense(tx: Tx, actor: AuditActor, expense: ImportedExpense): Promise<string> {
  const input = expenseInputSchema.parse({
    isFirmExpense: false,
    clientId: expense.clientId,
    matterId: expense.matterId,
    expenseDate: expense.expenseDate,
    description: expense.description,
    categoryId: expense.categoryId,
    quantity: '1',
    unitCost: expense.amount,
    isBillable: expense.isBillable ? IS_BILLABLE.billable : IS_BILLABLE.notBillable,
  });
  await checkReferences(tx, actor.firmId, input, null);
  const values = await valuesOf(tx, actor.firmId, input, null);
  const id = await insertExpense(tx, actor.firmId, actor.userId, {
    ...values,
    approvalStatus: 'Approved',
    decidedByUserId: actor.userId,
    decidedAt: NOW,
    rejectionReason: null,
  });
  await recordAuditEvent(tx, actor, 'expense.created', id, {
    after: { matterId: values.matterId, expenseDate: values.expenseDate, amount: values.amount, imported: true },
  });
  return id;
}
