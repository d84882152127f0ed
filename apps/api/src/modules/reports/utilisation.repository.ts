import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { dayTotalsIn } from '../time-entries/time-entries.api.ts';
import { activityConditions } from './report-filters.repository.ts';

/** SPEC.md §9: a time entry's is_billable, 4 billable. */
const BILLABLE = 4;

export type UtilisationFilters = { from: string; to: string; feeEarnerId?: string | undefined };

/** The fee earners of a period: everyone with a time entry (billable or not) dated in it, from the day totals. */
const feeEarnersOf = (firmId: string, filters: UtilisationFilters) => sql`
  select day.fee_earner_id as id from time_entry_day_totals day where ${dayTotalsIn(firmId, filters)}
  group by day.fee_earner_id having sum(day.entries) > 0`;

/** A fee earner's hours on a working day: their own, else the firm's (8 unless the firm set another). */
const hoursPerDay = sql`coalesce(fee_earner.available_hours_per_day, firm.available_hours_per_day)`;

/** How many of the firm's working days (ISO weekdays) lie from one day to another, both included. */
const workingDaysBetween = (
  from: unknown,
  to: unknown,
) => sql`(select count(*) from generate_series(${from}::date::timestamp, ${to}::date::timestamp,
    interval '1 day') as day where extract(isodow from day)::int = any(firm.working_days))`;

export type UtilisationRow = {
  month: string;
  periodFrom: string;
  periodTo: string;
  feeEarnerId: string;
  feeEarnerName: string;
  workingDays: string;
  availableHours: string;
  billableHours: string;
};

/**
 * Each fee earner's month in the range (only the part of a month the range covers): the firm's
 * working days in it, the hours they were available, and their billable hours, from the time day
 * totals (the tie-out holds them to the entries themselves).
 */
export function findUtilisationByMonth(tx: Tx, firmId: string, filters: UtilisationFilters) {
  return rowsOf<UtilisationRow>(
    tx.execute(sql`
      with months as (
        select month::date as month_start,
          greatest(month::date, ${filters.from}::date) as period_from,
          least((month + interval '1 month' - interval '1 day')::date, ${filters.to}::date) as period_to
        from generate_series(date_trunc('month', ${filters.from}::timestamp), ${filters.to}::timestamp, interval '1 month') as month
      ), billable as (
        select date_trunc('month', day.entry_date)::date as month_start, day.fee_earner_id, sum(day.hours) as hours
        from time_entry_day_totals day
        where ${dayTotalsIn(firmId, filters)} and day.is_billable = ${BILLABLE}
        group by 1, 2
      )
      select to_char(months.month_start, 'YYYY-MM') as month, to_char(months.period_from, 'YYYY-MM-DD') as "periodFrom",
        to_char(months.period_to, 'YYYY-MM-DD') as "periodTo", fee_earner.id as "feeEarnerId", fee_earner.name as "feeEarnerName",
        working.days::text as "workingDays", (working.days * ${hoursPerDay})::numeric(20, 4)::text as "availableHours",
        coalesce(billable.hours, 0)::numeric(20, 4)::text as "billableHours"
      from months
      join firms firm on firm.id = ${firmId}
      cross join lateral (select ${workingDaysBetween(sql`months.period_from`, sql`months.period_to`)} as days) working
      join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id in (${feeEarnersOf(firmId, filters)})
      left join billable on billable.month_start = months.month_start and billable.fee_earner_id = fee_earner.id
      order by months.month_start, fee_earner.name, fee_earner.id`),
  );
}

/**
 * The tie-outs' other side, not month by month: Σ billable hours of the time entries in the range
 * straight off the table, and Σ available hours of the period's fee earners over the whole range.
 */
export async function sumUtilisationWhole(tx: Tx, firmId: string, filters: UtilisationFilters) {
  const [row] = await rowsOf<{ billableHours: string; availableHours: string }>(
    tx.execute(sql`
      select (select coalesce(sum(duration), 0) from time_entries
          where ${activityConditions('time_entries', firmId, filters, { date: 'time_entry_date', feeEarner: 'user_id' })}
            and is_billable = ${BILLABLE})::numeric(20, 4)::text as "billableHours",
        (select coalesce(sum(${workingDaysBetween(filters.from, filters.to)} * ${hoursPerDay}), 0)
          from users fee_earner join firms firm on firm.id = fee_earner.firm_id
          where fee_earner.firm_id = ${firmId} and fee_earner.id in (${feeEarnersOf(firmId, filters)}))::numeric(20, 4)::text as "availableHours"`),
  );
  return row!;
}

export type UtilisationEntryRow = {
  date: string;
  feeEarnerName: string;
  clientName: string;
  matterName: string;
  description: string;
  hours: string;
};

/** The billable time behind a figure (the drill-down), oldest first, a page at a time, with its count and hours. */
export async function findUtilisationEntries(tx: Tx, firmId: string, filters: UtilisationFilters, page: { size: number; offset: number }) {
  const where = sql`${activityConditions('time_entries', firmId, filters, { date: 'time_entry_date', feeEarner: 'user_id' })}
    and time_entries.is_billable = ${BILLABLE}`;
  const [rows, [summary]] = await Promise.all([
    rowsOf<UtilisationEntryRow>(
      tx.execute(sql`
        select to_char(time_entries.time_entry_date, 'YYYY-MM-DD') as date, fee_earner.name as "feeEarnerName",
          client.display_name as "clientName", coalesce(matter.matter_number || ' ', '') || matter.matter_name as "matterName",
          time_entries.description, time_entries.duration::text as hours
        from time_entries
        join clients client on client.firm_id = ${firmId} and client.id = time_entries.client_id
        join matters matter on matter.firm_id = ${firmId} and matter.id = time_entries.matter_id
        join users fee_earner on fee_earner.firm_id = ${firmId} and fee_earner.id = time_entries.user_id
        where ${where}
        order by time_entries.time_entry_date, fee_earner.name, time_entries.created_at, time_entries.id
        limit ${page.size} offset ${page.offset}`),
    ),
    rowsOf<{ count: string; hours: string }>(
      tx.execute(sql`select count(*)::text as count, coalesce(sum(duration), 0)::numeric(20, 4)::text as hours
        from time_entries where ${where}`),
    ),
  ]);
  return { rows, count: Number(summary!.count), hours: summary!.hours };
}
