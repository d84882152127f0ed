import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { journalAttachments, journalEntries, journalLines, ledgerAccounts } from '../../db/schema/index.ts';

export type JournalEntryFilter = { sourceType?: string; sourceId?: string; fromDate?: string; toDate?: string };

function entryConditions(firmId: string, filter: JournalEntryFilter): SQL | undefined {
  return and(
    eq(journalEntries.firmId, firmId),
    filter.sourceType ? eq(journalEntries.sourceType, filter.sourceType) : undefined,
    filter.sourceId ? eq(journalEntries.sourceId, filter.sourceId) : undefined,
    filter.fromDate ? gte(journalEntries.entryDate, filter.fromDate) : undefined,
    filter.toDate ? lte(journalEntries.entryDate, filter.toDate) : undefined,
  );
}

export async function countEntries(tx: Tx, firmId: string, filter: JournalEntryFilter): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(journalEntries).where(entryConditions(firmId, filter));
  return row?.total ?? 0;
}

const entryColumns = {
  id: journalEntries.id,
  entryDate: journalEntries.entryDate,
  memo: journalEntries.memo,
  reference: journalEntries.reference,
  sourceType: journalEntries.sourceType,
  sourceId: journalEntries.sourceId,
  reversesEntryId: journalEntries.reversesEntryId,
  createdByUserId: journalEntries.createdByUserId,
  createdAt: journalEntries.createdAt,
};

export type EntryRow = Awaited<ReturnType<typeof findEntry>> & {};

export async function findEntry(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .select(entryColumns)
    .from(journalEntries)
    .where(and(eq(journalEntries.firmId, firmId), eq(journalEntries.id, id)));
  return row ?? null;
}

/** A page of entries, newest posted first. */
export function pageOfEntries(tx: Tx, firmId: string, filter: JournalEntryFilter, limit: number, offset: number) {
  return tx
    .select({
      id: journalEntries.id,
      entryDate: journalEntries.entryDate,
      memo: journalEntries.memo,
      reference: journalEntries.reference,
      sourceType: journalEntries.sourceType,
      sourceId: journalEntries.sourceId,
      reversesEntryId: journalEntries.reversesEntryId,
      createdByUserId: journalEntries.createdByUserId,
      createdAt: journalEntries.createdAt,
    })
    .from(journalEntries)
    .where(entryConditions(firmId, filter))
    .orderBy(desc(journalEntries.createdAt), desc(journalEntries.id))
    .limit(limit)
    .offset(offset);
}

export function linesOfEntries(tx: Tx, firmId: string, entryIds: string[]) {
  return (
    tx
      .select({
        id: journalLines.id,
        entryId: journalLines.entryId,
        accountId: journalLines.accountId,
        accountNumber: ledgerAccounts.number,
        accountCode: ledgerAccounts.code,
        accountName: ledgerAccounts.name,
        debit: journalLines.debit,
        credit: journalLines.credit,
        clientId: journalLines.clientId,
        matterId: journalLines.matterId,
        memo: journalLines.memo,
        currencyCode: journalLines.currencyCode,
        exchangeRate: journalLines.exchangeRate,
        homeAmount: journalLines.homeAmount,
      })
      .from(journalLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
      .where(and(eq(journalLines.firmId, firmId), inArray(journalLines.entryId, entryIds)))
      // Debits first, then credits, each in the order posted (ids are random: order by the amount side, then account).
      .orderBy(sql`${journalLines.debit} = 0`, ledgerAccounts.number, journalLines.id)
  );
}

export function reversalsOf(tx: Tx, firmId: string, entryIds: string[]) {
  return tx
    .select({ id: journalEntries.id, reversesEntryId: journalEntries.reversesEntryId })
    .from(journalEntries)
    .where(and(eq(journalEntries.firmId, firmId), inArray(journalEntries.reversesEntryId, entryIds)));
}

/** The entries' attachments, oldest first. */
export function attachmentsOfEntries(tx: Tx, firmId: string, entryIds: string[]) {
  return tx
    .select({
      id: journalAttachments.id,
      entryId: journalAttachments.entryId,
      fileName: journalAttachments.fileName,
      contentType: journalAttachments.contentType,
      sizeBytes: journalAttachments.sizeBytes,
      uploadedAt: journalAttachments.uploadedAt,
      uploadedByUserId: journalAttachments.uploadedByUserId,
    })
    .from(journalAttachments)
    .where(and(eq(journalAttachments.firmId, firmId), inArray(journalAttachments.entryId, entryIds)))
    .orderBy(journalAttachments.uploadedAt, journalAttachments.id);
}

export async function findAttachment(tx: Tx, firmId: string, entryId: string, attachmentId: string) {
  const [row] = await tx
    .select({
      storageKey: journalAttachments.storageKey,
      fileName: journalAttachments.fileName,
      contentType: journalAttachments.contentType,
      sizeBytes: journalAttachments.sizeBytes,
    })
    .from(journalAttachments)
    .where(and(eq(journalAttachments.firmId, firmId), eq(journalAttachments.entryId, entryId), eq(journalAttachments.id, attachmentId)));
  return row ?? null;
}

export async function insertAttachment(tx: Tx, values: typeof journalAttachments.$inferInsert): Promise<string> {
  const [row] = await tx.insert(journalAttachments).values(values).returning({ id: journalAttachments.id });
  return row!.id;
}
