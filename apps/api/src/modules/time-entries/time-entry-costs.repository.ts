import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

/**
 * Costs a fee earner's time worked from a day again (every entry, live or deleted, so a restored
 * entry carries its day's cost), after their cost rate from that day was set: the database's one rule
 * of an entry's cost (migration 0072's time_entry_cost_on), which also costs each entry as it is saved.
 * The day totals follow through their trigger. Only changed costs are written.
 */
export async function recostTimeFrom(tx: Tx, firmId: string, feeEarnerId: string, from: string): Promise<void> {
  await tx.execute(sql`
    update time_entries set cost_amount = time_entry_cost_on(firm_id, user_id, time_entry_date, duration)
    where firm_id = ${firmId} and user_id = ${feeEarnerId} and time_entry_date >= ${from}
      and cost_amount is distinct from time_entry_cost_on(firm_id, user_id, time_entry_date, duration)`);
}
