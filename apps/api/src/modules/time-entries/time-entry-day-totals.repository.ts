import { sql, type SQL } from 'drizzle-orm';

/**
 * Reading the time day totals (migration 0068: each day's time per fee earner, billable or not,
 * billed or not, kept by the database). They keep no client, matter or practice area, so a filter
 * naming one must read the entries instead.
 */
export type DayTotalFilters = { from?: string | undefined; to?: string | undefined; feeEarnerId?: string | null | undefined };

export const canDayTotalsAnswer = (filters: {
  clientId?: unknown;
  matterId?: unknown;
  practiceAreaId?: unknown;
  noPracticeArea?: unknown;
}) => !(filters.clientId || filters.matterId || filters.practiceAreaId || filters.noPracticeArea);

/** The conditions on `time_entry_day_totals day`: the firm's days in the range, of the fee earner when one is named. */
export function dayTotalsIn(firmId: string, filters: DayTotalFilters): SQL {
  return sql.join(
    [
      sql`day.firm_id = ${firmId}`,
      filters.from ? sql`day.entry_date >= ${filters.from}` : undefined,
      filters.to ? sql`day.entry_date <= ${filters.to}` : undefined,
      filters.feeEarnerId ? sql`day.fee_earner_id = ${filters.feeEarnerId}` : undefined,
    ].filter((condition): condition is SQL => condition !== undefined),
    sql` and `,
  );
}
