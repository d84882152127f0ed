import { and, between, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { timeEntries } from '../../db/schema/index.ts';
import { IS_BILLABLE, TIME_ENTRY_STATUS } from '@matterhorn/shared';

type UnbilledRow = { time_zone: string; currency_symbol: string; hours: string; amount: string };

/**
 * The firm's time zone and home currency with the user's billable time not yet on an invoice
 * (status 3, no invoice), valued in the home currency, in one statement.
 */
export async function findUnbilledTime(tx: Tx, firmId: string, userId: string) {
  const result = await tx.execute(sql`
    select f.time_zone, coalesce(c.symbol, '') as currency_symbol, u.hours, u.amount
      from firms f
      left join currencies c on c.id = f.home_currency_id
     cross join lateral (
       select round(coalesce(sum(te.duration), 0), 4)::text as hours,
              round(coalesce(sum(te.home_total_amount), 0), 2)::text as amount
         from time_entries te
        where te.firm_id = f.id and te.user_id = ${userId} and te.deleted_at is null
          and te.is_billable = ${IS_BILLABLE.billable} and te.status = ${TIME_ENTRY_STATUS.unbilled}
          and te.invoice_id is null
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
