import { and, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { journalDayTotals } from '../../db/schema/index.ts';
import type { LedgerLineFilter } from './general-ledger.repository.ts';

/**
 * One account's general ledger read from its day totals (journal_day_totals: each day's debits,
 * credits and line count per account, currency and source type, kept at every posting's commit): its
 * opening balance, its totals and line count, and the days a page falls on are sums over the
 * account's days, however many lines it has; only the page's days' lines are read. The answers are
 * those of general-ledger.repository.ts's, which reads the lines (the test harness checks that the
 * day totals equal the lines).
 */

/** The day totals keep a line's account, day and source type, not its client, matter or amount. */
export const isAnsweredByDayTotals = (filter: LedgerLineFilter) =>
  !filter.clientId && !filter.matterId && !filter.minAmount && !filter.maxAmount;

function dayConditions(firmId: string, filter: LedgerLineFilter, dates: SQL[]): SQL | undefined {
  return and(
    eq(journalDayTotals.firmId, firmId),
    eq(journalDayTotals.accountId, filter.accountId),
    filter.sourceType ? eq(journalDayTotals.sourceType, filter.sourceType) : undefined,
    ...dates,
  );
}

/** Per currency, debit − credit of the account's lines dated before `beforeDate`. */
export function openingBalancesFromDays(tx: Tx, firmId: string, filter: LedgerLineFilter, beforeDate: string) {
  return tx
    .select({
      currencyCode: journalDayTotals.currencyCode,
      balance: sql<string>`(sum(${journalDayTotals.debit}) - sum(${journalDayTotals.credit}))::numeric(16,2)::text`,
    })
    .from(journalDayTotals)
    .where(dayConditions(firmId, filter, [lt(journalDayTotals.entryDate, beforeDate)]))
    .groupBy(journalDayTotals.currencyCode);
}

/** Per currency, the debits, credits and number of the account's lines in the range. */
export function rangeTotalsFromDays(tx: Tx, firmId: string, filter: LedgerLineFilter, fromDate: string | null, toDate: string | null) {
  return tx
    .select({
      currencyCode: journalDayTotals.currencyCode,
      totalDebit: sql<string>`sum(${journalDayTotals.debit})::numeric(16,2)::text`,
      totalCredit: sql<string>`sum(${journalDayTotals.credit})::numeric(16,2)::text`,
      lines: sql<number>`sum(${journalDayTotals.lines})::int`,
    })
    .from(journalDayTotals)
    .where(
      dayConditions(firmId, filter, [
        ...(fromDate ? [gte(journalDayTotals.entryDate, fromDate)] : []),
        ...(toDate ? [lte(journalDayTotals.entryDate, toDate)] : []),
      ]),
    )
    .groupBy(journalDayTotals.currencyCode);
}

export type LedgerPageRow = {
  lineId: string;
  entryId: string;
  entryDate: string;
  reference: string | null;
  memo: string;
  lineMemo: string | null;
  sourceType: string;
  sourceId: string | null;
  reversesEntryId: string | null;
  clientId: string | null;
  clientName: string | null;
  matterId: string | null;
  matterNumber: string | null;
  currencyCode: string;
  debit: string;
  credit: string;
  /** Debits − credits in the line's currency from the range's start to the line (the caller adds the opening balance). */
  movement: string;
};

/**
 * A page of the account's lines in the range, by entry date then posting order, as linesWithMovement
 * answers it: the day totals say on which days the page's lines fall (the lines before each day,
 * summed) and the movement before the first of them; only those days' entries and lines are read.
 */
export function pageFromDays(
  tx: Tx,
  firmId: string,
  filter: LedgerLineFilter,
  fromDate: string | null,
  toDate: string | null,
  page: { limit: number; offset: number },
): Promise<LedgerPageRow[]> {
  const source = (column: SQL) => (filter.sourceType ? sql`and ${column} = ${filter.sourceType}` : sql``);
  const days = sql`t.firm_id = ${firmId} and t.account_id = ${filter.accountId} ${source(sql`t.source_type`)}
    ${fromDate ? sql`and t.entry_date >= ${fromDate}` : sql``} ${toDate ? sql`and t.entry_date <= ${toDate}` : sql``}`;
  return rowsOf<LedgerPageRow>(
    tx.execute(sql`with days as (
        select t.entry_date, sum(t.lines) as lines from journal_day_totals t where ${days} group by t.entry_date),
      placed as (
        select entry_date, lines, sum(lines) over (order by entry_date) - lines as before from days),
      span as (
        select min(entry_date) as first_day, max(entry_date) as last_day, min(before) as before
        from placed where before + lines > ${page.offset} and before < ${page.offset + page.limit}),
      earlier as (
        select t.currency_code, sum(t.debit - t.credit) as movement
        from span join journal_day_totals t on t.entry_date < span.first_day
        where ${days} group by t.currency_code),
      span_lines as (
        select l.id, l.entry_id, e.entry_date, e.reference, e.memo, l.memo as line_memo, e.source_type, e.source_id,
          e.reverses_entry_id, l.client_id, l.matter_id, l.currency_code, l.debit, l.credit,
          sum(l.debit - l.credit) over (partition by l.currency_code order by e.entry_date, e.created_at, l.id rows unbounded preceding)
            as movement,
          span.before + row_number() over (order by e.entry_date, e.created_at, l.id) as position
        from span
          join journal_entries e on e.firm_id = ${firmId} and e.entry_date between span.first_day and span.last_day
          join journal_lines l on l.firm_id = e.firm_id and l.entry_id = e.id and l.account_id = ${filter.accountId}
        where true ${source(sql`e.source_type`)})
      select l.id as "lineId", l.entry_id as "entryId", l.entry_date::text as "entryDate", l.reference, l.memo,
        l.line_memo as "lineMemo", l.source_type as "sourceType", l.source_id as "sourceId", l.reverses_entry_id as "reversesEntryId",
        l.client_id as "clientId", c.display_name as "clientName", l.matter_id as "matterId", m.matter_number as "matterNumber",
        l.currency_code as "currencyCode", l.debit::text as debit, l.credit::text as credit,
        (coalesce(earlier.movement, 0) + l.movement)::numeric(16,2)::text as movement
      from span_lines l
        left join earlier on earlier.currency_code = l.currency_code
        left join clients c on c.firm_id = ${firmId} and c.id = l.client_id
        left join matters m on m.firm_id = ${firmId} and m.id = l.matter_id
      where l.position > ${page.offset} and l.position <= ${page.offset + page.limit}
      order by l.position`),
  );
}
