import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/database.ts';
import { firms } from '../db/schema/index.ts';

/**
 * "The firm's today": the calendar day in the firm's own time zone (`firms.time_zone`, an IANA
 * name), never the database server's or this process's. A Lagos firm's invoice issued at 00:30 is
 * dated that day, not the day before in UTC; due dates, "overdue", entry dates and upcoming court
 * dates all turn on it. `now()` is the transaction's start, so every statement of one transaction
 * agrees on the day.
 */

/** The moment "now" means: the transaction's start, or a given instant (a job's run, a test's clock). */
const momentOf = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** The firm's calendar date of a moment (a `timestamptz` column), as an SQL date. */
export const firmDateOf = (moment: SQLWrapper, timeZone: SQLWrapper): SQL<string> =>
  sql<string>`(${moment} at time zone ${timeZone})::date`;

/** The firm's today as an SQL date, inside a statement that reads the firm's `time_zone`. */
export const firmToday = (timeZone: SQLWrapper, now?: Date): SQL<string> => firmDateOf(momentOf(now), timeZone);

/** The firm's today as YYYY-MM-DD text, as the API answers dates. */
export const firmTodayText = (timeZone: SQLWrapper, now?: Date): SQL<string> =>
  sql<string>`to_char(${firmToday(timeZone, now)}, 'YYYY-MM-DD')`;

/** The time zone of the firm a row belongs to, for a statement that does not read the firm's row. */
export const timeZoneOfFirm = (firmId: SQLWrapper | string): SQL<string> =>
  sql<string>`coalesce((select zone.time_zone from ${firms} zone where zone.id = ${firmId}), 'UTC')`;

/** The firm's today, YYYY-MM-DD. */
export async function findFirmToday(tx: Tx, firmId: string, now?: Date): Promise<string> {
  const [row] = await tx
    .select({ today: firmTodayText(firms.timeZone, now) })
    .from(firms)
    .where(eq(firms.id, firmId));
  if (!row) throw new Error('The firm of this transaction was not found');
  return row.today;
}

/** The firm's time zone (an IANA name), for what is written outside SQL (a CSV's moments). */
export async function findFirmTimeZone(tx: Tx, firmId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: firms.timeZone }).from(firms).where(eq(firms.id, firmId));
  return row?.timeZone ?? 'UTC';
}

/**
 * Every firm's today (YYYY-MM-DD) and hour at `now` in its own time zone: what a periodic job reads
 * to act on each firm at its own time of day (in the identity-lookup scope: firms only).
 */
export function listFirmClocks(tx: Tx, now: Date) {
  return rowsOf<{ firmId: string; timeZone: string; today: string; hour: number }>(
    tx.execute(sql`select id as "firmId", time_zone as "timeZone", ${firmTodayText(sql`time_zone`, now)} as "today",
        extract(hour from ${now.toISOString()}::timestamptz at time zone time_zone)::int as "hour"
      from firms order by id`),
  );
}
