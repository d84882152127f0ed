import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { firms } from '../../db/schema/index.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

/** The day the firm's books are closed through (null: none) and the firm's today. */
export async function findBooksClosedThrough(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await tx.select({ booksClosedThrough: firms.booksClosedThrough }).from(firms).where(eq(firms.id, firmId));
  return row?.booksClosedThrough ?? null;
}

/**
 * The same, with the firm row locked FOR UPDATE until the transaction ends: postings under way (whose
 * trigger holds the row FOR KEY SHARE) finish first, and those that start meanwhile read the new day.
 */
export async function lockBooksClosedThrough(tx: Tx, firmId: string): Promise<{ booksClosedThrough: string | null; today: string }> {
  const [row] = await tx
    .select({ booksClosedThrough: firms.booksClosedThrough, today: firmTodayText(firms.timeZone) })
    .from(firms)
    .where(eq(firms.id, firmId))
    .for('update');
  if (!row) throw new Error('The firm of this transaction was not found');
  return row;
}

export async function updateBooksClosedThrough(tx: Tx, firmId: string, booksClosedThrough: string | null): Promise<void> {
  await tx.update(firms).set({ booksClosedThrough }).where(eq(firms.id, firmId));
}
