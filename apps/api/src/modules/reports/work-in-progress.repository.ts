import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { expenses, flatFees, timeEntries } from '../../db/schema/index.ts';
import { isUnbilledBillableExpense } from '../expenses/expenses.api.ts';
import { isBilledFlatFee } from '../flat-fees/flat-fees.api.ts';
import { canDayTotalsAnswer, dayTotalsIn, isBilledTimeEntry } from '../time-entries/time-entries.api.ts';
import { activityConditions, matterNameOf, namedMatterAndFeeEarnerGroups, type ActivityFilters } from './report-filters.repository.ts';

export type WipFilters = ActivityFilters & {
  asOf: string;
  bucket?: string | undefined;
  kind?: string | undefined;
};

/**
 * Every unbilled item an invoice could take, in the firm's home currency: billable time not on an
 * issued invoice, approved billable client expenses not on one, flat fees not on one — each
 * module's own rule of "billed". The fee earner of an expense is whoever added it. With
 * `timeByDay`, time comes as each fee earner's unbilled day from the time day totals (no entry,
 * client or matter: the summary by fee earner needs none).
 */
function unbilledItems(firmId: string, filters: ActivityFilters, { timeByDay = false } = {}): SQL {
  const live = (table: string, date: string, feeEarner: string) => activityConditions(table, firmId, filters, { date, feeEarner });
  const time = timeByDay
    ? sql`select 'time' as kind, null::uuid as id, null::uuid as client_id, null::uuid as matter_id, day.fee_earner_id,
          day.entry_date as activity_date, null as description, day.hours, day.amount
        from time_entry_day_totals day
        where ${dayTotalsIn(firmId, filters)} and day.is_billable = 4 and not day.is_billed and day.entries > 0`
    : sql`select 'time' as kind, ${timeEntries.id} as id, ${timeEntries.clientId} as client_id, ${timeEntries.matterId} as matter_id,
          ${timeEntries.userId} as fee_earner_id, ${timeEntries.timeEntryDate} as activity_date, ${timeEntries.description} as description,
          ${timeEntries.duration} as hours, ${timeEntries.homeTotalAmount} as amount
        from ${timeEntries}
        where ${live('time_entries', 'time_entry_date', 'user_id')} and ${timeEntries.isBillable} = 4 and not ${isBilledTimeEntry}`;
  return sql`
    ${time}
    union all
    select 'expense', ${expenses.id}, ${expenses.clientId}, ${expenses.matterId}, ${expenses.addedByUserId}, ${expenses.expenseDate},
      ${expenses.description}, null, ${expenses.homeAmount}
    from ${expenses}
    where ${live('expenses', 'expense_date', 'added_by_user_id')} and ${isUnbilledBillableExpense}
    union all
    select 'flatFee', ${flatFees.id}, ${flatFees.clientId}, ${flatFees.matterId}, ${flatFees.userId}, ${flatFees.flatFeeDate},
      ${flatFees.description}, null, ${flatFees.amount}
    from ${flatFees}
    where ${live('flat_fees', 'flat_fee_date', 'user_id')} and not ${isBilledFlatFee}`;
}

/** An item's age bucket by days from its activity date to the report's date (an entry dated later counts as 0–30). */
const bucketOf = (asOf: string) => sql`case
    when ${asOf}::date - item.activity_date <= 30 then '0-30'
    when ${asOf}::date - item.activity_date <= 60 then '31-60'
    when ${asOf}::date - item.activity_date <= 90 then '61-90'
    else '90+' end`;

export type WipGroupRow = {
  clientId: string;
  clientName: string;
  matterId: string;
  matterName: string;
  feeEarnerId: string;
  feeEarnerName: string;
  days0To30: string;
  days31To60: string;
  days61To90: string;
  days90Plus: string;
  total: string;
};

const inBucket = (asOf: string, bucket: string) =>
  sql`coalesce(sum(item.amount) filter (where ${bucketOf(asOf)} = ${bucket}), 0)::numeric(20, 2)::text`;
const bucketSums = (asOf: string) => sql`${inBucket(asOf, '0-30')} as "days0To30", ${inBucket(asOf, '31-60')} as "days31To60",
  ${inBucket(asOf, '61-90')} as "days61To90", ${inBucket(asOf, '90+')} as "days90Plus", sum(item.amount)::numeric(20, 2)::text as total`;

/**
 * Unbilled work by fee earner, summed per age bucket: time from the day totals, unless the filter
 * names a client, matter or practice area, which the totals do not keep.
 */
export function findWipByFeeEarner(tx: Tx, firmId: string, filters: WipFilters) {
  const timeByDay = canDayTotalsAnswer(filters);
  return rowsOf<Omit<WipGroupRow, 'clientId' | 'clientName' | 'matterId' | 'matterName'>>(
    tx.execute(sql`
      select summed.fee_earner_id as "feeEarnerId", fee_earner.name as "feeEarnerName",
        summed."days0To30", summed."days31To60", summed."days61To90", summed."days90Plus", summed.total
      from (
        select item.fee_earner_id, ${bucketSums(filters.asOf)}
        from (${unbilledItems(firmId, filters, { timeByDay })}) item
        group by item.fee_earner_id
      ) summed
      join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = summed.fee_earner_id
      order by fee_earner.name, summed.fee_earner_id`),
  );
}

/** Unbilled work by client, matter and fee earner, summed per age bucket: by ids first, then named. */
export async function findWipByMatterAndFeeEarner(tx: Tx, firmId: string, filters: WipFilters) {
  return rowsOf<WipGroupRow>(
    tx.execute(sql`
      select summed.client_id as "clientId", client.display_name as "clientName", summed.matter_id as "matterId",
        ${matterNameOf('matter')} as "matterName", summed.fee_earner_id as "feeEarnerId", fee_earner.name as "feeEarnerName",
        summed."days0To30", summed."days31To60", summed."days61To90", summed."days90Plus", summed.total
      from (
        select item.client_id, item.matter_id, item.fee_earner_id, ${bucketSums(filters.asOf)}
        from (${unbilledItems(firmId, filters)}) item
        group by item.client_id, item.matter_id, item.fee_earner_id
      ) summed
      ${namedMatterAndFeeEarnerGroups(firmId)}`),
  );
}

export type WipEntryRow = {
  kind: 'time' | 'expense' | 'flatFee';
  id: string;
  activityDate: string;
  clientName: string;
  matterName: string;
  feeEarnerName: string;
  description: string;
  hours: string | null;
  amount: string;
  ageDays: number;
};

/** The unbilled items themselves (the drill-down), oldest first, a page at a time, with their count and sum. */
export async function findWipEntries(tx: Tx, firmId: string, filters: WipFilters, page: { size: number; offset: number }) {
  const items = sql`select item.*, ${bucketOf(filters.asOf)} as bucket from (${unbilledItems(firmId, filters)}) item`;
  const chosen = sql`select * from (${items}) bucketed where (${filters.bucket ?? null}::text is null or bucketed.bucket = ${filters.bucket ?? null})
    and (${filters.kind ?? null}::text is null or bucketed.kind = ${filters.kind ?? null})`;
  const [rows, [summary]] = await Promise.all([
    rowsOf<WipEntryRow>(
      tx.execute(sql`
        select entry.kind, entry.id, to_char(entry.activity_date, 'YYYY-MM-DD') as "activityDate", client.display_name as "clientName",
          ${matterNameOf('matter')} as "matterName", fee_earner.name as "feeEarnerName",
          entry.description, entry.hours::numeric(20, 2)::text as hours, entry.amount::numeric(20, 2)::text as amount,
          (${filters.asOf}::date - entry.activity_date) as "ageDays"
        from (${chosen}) entry
        join clients client on client.firm_id = ${firmId} and client.id = entry.client_id
        join matters matter on matter.firm_id = ${firmId} and matter.id = entry.matter_id
        join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = entry.fee_earner_id
        order by entry.activity_date, entry.kind, entry.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<{ count: string; total: string; hours: string }>(
      tx.execute(sql`select count(*)::text as count, coalesce(sum(amount), 0)::numeric(20, 2)::text as total,
        coalesce(sum(hours), 0)::numeric(20, 2)::text as hours from (${chosen}) entry`),
    ),
  ]);
  return { rows, count: Number(summary!.count), total: summary!.total, hours: summary!.hours };
}

/** Σ unbilled items straight off each table, not through the grouping: the report's tie-out. */
export async function sumUnbilledItems(tx: Tx, firmId: string, filters: WipFilters): Promise<string> {
  const [row] = await rowsOf<{ total: string }>(
    tx.execute(sql`select coalesce(sum(amount), 0)::numeric(20, 2)::text as total from (${unbilledItems(firmId, filters)}) item`),
  );
  return row!.total;
}

/**
 * The firm's (or one fee earner's) work in progress, for the dashboard: the report's items, time from
 * the time day totals. The dashboard's test holds it equal to the report's total.
 */
export async function sumWorkInProgress(tx: Tx, firmId: string, feeEarnerId: string | undefined): Promise<string> {
  const [row] = await rowsOf<{ total: string }>(
    tx.execute(sql`select coalesce(sum(amount), 0)::numeric(20, 2)::text as total
      from (${unbilledItems(firmId, { feeEarnerId }, { timeByDay: true })}) item`),
  );
  return row!.total;
}
