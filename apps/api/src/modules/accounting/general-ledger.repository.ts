import { and, asc, count, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { clients, journalEntries, journalLines, matters } from '../../db/schema/index.ts';

export type LedgerLineFilter = {
  accountId: string;
  clientId?: string;
  matterId?: string;
  sourceType?: string;
  minAmount?: string | null;
  maxAmount?: string | null;
};

/** A line's amount is whichever side it is on (the other is 0). */
const lineAmount = sql`greatest(${journalLines.debit}, ${journalLines.credit})`;

/** The account's lines matching the filter (client, matter, source, amount), of entries in the date bounds. */
function lineConditions(firmId: string, filter: LedgerLineFilter, dates: SQL[]): SQL | undefined {
  return and(
    eq(journalLines.firmId, firmId),
    eq(journalLines.accountId, filter.accountId),
    filter.clientId ? eq(journalLines.clientId, filter.clientId) : undefined,
    filter.matterId ? eq(journalLines.matterId, filter.matterId) : undefined,
    filter.sourceType ? eq(journalEntries.sourceType, filter.sourceType) : undefined,
    filter.minAmount ? sql`${lineAmount} >= ${filter.minAmount}::numeric` : undefined,
    filter.maxAmount ? sql`${lineAmount} <= ${filter.maxAmount}::numeric` : undefined,
    ...dates,
  );
}

const inRange = (fromDate: string | null, toDate: string | null): SQL[] => [
  ...(fromDate ? [gte(journalEntries.entryDate, fromDate)] : []),
  ...(toDate ? [lte(journalEntries.entryDate, toDate)] : []),
];

const entryJoin = and(eq(journalEntries.firmId, journalLines.firmId), eq(journalEntries.id, journalLines.entryId));

/** Per currency, debit − credit of the filtered lines dated before `beforeDate`. */
export function openingBalances(tx: Tx, firmId: string, filter: LedgerLineFilter, beforeDate: string) {
  return tx
    .select({
      currencyCode: journalLines.currencyCode,
      balance: sql<string>`(sum(${journalLines.debit}) - sum(${journalLines.credit}))::numeric(16,2)::text`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, entryJoin)
    .where(lineConditions(firmId, filter, [lt(journalEntries.entryDate, beforeDate)]))
    .groupBy(journalLines.currencyCode);
}

/** Per currency, the debits and credits of the filtered lines in the range, and how many lines. */
export function rangeTotals(tx: Tx, firmId: string, filter: LedgerLineFilter, fromDate: string | null, toDate: string | null) {
  return tx
    .select({
      currencyCode: journalLines.currencyCode,
      totalDebit: sql<string>`sum(${journalLines.debit})::numeric(16,2)::text`,
      totalCredit: sql<string>`sum(${journalLines.credit})::numeric(16,2)::text`,
      lines: count(),
    })
    .from(journalLines)
    .innerJoin(journalEntries, entryJoin)
    .where(lineConditions(firmId, filter, inRange(fromDate, toDate)))
    .groupBy(journalLines.currencyCode);
}

/**
 * The filtered lines in the range, by entry date then posting order, each with the movement so far
 * in its currency (running from the range's start: the caller adds the opening balance). A page
 * when `limit` is given, else every line (the CSV).
 */
export function linesWithMovement(
  tx: Tx,
  firmId: string,
  filter: LedgerLineFilter,
  fromDate: string | null,
  toDate: string | null,
  page: { limit: number; offset: number } | null,
) {
  const order = [asc(journalEntries.entryDate), asc(journalEntries.createdAt), asc(journalLines.id)] as const;
  const query = tx
    .select({
      lineId: journalLines.id,
      entryId: journalLines.entryId,
      entryDate: journalEntries.entryDate,
      reference: journalEntries.reference,
      memo: journalEntries.memo,
      lineMemo: journalLines.memo,
      sourceType: journalEntries.sourceType,
      sourceId: journalEntries.sourceId,
      reversesEntryId: journalEntries.reversesEntryId,
      clientId: journalLines.clientId,
      clientName: clients.displayName,
      matterId: journalLines.matterId,
      matterNumber: matters.matterNumber,
      currencyCode: journalLines.currencyCode,
      debit: journalLines.debit,
      credit: journalLines.credit,
      movement: sql<string>`(sum(${journalLines.debit} - ${journalLines.credit}) over (partition by ${journalLines.currencyCode} order by ${journalEntries.entryDate}, ${journalEntries.createdAt}, ${journalLines.id} rows unbounded preceding))::numeric(16,2)::text`,
    })
    .from(journalLines)
    .innerJoin(journalEntries, entryJoin)
    .leftJoin(clients, and(eq(clients.firmId, journalLines.firmId), eq(clients.id, journalLines.clientId)))
    .leftJoin(matters, and(eq(matters.firmId, journalLines.firmId), eq(matters.id, journalLines.matterId)))
    .where(lineConditions(firmId, filter, inRange(fromDate, toDate)))
    .orderBy(...order);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}
