import { sql } from 'drizzle-orm';
import type { ProfitabilityKind } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { realisedLineOf, realisedLinesIn } from '../invoices/invoices.api.ts';
import { canDayTotalsAnswer, dayTotalsIn } from '../time-entries/time-entries.api.ts';
import { activityConditions, matterNameOf, matterScopeOf, type ActivityFilters } from './report-filters.repository.ts';

/** SPEC.md §9: is_billable 2 = not billable. */
const NOT_BILLABLE = 2;

const realised = (table: 'time_entries' | 'flat_fees', itemType: 'fee' | 'flatFee') =>
  realisedLineOf({
    firmId: sql.raw(`${table}.firm_id`),
    invoiceId: sql.raw(`${table}.invoice_id`),
    itemId: sql.raw(`${table}.id`),
    itemType,
  });

const timeIn = (firmId: string, filters: ActivityFilters) =>
  activityConditions('time_entries', firmId, filters, { date: 'time_entry_date', feeEarner: null });
/** What the firm spent on a matter and cannot bill: approved, non-billable client expenses. */
const nonRecoverableExpensesIn = (firmId: string, filters: ActivityFilters) =>
  sql`${activityConditions('expenses', firmId, filters, { date: 'expense_date', feeEarner: null })}
    and not expenses.is_firm_expense and expenses.is_billable = ${NOT_BILLABLE} and expenses.approval_status = 'Approved'`;

/**
 * Every item behind a matter's figures: its time (billable or not: all of it costs what the entry
 * keeps, hours × its fee earner's cost rate on the day of the work, 0 without one), its flat fees,
 * and its non-recoverable expenses; time and flat fees with what their invoices billed and collected
 * (the invoices module's rule). The summary sums time by itself (withTime false). Descriptions only
 * when the rows are listed: without them the time is read from the firm's date index alone.
 */
const matterItems = (firmId: string, filters: ActivityFilters, { withDescriptions = false, withTime = true } = {}) => sql`
  select 'time' as kind, time_entries.id, time_entries.client_id, time_entries.matter_id, time_entries.user_id as fee_earner_id,
    time_entries.time_entry_date as activity_date, time_entries.created_at,
    ${withDescriptions ? sql`time_entries.description` : sql`null::text`} as description, time_entries.duration as hours,
    coalesce(time_entry_realised.billed, 0) as fees_billed, coalesce(time_entry_realised.collected, 0) as fees_collected,
    coalesce(time_entries.cost_amount, 0) as cost_of_time, 0 as expenses
  from time_entries
  left join lateral ${realised('time_entries', 'fee')} time_entry_realised on true
  where ${timeIn(firmId, filters)} ${withTime ? sql`` : sql`and false`}
  union all
  select 'flatFee', flat_fees.id, flat_fees.client_id, flat_fees.matter_id, flat_fees.user_id, flat_fees.flat_fee_date, flat_fees.created_at,
    flat_fees.description, null, coalesce(flat_fee_realised.billed, 0), coalesce(flat_fee_realised.collected, 0), 0, 0
  from flat_fees
  left join lateral ${realised('flat_fees', 'flatFee')} flat_fee_realised on true
  where ${activityConditions('flat_fees', firmId, filters, { date: 'flat_fee_date', feeEarner: null })}
  union all
  select 'expense', expenses.id, expenses.client_id, expenses.matter_id, expenses.added_by_user_id, expenses.expense_date, expenses.created_at,
    expenses.description, null, 0, 0, 0, expenses.home_amount
  from expenses
  where ${nonRecoverableExpensesIn(firmId, filters)}`;

const FIGURES = sql`coalesce(sum(item.hours), 0)::numeric(20, 4)::text as hours,
  coalesce(sum(item.fees_billed), 0)::numeric(20, 2)::text as "feesBilled",
  coalesce(sum(item.fees_collected), 0)::numeric(20, 2)::text as "feesCollected",
  coalesce(sum(item.cost_of_time), 0)::numeric(20, 2)::text as "costOfTime",
  coalesce(sum(item.expenses), 0)::numeric(20, 2)::text as expenses`;

export type ProfitabilityFigures = { hours: string; feesBilled: string; feesCollected: string; costOfTime: string; expenses: string };
export type ProfitabilityGroupRow = ProfitabilityFigures & { clientName: string; matterId: string; matterName: string };

/**
 * Each matter's figures, summed by matter before it is named: its time's hours and cost, its
 * non-recoverable expenses, and what the period's live invoice lines of time (a line carries its
 * entry's date and matter, frozen once billed) and its flat fees billed and collected — the same
 * figures as its items' (matterItems), without looking up a year of entries' lines one by one.
 */
export function findProfitabilityByMatter(tx: Tx, firmId: string, filters: ActivityFilters) {
  const timeLines = sql`select realised.matter_id, 0 as hours, realised.billed as fees_billed, realised.collected as fees_collected,
      0 as cost_of_time, 0 as expenses
    from ${realisedLinesIn(firmId, 'fee', filters)} realised
    join matters matter on matter.firm_id = ${firmId} and matter.id = realised.matter_id
    where ${matterScopeOf('matter', filters)}`;
  // A year's time is summed by matter straight off the firm's date index, not carried row by row through the items.
  const time = sql`select time_entries.matter_id, sum(time_entries.duration) as hours, 0 as fees_billed, 0 as fees_collected,
      coalesce(sum(time_entries.cost_amount), 0) as cost_of_time, 0 as expenses
    from time_entries where ${timeIn(firmId, filters)} group by time_entries.matter_id`;
  const items = sql`select item.matter_id, item.hours, item.fees_billed, item.fees_collected, item.cost_of_time, item.expenses
    from (${matterItems(firmId, filters, { withTime: false })}) item`;
  return rowsOf<ProfitabilityGroupRow>(
    tx.execute(sql`
      select client.display_name as "clientName", summed.matter_id as "matterId", ${matterNameOf('matter')} as "matterName",
        summed.hours, summed."feesBilled", summed."feesCollected", summed."costOfTime", summed.expenses
      from (
        select item.matter_id, ${FIGURES}
        from (${timeLines} union all ${time} union all ${items}) item
        group by item.matter_id
      ) summed
      join matters matter on matter.firm_id = ${firmId} and matter.id = summed.matter_id
      join clients client on client.firm_id = ${firmId} and client.id = matter.client_id
      order by client.display_name, matter.matter_name, summed.matter_id`),
  );
}

/**
 * The tie-outs' other side: Σ hours and Σ cost of the time (from the time day totals, or from the
 * entries when a client, matter or practice area narrows it, which the totals do not keep), Σ the
 * non-recoverable expenses, and the fee earners with time here that has no cost (no cost rate on its day).
 */
export async function sumProfitabilitySources(tx: Tx, firmId: string, filters: ActivityFilters) {
  const time = canDayTotalsAnswer(filters)
    ? sql`select day.fee_earner_id, sum(day.hours) as hours, sum(day.cost) as cost, sum(day.uncosted_hours) as uncosted_hours
        from time_entry_day_totals day where ${dayTotalsIn(firmId, filters)} group by day.fee_earner_id`
    : sql`select time_entries.user_id as fee_earner_id, sum(time_entries.duration) as hours, sum(time_entries.cost_amount) as cost,
          sum(time_entries.duration) filter (where time_entries.cost_amount is null) as uncosted_hours
        from time_entries where ${timeIn(firmId, filters)} group by time_entries.user_id`;
  const [[summed], [expenses]] = await Promise.all([
    rowsOf<{ hours: string; costOfTime: string; withoutCost: string[] }>(
      tx.execute(sql`select coalesce(sum(costed.hours), 0)::numeric(20, 4)::text as hours,
          coalesce(sum(costed.cost), 0)::numeric(20, 2)::text as "costOfTime",
          coalesce(array_agg(fee_earner.name order by fee_earner.name) filter (where costed.uncosted_hours > 0), '{}') as "withoutCost"
        from (${time}) costed join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = costed.fee_earner_id`),
    ),
    rowsOf<{ amount: string }>(
      tx.execute(sql`select coalesce(sum(home_amount), 0)::numeric(20, 2)::text as amount
        from expenses where ${nonRecoverableExpensesIn(firmId, filters)}`),
    ),
  ]);
  return { hours: summed!.hours, costOfTime: summed!.costOfTime, expenses: expenses!.amount, withoutCostRate: summed!.withoutCost };
}

export type ProfitabilityEntryRow = Omit<ProfitabilityFigures, 'hours'> & {
  /** null for a flat fee or an expense. */
  hours: string | null;
  kind: ProfitabilityKind;
  date: string;
  matterName: string;
  feeEarnerName: string;
  description: string;
};

/** The items behind a figure (the drill-down), oldest first, a page at a time, with their count and sums. */
export async function findProfitabilityEntries(
  tx: Tx,
  firmId: string,
  filters: ActivityFilters & { kind?: ProfitabilityKind | undefined },
  page: { size: number; offset: number },
) {
  const chosen = (withDescriptions: boolean) => sql`select * from (${matterItems(firmId, filters, { withDescriptions })}) item
    where ${filters.kind ?? null}::text is null or item.kind = ${filters.kind ?? null}`;
  const [rows, [summary]] = await Promise.all([
    rowsOf<ProfitabilityEntryRow>(
      tx.execute(sql`
        select item.kind, to_char(item.activity_date, 'YYYY-MM-DD') as date, ${matterNameOf('matter')} as "matterName",
          fee_earner.name as "feeEarnerName", item.description, item.hours::text as hours,
          item.fees_billed::numeric(20, 2)::text as "feesBilled", item.fees_collected::numeric(20, 2)::text as "feesCollected",
          item.cost_of_time::numeric(20, 2)::text as "costOfTime", item.expenses::numeric(20, 2)::text as expenses
        from (${chosen(true)}) item
        join matters matter on matter.firm_id = ${firmId} and matter.id = item.matter_id
        join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = item.fee_earner_id
        order by item.activity_date, item.kind, item.created_at, item.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<ProfitabilityFigures & { count: string }>(
      tx.execute(sql`select count(*)::text as count, ${FIGURES} from (${chosen(false)}) item`),
    ),
  ]);
  return { rows, count: Number(summary!.count), summary: summary! };
}
