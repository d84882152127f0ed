import { sql, type SQL } from 'drizzle-orm';
import type { RealisationGrouping } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { realisedLineOf, realisedLinesIn } from '../invoices/invoices.api.ts';
import { canDayTotalsAnswer, dayTotalsIn } from '../time-entries/time-entries.api.ts';
import { countRealisedTimeLines } from './realised-lines.repository.ts';
import { activityConditions, matterNameOf, type ActivityFilters } from './report-filters.repository.ts';

/** SPEC.md §9: a time entry's is_billable, 4 billable. */
const BILLABLE = 4;

const billableTimeIn = (firmId: string, filters: ActivityFilters) =>
  sql`${activityConditions('time_entries', firmId, filters, { date: 'time_entry_date', feeEarner: 'user_id' })}
    and time_entries.is_billable = ${BILLABLE}`;

/**
 * The billable time in the filter, each entry with its standard value (as recorded: hours × the
 * entry's rate) and what its invoice billed and collected for it (the invoices module's rule).
 * Descriptions only when the entries are listed: without them a year is read from the firm's date index alone.
 */
const realisedTime = (firmId: string, filters: ActivityFilters, { withDescriptions = false } = {}) => sql`
  select time_entries.id, time_entries.firm_id, time_entries.user_id as fee_earner_id, time_entries.client_id, time_entries.matter_id,
    time_entries.invoice_id, time_entries.time_entry_date, time_entries.created_at,
    ${withDescriptions ? sql`time_entries.description` : sql`null::text`} as description,
    time_entries.duration as hours, time_entries.home_total_amount as standard,
    coalesce(realised.billed, 0) as billed, coalesce(realised.collected, 0) as collected
  from time_entries
  left join lateral ${realisedLineOf({
    firmId: sql`time_entries.firm_id`,
    invoiceId: sql`time_entries.invoice_id`,
    itemId: sql`time_entries.id`,
    itemType: 'fee',
  })} realised on true
  where ${billableTimeIn(firmId, filters)}`;

/**
 * The same figures per fee earner without reading a year of entries one by one: hours and standard
 * values from the time day totals' billable rows, billed and collected from the period's realised
 * invoice lines (a line carries its entry's date and fee earner, frozen once billed). Only when no
 * client, matter or practice area narrows the time, which the totals do not keep.
 */
const realisedTimeByFeeEarner = (firmId: string, filters: ActivityFilters) => sql`
  select day.firm_id, day.fee_earner_id, sum(day.hours) as hours, sum(day.amount) as standard, 0 as billed, 0 as collected
  from time_entry_day_totals day
  where ${dayTotalsIn(firmId, filters)} and day.is_billable = ${BILLABLE}
  group by day.firm_id, day.fee_earner_id having sum(day.entries) > 0
  union all
  select ${firmId}::uuid, realised.fee_earner_id, 0, 0, sum(realised.billed), sum(realised.collected)
  from ${realisedLinesIn(firmId, 'fee', filters)} realised
  group by realised.fee_earner_id`;

const FIGURES = sql`coalesce(sum(item.hours), 0)::numeric(20, 4)::text as hours,
  coalesce(sum(item.standard), 0)::numeric(20, 2)::text as standard,
  coalesce(sum(item.billed), 0)::numeric(20, 2)::text as billed,
  coalesce(sum(item.collected), 0)::numeric(20, 2)::text as collected`;

export type RealisationFigures = { hours: string; standard: string; billed: string; collected: string };
export type RealisationGroupRow = RealisationFigures & { groupId: string | null; groupName: string; clientName: string | null };

/** How each grouping names and keys its rows. */
const GROUPINGS: Record<RealisationGrouping, { select: SQL; from: SQL; groupBy: SQL; orderBy: SQL }> = {
  feeEarner: {
    select: sql`item.fee_earner_id::text as "groupId", fee_earner.name as "groupName", null as "clientName"`,
    from: sql`join users fee_earner on fee_earner.firm_id = item.firm_id and fee_earner.id = item.fee_earner_id`,
    groupBy: sql`item.fee_earner_id, fee_earner.name`,
    orderBy: sql`fee_earner.name, item.fee_earner_id`,
  },
  matter: {
    select: sql`item.matter_id::text as "groupId", ${matterNameOf('matter')} as "groupName", client.display_name as "clientName"`,
    from: sql`join matters matter on matter.firm_id = item.firm_id and matter.id = item.matter_id
      join clients client on client.firm_id = item.firm_id and client.id = item.client_id`,
    groupBy: sql`item.matter_id, matter.matter_number, matter.matter_name, client.display_name`,
    orderBy: sql`client.display_name, matter.matter_name, item.matter_id`,
  },
  // A matter in two practice areas counts in each; the total counts each entry once.
  practiceArea: {
    select: sql`area.id::text as "groupId", coalesce(area.name, 'No practice area') as "groupName", null as "clientName"`,
    from: sql`left join matter_practice_areas matter_area on matter_area.firm_id = item.firm_id and matter_area.matter_id = item.matter_id
      left join practice_areas area on area.firm_id = item.firm_id and area.id = matter_area.practice_area_id`,
    groupBy: sql`area.id, area.name`,
    orderBy: sql`area.name is null, area.name, area.id`,
  },
};

/** The realisation figures per fee earner (from the day totals and the period's lines when they can answer), matter or practice area. */
export function findRealisationGroups(tx: Tx, firmId: string, filters: ActivityFilters, grouping: RealisationGrouping) {
  const group = GROUPINGS[grouping];
  const items =
    grouping === 'feeEarner' && canDayTotalsAnswer(filters) ? realisedTimeByFeeEarner(firmId, filters) : realisedTime(firmId, filters);
  return rowsOf<RealisationGroupRow>(
    tx.execute(sql`
      select ${group.select}, ${FIGURES}
      from (${items}) item
      ${group.from}
      group by ${group.groupBy}
      order by ${group.orderBy}`),
  );
}

/**
 * Σ hours and standard values straight off the table (the tie-out), the period's live invoice lines
 * of time and the entries they bill (one line each), and, when rows may count an entry twice (by
 * practice area), the figures over every entry once (the total row).
 */
export async function sumRealisation(tx: Tx, firmId: string, filters: ActivityFilters, { withTotal }: { withTotal: boolean }) {
  const [totals, [entries], lines] = await Promise.all([
    withTotal ? rowsOf<RealisationFigures>(tx.execute(sql`select ${FIGURES} from (${realisedTime(firmId, filters)}) item`)) : [],
    rowsOf<{ hours: string; standard: string }>(
      tx.execute(sql`select coalesce(sum(duration), 0)::numeric(20, 4)::text as hours,
          coalesce(sum(home_total_amount), 0)::numeric(20, 2)::text as standard
        from time_entries where ${billableTimeIn(firmId, filters)}`),
    ),
    countRealisedTimeLines(tx, firmId, filters),
  ]);
  return { total: totals[0] ?? null, entries: entries!, lines };
}

export type RealisationEntryRow = RealisationFigures & {
  date: string;
  feeEarnerName: string;
  clientName: string;
  matterName: string;
  description: string;
  invoiceNumber: string | null;
};

/** The billable time behind a figure (the drill-down), oldest first, a page at a time, with its count and sums. */
export async function findRealisationEntries(tx: Tx, firmId: string, filters: ActivityFilters, page: { size: number; offset: number }) {
  const [rows, [summary]] = await Promise.all([
    rowsOf<RealisationEntryRow>(
      tx.execute(sql`
        select to_char(item.time_entry_date, 'YYYY-MM-DD') as date, fee_earner.name as "feeEarnerName",
          client.display_name as "clientName", ${matterNameOf('matter')} as "matterName", item.description,
          invoice.invoice_number as "invoiceNumber", item.hours::text as hours, item.standard::text as standard,
          item.billed::numeric(20, 2)::text as billed, item.collected::numeric(20, 2)::text as collected
        from (${realisedTime(firmId, filters, { withDescriptions: true })}) item
        join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = item.fee_earner_id
        join clients client on client.firm_id = ${firmId} and client.id = item.client_id
        join matters matter on matter.firm_id = ${firmId} and matter.id = item.matter_id
        left join invoices invoice on invoice.firm_id = ${firmId} and invoice.id = item.invoice_id
        order by item.time_entry_date, fee_earner.name, item.created_at, item.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<RealisationFigures & { count: string }>(
      tx.execute(sql`select count(*)::text as count, ${FIGURES} from (${realisedTime(firmId, filters)}) item`),
    ),
  ]);
  return { rows, count: Number(summary!.count), summary: summary! };
}
