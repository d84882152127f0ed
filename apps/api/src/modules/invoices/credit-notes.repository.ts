import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, creditNoteLines, creditNotes, invoiceLines, invoices, users } from '../../db/schema/index.ts';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** The invoice's lines in its order, each with the number of the credit note that credited it (null: not credited). */
export async function findLinesWithCredits(tx: Tx, firmId: string, invoiceId: string) {
  return tx
    .select({
      id: invoiceLines.id,
      itemType: invoiceLines.itemType,
      itemId: invoiceLines.itemId,
      lineDate: invoiceLines.lineDate,
      description: invoiceLines.description,
      amount: invoiceLines.amount,
      creditNoteNumber: creditNotes.creditNoteNumber,
    })
    .from(invoiceLines)
    .leftJoin(creditNoteLines, eq(creditNoteLines.invoiceLineId, invoiceLines.id))
    .leftJoin(creditNotes, and(eq(creditNotes.firmId, creditNoteLines.firmId), eq(creditNotes.id, creditNoteLines.creditNoteId)))
    .where(and(eq(invoiceLines.firmId, firmId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.sortOrder));
}
export type LineWithCredit = Awaited<ReturnType<typeof findLinesWithCredits>>[number];

export async function insertCreditNote(
  tx: Tx,
  values: typeof creditNotes.$inferInsert & { id: string },
  lines: { invoiceLineId: string; amount: string }[],
): Promise<void> {
  await tx.insert(creditNotes).values(values);
  for (let start = 0; start < lines.length; start += 500)
    await tx
      .insert(creditNoteLines)
      .values(lines.slice(start, start + 500).map((line) => ({ ...line, firmId: values.firmId, creditNoteId: values.id })));
}

const createdByName = sql<string>`coalesce((select named.name from ${users} named where named.id = ${creditNotes.createdByUserId}), '')`;

/** How many credit notes stand against the invoice (voiding it is refused while any does). */
export async function countCreditNotes(tx: Tx, firmId: string, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(creditNotes)
    .where(and(eq(creditNotes.firmId, firmId), eq(creditNotes.invoiceId, invoiceId)));
  return row?.count ?? 0;
}

/** The invoice's credit notes, oldest first, with the lines each credited. */
export async function findCreditNotesOfInvoice(tx: Tx, firmId: string, invoiceId: string) {
  const notes = await tx
    .select({ note: creditNotes, createdByUserName: createdByName })
    .from(creditNotes)
    .where(and(eq(creditNotes.firmId, firmId), eq(creditNotes.invoiceId, invoiceId)))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.numberValue));
  if (notes.length === 0) return [];
  const lines = await tx
    .select({ creditNoteId: creditNoteLines.creditNoteId, invoiceLineId: creditNoteLines.invoiceLineId })
    .from(creditNoteLines)
    .where(
      and(
        eq(creditNoteLines.firmId, firmId),
        inArray(
          creditNoteLines.creditNoteId,
          notes.map(({ note }) => note.id),
        ),
      ),
    );
  return notes.map(({ note, createdByUserName }) => ({
    note,
    createdByUserName,
    invoiceLineIds: lines.filter((line) => line.creditNoteId === note.id).map((line) => line.invoiceLineId),
  }));
}

/** One credit note of the firm with its invoice's number, its client and its lines (null when not the firm's). */
export async function findCreditNote(tx: Tx, firmId: string, creditNoteId: string) {
  const [row] = await tx
    .select({
      note: creditNotes,
      invoiceNumber: invoices.invoiceNumber,
      clientName: clients.displayName,
      currencySymbol: sql<string>`coalesce((select cur.symbol from currencies cur
        where cur.id = coalesce(${invoices.currencyId}, (select f.home_currency_id from firms f where f.id = ${invoices.firmId}))), '')`,
      createdByUserName: createdByName,
    })
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.firmId, creditNotes.firmId), eq(invoices.id, creditNotes.invoiceId)))
    .innerJoin(clients, and(eq(clients.firmId, creditNotes.firmId), eq(clients.id, creditNotes.clientId)))
    .where(and(eq(creditNotes.firmId, firmId), eq(creditNotes.id, creditNoteId)));
  if (!row) return null;
  const lines = await tx
    .select({
      invoiceLineId: invoiceLines.id,
      itemType: invoiceLines.itemType,
      lineDate: invoiceLines.lineDate,
      description: invoiceLines.description,
      amount: creditNoteLines.amount,
    })
    .from(creditNoteLines)
    .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
    .where(and(eq(creditNoteLines.firmId, firmId), eq(creditNoteLines.creditNoteId, creditNoteId)))
    .orderBy(asc(invoiceLines.sortOrder));
  return { ...row, lines };
}
export type CreditNoteDetailRow = NonNullable<Awaited<ReturnType<typeof findCreditNote>>>;
