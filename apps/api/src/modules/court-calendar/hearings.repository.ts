import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

/** Which hearings to read: a date range (toDate null = no end) and the optional filters. */
export type HearingFilter = {
  fromDate: string;
  toDate: string | null;
  /** Only matters this user is assigned to ('mine'). */
  assigneeUserId?: string;
  /** Only matters this fee earner is assigned to (the calendar's filter). */
  feeEarnerId?: string;
  courtId?: string;
  /** The firm's IANA time zone: a hearing's date and time are wall-clock times there. */
  timeZone: string;
};

export type HearingRow = {
  courtUpdateId: string;
  date: string;
  time: string | null;
  purpose: string | null;
  suitNumber: string;
  judge: string | null;
  courtId: string;
  courtName: string;
  courtDivision: string | null;
  courtAddress: string | null;
  clientId: string;
  clientName: string;
  matterId: string;
  matterName: string;
  matterNumber: string | null;
  feeEarners: { userId: string; name: string }[];
  updatedAt: string;
  /** The hearing's start as an instant (ISO), when it has a time. */
  startsAt: string | null;
};

const assignedTo = (userId: string) =>
  sql`exists (select 1 from matter_assignees a where a.firm_id = cu.firm_id and a.matter_id = cu.matter_id and a.user_id = ${userId})`;

/**
 * Every hearing in range: each live court update (of a live matter and client) with a next
 * adjourned date is one hearing, even when a later court update of the same matter names another
 * date (both are shown: an adjournment is recorded by editing or deleting the older update).
 * One statement: the matter's assignees are aggregated in SQL, never fetched per hearing.
 */
export async function findHearings(tx: Tx, firmId: string, filter: HearingFilter): Promise<HearingRow[]> {
  const conditions: SQL[] = [
    sql`cu.firm_id = ${firmId}`,
    sql`cu.deleted_at is null`,
    sql`cu.next_adjourned_date >= ${filter.fromDate}::date`,
    sql`m.deleted_at is null`,
    sql`m.client_deleted_at is null`,
  ];
  if (filter.toDate) conditions.push(sql`cu.next_adjourned_date <= ${filter.toDate}::date`);
  if (filter.assigneeUserId) conditions.push(assignedTo(filter.assigneeUserId));
  if (filter.feeEarnerId) conditions.push(assignedTo(filter.feeEarnerId));
  if (filter.courtId) conditions.push(sql`cu.court_id = ${filter.courtId}`);
  const result = await tx.execute(sql`
    select cu.id as "courtUpdateId", cu.next_adjourned_date::text as "date",
      to_char(cu.next_adjourned_time, 'HH24:MI') as "time", cu.next_adjourned_purpose as "purpose",
      cu.suit_number as "suitNumber", cu.judge, c.id as "courtId", c.name as "courtName",
      c.division as "courtDivision", c.address as "courtAddress", m.client_id as "clientId",
      m.client_name as "clientName", m.id as "matterId", m.matter_name as "matterName",
      m.matter_number as "matterNumber", to_json(cu.updated_at) #>> '{}' as "updatedAt",
      to_json((cu.next_adjourned_date + cu.next_adjourned_time) at time zone ${filter.timeZone}) #>> '{}' as "startsAt",
      coalesce((
        select json_agg(json_build_object('userId', u.id, 'name', u.name) order by u.name, u.id)
        from matter_assignees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
        where a.firm_id = cu.firm_id and a.matter_id = cu.matter_id
      ), '[]'::json) as "feeEarners"
    from court_updates cu
    join matters m on m.firm_id = cu.firm_id and m.id = cu.matter_id
    join courts c on c.firm_id = cu.firm_id and c.id = cu.court_id
    where ${sql.join(conditions, sql` and `)}
    order by cu.next_adjourned_date, cu.next_adjourned_time nulls last, cu.id`);
  return (result as unknown as { rows: HearingRow[] }).rows;
}

/** The firm's name, time zone and today's date there. */
export async function findFirmCalendar(tx: Tx, firmId: string, now: Date = new Date()) {
  const result = await tx.execute(sql`
    select name, time_zone as "timeZone", (${now.toISOString()}::timestamptz at time zone time_zone)::date::text as "today"
    from firms where id = ${firmId}`);
  const row = (result as unknown as { rows: { name: string; timeZone: string; today: string }[] }).rows[0];
  return row ?? null;
}
