import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { firmBudgetAmounts, firmBudgets } from '../../db/schema/index.ts';

/** The firm budgets' SQL: a fiscal year's budget and its month-by-account amounts. */

export async function findBudget(tx: Tx, firmId: string, fiscalYear: number) {
  const [row] = await tx
    .select({ id: firmBudgets.id, currencyCode: firmBudgets.currencyCode, updatedAt: firmBudgets.updatedAt })
    .from(firmBudgets)
    .where(and(eq(firmBudgets.firmId, firmId), eq(firmBudgets.fiscalYear, fiscalYear)));
  return row ?? null;
}

/** The same, its row locked until the transaction ends, so two saves of one year queue. */
export async function lockBudget(tx: Tx, firmId: string, fiscalYear: number) {
  const [row] = await tx
    .select({ id: firmBudgets.id })
    .from(firmBudgets)
    .where(and(eq(firmBudgets.firmId, firmId), eq(firmBudgets.fiscalYear, fiscalYear)))
    .for('update');
  return row ?? null;
}

export async function findSavedYears(tx: Tx, firmId: string): Promise<number[]> {
  const rows = await tx
    .select({ fiscalYear: firmBudgets.fiscalYear })
    .from(firmBudgets)
    .where(eq(firmBudgets.firmId, firmId))
    .orderBy(desc(firmBudgets.fiscalYear));
  return rows.map((row) => row.fiscalYear);
}

export function findBudgetAmounts(tx: Tx, firmId: string, budgetId: string) {
  return tx
    .select({
      accountId: firmBudgetAmounts.accountId,
      month: sql<string>`to_char(${firmBudgetAmounts.month}, 'YYYY-MM-DD')`,
      amount: firmBudgetAmounts.amount,
    })
    .from(firmBudgetAmounts)
    .where(and(eq(firmBudgetAmounts.firmId, firmId), eq(firmBudgetAmounts.budgetId, budgetId)));
}

/** Every budget amount of the months from `fromMonth` to `toMonth` (first days), whichever budget holds it, with its currency. */
export function findBudgetMonths(tx: Tx, firmId: string, fromMonth: string, toMonth: string) {
  return tx
    .select({
      accountId: firmBudgetAmounts.accountId,
      month: sql<string>`to_char(${firmBudgetAmounts.month}, 'YYYY-MM-DD')`,
      amount: firmBudgetAmounts.amount,
      currencyCode: firmBudgets.currencyCode,
    })
    .from(firmBudgetAmounts)
    .innerJoin(firmBudgets, and(eq(firmBudgets.firmId, firmBudgetAmounts.firmId), eq(firmBudgets.id, firmBudgetAmounts.budgetId)))
    .where(and(eq(firmBudgetAmounts.firmId, firmId), gte(firmBudgetAmounts.month, fromMonth), lte(firmBudgetAmounts.month, toMonth)));
}

export async function insertBudget(
  tx: Tx,
  values: { firmId: string; fiscalYear: number; currencyCode: string; updatedByUserId: string },
): Promise<string> {
  const [row] = await tx.insert(firmBudgets).values(values).returning({ id: firmBudgets.id });
  return row!.id;
}

export async function touchBudget(tx: Tx, firmId: string, budgetId: string, values: { currencyCode: string; updatedByUserId: string }) {
  await tx
    .update(firmBudgets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(firmBudgets.firmId, firmId), eq(firmBudgets.id, budgetId)));
}

/** A saved grid replaces the last: its amounts are deleted and the new ones (non-zero only) inserted. */
export async function replaceBudgetAmounts(
  tx: Tx,
  firmId: string,
  budgetId: string,
  amounts: { accountId: string; month: string; amount: string }[],
) {
  await tx.delete(firmBudgetAmounts).where(and(eq(firmBudgetAmounts.firmId, firmId), eq(firmBudgetAmounts.budgetId, budgetId)));
  if (amounts.length) await tx.insert(firmBudgetAmounts).values(amounts.map((row) => ({ firmId, budgetId, ...row })));
}

/** Deletes the year's budget (its amounts go with it); true when there was one. */
export async function deleteBudget(tx: Tx, firmId: string, fiscalYear: number): Promise<boolean> {
  const rows = await tx
    .delete(firmBudgets)
    .where(and(eq(firmBudgets.firmId, firmId), eq(firmBudgets.fiscalYear, fiscalYear)))
    .returning({ id: firmBudgets.id });
  return rows.length > 0;
}
