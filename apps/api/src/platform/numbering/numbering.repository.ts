import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { firmSequences } from '../../db/schema/index.ts';

/** Takes the sequence's next value, starting it at 1; the row stays locked until the transaction ends. */
export async function takeNextValue(tx: Tx, firmId: string, sequence: string): Promise<number> {
  const [row] = await tx
    .insert(firmSequences)
    .values({ firmId, sequence, nextValue: 2 })
    .onConflictDoUpdate({
      target: [firmSequences.firmId, firmSequences.sequence],
      set: { nextValue: sql`${firmSequences.nextValue} + 1` },
    })
    .returning({ taken: sql<number>`${firmSequences.nextValue} - 1` });
  return Number(row!.taken);
}

/** Makes the sequence go on from `nextValue` (data loaded in bulk, such as the demo firm's matters). */
export async function setNextValue(tx: Tx, firmId: string, sequence: string, nextValue: number): Promise<void> {
  await tx
    .insert(firmSequences)
    .values({ firmId, sequence, nextValue })
    .onConflictDoUpdate({ target: [firmSequences.firmId, firmSequences.sequence], set: { nextValue } });
}

/** The value the sequence would give next (1 before its first), without taking it. */
export async function findNextValue(tx: Tx, firmId: string, sequence: string): Promise<number> {
  const [row] = await tx
    .select({ nextValue: firmSequences.nextValue })
    .from(firmSequences)
    .where(and(eq(firmSequences.firmId, firmId), eq(firmSequences.sequence, sequence)));
  return row ? Number(row.nextValue) : 1;
}

/** Moves the sequence on to `nextValue` unless it is already past it (in one statement, so a number taken meanwhile counts); true when moved. */
export async function raiseNextValue(tx: Tx, firmId: string, sequence: string, nextValue: number): Promise<boolean> {
  const rows = await tx
    .insert(firmSequences)
    .values({ firmId, sequence, nextValue })
    .onConflictDoUpdate({
      target: [firmSequences.firmId, firmSequences.sequence],
      set: { nextValue },
      setWhere: sql`${firmSequences.nextValue} <= ${nextValue}`,
    })
    .returning({ nextValue: firmSequences.nextValue });
  return rows.length > 0;
}
