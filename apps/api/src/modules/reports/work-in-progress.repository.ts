import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { expenses, flatFees, timeEntries } from '../../db/schema/index.ts';
import { isUnbilledBillableExpense } from '../expenses/expenses.api.ts';
import { isBilledFlatFee } from '../flat-fees/flat-fees.api.ts';
import { isBilledTimeEntry } from '../time-entries/time-entries.api.ts';
import { activityConditions, matterNameOf, type ActivityFilters } from './report-filters.repository.ts';

export type WipFilters = ActivityFilters & {
  asOf: string;
  bucket?: string | undefined;
  kind?: string | undefined;
};

/**
 * Every unbilled item an invoice could take, in the firm's home currency: billable time not on an
 * issued invoice, approved billable client expenses not on one, flat fees not on one — each
 * module's own rule of "billed". The fee earner of an expense is whoever added it.
 */
function unbilledItems(firmId: string, filters: WipFilters): SQL {
  const live = (table: string, date: string, feeEarner: string) => activityConditions(table, firmId, filters, { date, feeEarner });
  return sql`
    select 'time' as kind, ${timeEntries.id} as id, ${timeEntries.clientId} as client_id, ${timeEntries.matterId} as matter_id,
      ${timeEntries.userId} as fee_earner_id, ${timeEntries.timeEntryDate} as activity_date, ${timeEntries.description} as description,
      ${timeEntries.duration} as hours, ${timeEntries.homeTotalAmount} as amount
    from ${timeEntries}
    where ${live('time_entries', 'time_entry_date', 'user_id')} and ${timeEntries.isBillable} = 4 and not ${isBilledTimeEntry}
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

/** Unbilled work by client, matter and fee earner, summed per age bucket: by ids first, then named. */
export async function findWipByMatterAndFeeEarner(tx: Tx, firmId: string, filters: WipFilters) {
  const inBucket = (bucket: string) =>
    sql`coalesce(sum(item.amount) filter (where ${bucketOf(filters.asOf)} = ${bucket}), 0)::numeric(20, 2)::text`;
  return rowsOf<WipGroupRow>(
    tx.execute(sql`
      select summed.client_id as "clientId", client.display_name as "clientName", summed.matter_id as "matterId",
        ${matterNameOf('matter')} as "matterName", summed.fee_earner_id as "feeEarnerId", fee_earner.name as "feeEarnerName",
        summed."days0To30", summed."days31To60", summed."days61To90", summed."days90Plus", summed.total
      from (
        select item.client_id, item.matter_id, item.fee_earner_id,
          ${inBucket('0-30')} as "days0To30", ${inBucket('31-60')} as "days31To60",
          ${inBucket('61-90')} as "days61To90", ${inBucket('90+')} as "days90Plus", sum(item.amount)::numeric(20, 2)::text as total
        from (${unbilledItems(firmId, filters)}) item
        group by item.client_id, item.matter_id, item.fee_earner_id
      ) summed
      join clients client on client.firm_id = ${firmId} and client.id = summed.client_id
      join matters matter on matter.firm_id = ${firmId} and matter.id = summed.matter_id
      join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = summed.fee_earner_id
      order by client.display_name, matter.matter_name, fee_earner.name, summed.fee_earner_id, summed.matter_id`),
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
 * The firm's (or one fee earner's) work in progress as of today, for the dashboard: unbilled billable
 * time from the time day totals, expenses and flat fees off their tables, each by its module's rule.
 * The report's entries total over the same items; the dashboard's test holds the two equal.
 */
export async function sumWorkInProgress(tx: Tx, firmId: string, feeEarnerId: string | undefined): Promise<string> {
  const live = (table: string, date: string, feeEarner: string) => activityConditions(table, firmId, { feeEarnerId }, { date, feeEarner });
  const [row] = await rowsOf<{ total: string }>(
    tx.execute(sql`select (
        coalesce((select sum(day.amount) from time_entry_day_totals day where day.firm_id = ${firmId} and day.is_billable = 4
          and not day.is_billed ${feeEarnerId ? sql`and day.fee_earner_id = ${feeEarnerId}` : sql``}), 0)
        + coalesce((select sum(${expenses.homeAmount}) from ${expenses}
          where ${live('expenses', 'expense_date', 'added_by_user_id')} and ${isUnbilledBillableExpense}), 0)
        + coalesce((select sum(${flatFees.amount}) from ${flatFees}
          where ${live('flat_fees', 'flat_fee_date', 'user_id')} and not ${isBilledFlatFee}), 0)
      )::numeric(20, 2)::text as total`),
  );
  return row!.total;
}
