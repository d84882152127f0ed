import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { timeEntries } from '../../db/schema/index.ts';

/**
 * Pre-bill review's changes to a time entry that no issued invoice holds: on the draft under review
 * (`invoiceId`) or on none. Its matter (moved to another of the same client: the caller checks) or
 * its narrative as billed; its hours, rate and amounts stay as recorded. Answers what it was, or null
 * when no such entry of the firm is free to change.
 */
export async function reviseUnbilledTimeEntry(
  tx: Tx,
  firmId: string,
  timeEntryId: string,
  invoiceId: string | null,
  values: { matterId?: string; description?: string },
): Promise<{ matterId: string; description: string } | null> {
  const [before] = await tx
    .select({ matterId: timeEntries.matterId, description: timeEntries.description })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.firmId, firmId),
        eq(timeEntries.id, timeEntryId),
        isNull(timeEntries.deletedAt),
        invoiceId ? or(isNull(timeEntries.invoiceId), eq(timeEntries.invoiceId, invoiceId)) : isNull(timeEntries.invoiceId),
      ),
    )
    .for('update');
  if (!before) return null;
  await tx
    .update(timeEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.id, timeEntryId)));
  return before;
}
