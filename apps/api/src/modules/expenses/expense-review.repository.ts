import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { expenses } from '../../db/schema/index.ts';

/**
 * Pre-bill review's move of an expense on no invoice (or on the draft under review, `invoiceId`) to another matter of the same client (the
 * caller checks the client); its amounts stay as recorded. Answers its matter before, or null when
 * no such expense of the firm is free to move.
 */
export async function moveUnbilledExpense(
  tx: Tx,
  firmId: string,
  expenseId: string,
  invoiceId: string | null,
  matterId: string,
): Promise<{ matterId: string | null } | null> {
  const [before] = await tx
    .select({ matterId: expenses.matterId })
    .from(expenses)
    .where(
      and(
        eq(expenses.firmId, firmId),
        eq(expenses.id, expenseId),
        isNull(expenses.deletedAt),
        invoiceId ? or(isNull(expenses.invoiceId), eq(expenses.invoiceId, invoiceId)) : isNull(expenses.invoiceId),
      ),
    )
    .for('update');
  if (!before) return null;
  await tx
    .update(expenses)
    .set({ matterId, updatedAt: sql`now()` })
    .where(and(eq(expenses.firmId, firmId), eq(expenses.id, expenseId)));
  return before;
}
