import { and, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import { TIME_ENTRY_STATUS } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { timeEntries } from '../../db/schema/index.ts';

/**
 * The one rule of what is billed, in SQL: an entry on an invoice (SPEC.md's status 5 goes with it).
 * A billed entry's date, client, matter and duration are frozen and it cannot be deleted.
 */
export const isBilledTimeEntry: SQL = sql`(${timeEntries.invoiceId} is not null or ${timeEntries.status} = ${TIME_ENTRY_STATUS.billed})`;

/** Puts the live, unbilled entries on the invoice; answers the ids it took (the others were not free). */
export async function putEntriesOnInvoice(tx: Tx, firmId: string, invoiceId: string, timeEntryIds: string[]): Promise<string[]> {
  if (timeEntryIds.length === 0) return [];
  const taken = await tx
    .update(timeEntries)
    .set({ invoiceId, status: TIME_ENTRY_STATUS.billed, updatedAt: sql`now()` })
    .where(
      and(eq(timeEntries.firmId, firmId), inArray(timeEntries.id, timeEntryIds), isNull(timeEntries.deletedAt), not(isBilledTimeEntry)),
    )
    .returning({ id: timeEntries.id });
  return taken.map((row) => row.id);
}

/** Takes every entry off the invoice (voided or deleted as a draft): they are unbilled again. */
export async function takeEntriesOffInvoice(tx: Tx, firmId: string, invoiceId: string): Promise<number> {
  const released = await tx
    .update(timeEntries)
    .set({ invoiceId: null, status: TIME_ENTRY_STATUS.unbilled, updatedAt: sql`now()` })
    .where(and(eq(timeEntries.firmId, firmId), eq(timeEntries.invoiceId, invoiceId)))
    .returning({ id: timeEntries.id });
  return released.length;
}
