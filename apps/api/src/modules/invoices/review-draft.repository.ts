import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { invoiceLines } from '../../db/schema/index.ts';

/** A draft's lines as saved, in their order (pre-bill review rebuilds the draft from them). */
export async function findDraftLines(tx: Tx, firmId: string, invoiceId: string) {
  return tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.firmId, firmId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.sortOrder));
}
export type DraftLineRow = Awaited<ReturnType<typeof findDraftLines>>[number];
