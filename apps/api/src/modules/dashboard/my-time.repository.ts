import { and, between, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { timeEntries } from '../../db/schema/index.ts';
import { IS_BILLABLE } from '@matterhorn/shared';
import { isBilledTimeEntry } from '../time-entries/time-entries.api.ts';

type UnbilledRow = { time_zone: string; currency_symbol: string; hours: string; amount: string };

/**
 * The firm's time zone and home currency with the user's billable time not yet on an invoice
 * (the time-entries module's billed rule), valued in the home currency, in one statement.
 */
export async function findUnbilledTime(tx: Tx, firmId: string, userId: string) {
  const result = await tx.execute(sql`
    select f.time_zone, coalesce(c.symbol, '') as currency_symbol, u.hours, u.amount
      from firms f
      left join currencies c on c.id = f.home_currency_id
     cross join lateral (
       select round(coalesce(sum(time_entries.duration), 0), 4)::text as hours,
              round(coalesce(sum(time_entries.home_total_amount), 0), 2)::text as amount
         from time_entries
        where time_entries.firm_id = f.id and time_entries.user_id = ${userId} and time_entries.deleted_at is null
          and time_entries.is_billable = ${IS_BILLABLE.billable} and not ${isBilledTimeEntry}
     ) u
     where f.id = ${firmId}`);
  const [row] = (result as unknown as { rows: UnbilledRow[] }).rows;
  return row ? { timeZone: row.time_zone, currencySymbol: row.currency_symbol, hours: row.hours, amount: row.amount } : null;
}

/** The user's billable and non-billable hours per date between two dates (inclusive); dates without time are absent. */
export async function findHoursByDate(tx: Tx, firmId: string, userId: string, from: string, to: string) {
  const hoursWhere = (isBillable: number) =>
    sql<string>`round(coalesce(sum(${timeEntries.duration}) filter (where ${timeEntries.isBillable} = ${isBillable}), 0), 4)::text`;
  return tx
    .select({
      date: timeEntries.timeEntryDate,
      billableHours: hoursWhere(IS_BILLABLE.billable),
      nonBillableHours: hoursWhere(IS_BILLABLE.notBillable),
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.firmId, firmId),
        eq(timeEntries.userId, userId),
        isNull(timeEntries.deletedAt),
        between(timeEntries.timeEntryDate, from, to),
      ),
    )
    .groupBy(timeEntries.timeEntryDate);
}
