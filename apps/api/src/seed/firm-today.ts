import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/database.ts';

/** The firm's date today (YYYY-MM-DD) in its own time zone, read inside its scope: demo data dated from it. */
export async function firmTodayOf(tx: Tx): Promise<string> {
  const [row] = await rowsOf<{ today: string }>(
    tx.execute(sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms`),
  );
  return row!.today;
}
