import { sql } from 'drizzle-orm';
import type { LeadSource, LeadStatus } from '@matterhorn/shared';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firmDateOf, timeZoneOfFirm } from '../../platform/firm-clock.ts';

/** The firm's live leads that came in between from and to (their day on the firm's clock). */
const inRange = (firmId: string, range: { from: string; to: string }) => {
  const day = firmDateOf(sql`l.created_at`, timeZoneOfFirm(firmId));
  return sql`l.firm_id = ${firmId} and l.deleted_at is null and ${day} between ${range.from}::date and ${range.to}::date`;
};

/** How many leads of each source are in each status. */
export function countLeadsBySourceAndStatus(tx: Tx, firmId: string, range: { from: string; to: string }) {
  return rowsOf<{ source: LeadSource; status: LeadStatus; count: number }>(
    tx.execute(sql`select l.source, l.status, count(*)::int as count from leads l where ${inRange(firmId, range)}
      group by l.source, l.status`),
  );
}

/** Each engaged lead's whole days from its arrival to its engagement (both on the firm's clock). */
export function findDaysToEngagement(tx: Tx, firmId: string, range: { from: string; to: string }) {
  const zone = timeZoneOfFirm(firmId);
  return rowsOf<{ source: LeadSource; days: number }>(
    tx.execute(sql`select l.source, (${firmDateOf(sql`l.engaged_at`, zone)} - ${firmDateOf(sql`l.created_at`, zone)})::int as days
      from leads l where ${inRange(firmId, range)} and l.status = 'engaged' and l.engaged_at is not null`),
  );
}

/** The leads in the range, counted on their own (the report's tie-out). */
export async function countLeads(tx: Tx, firmId: string, range: { from: string; to: string }): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    tx.execute(sql`select count(*)::int as count from leads l where ${inRange(firmId, range)}`),
  );
  return row?.count ?? 0;
}
