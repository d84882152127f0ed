import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { firmToday } from '../../platform/firm-clock.ts';

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
  /**
   * The calendar feeds also take the cancelled hearings in range (a deleted update's next hearing, or
   * one an edit took away), so subscribed calendars mark them cancelled instead of keeping them.
   */
  withCancelled?: boolean;
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
  /** When the hearing last changed (ISO): its last edit, or its delete. */
  updatedAt: string;
  /** The hearing's start as an instant (ISO), when it has a time. */
  startsAt: string | null;
  /** Its revision in the calendar feeds (SEQUENCE). */
  sequence: number;
  isCancelled: boolean;
};

const assignedTo = (userId: string) =>
  sql`exists (select 1 from matter_assignees a where a.firm_id = cu.firm_id and a.matter_id = cu.matter_id and a.user_id = ${userId})`;

type CourtOfHearing = Pick<HearingRow, 'courtName' | 'courtDivision' | 'courtAddress'>;

/** A hearing per court update, its date and time from the given columns: the next hearing, or the cancelled one. */
function hearingSelect(timeZone: string, part: { date: SQL; time: SQL; isCancelled: boolean; where: SQL[] }) {
  return sql`
    select cu.id as "courtUpdateId", ${part.date}::text as "date", to_char(${part.time}, 'HH24:MI') as "time",
      cu.next_adjourned_purpose as "purpose", cu.suit_number as "suitNumber", cu.judge, cu.court_id as "courtId",
      m.client_id as "clientId", m.client_name as "clientName", m.id as "matterId", m.matter_name as "matterName",
      m.matter_number as "matterNumber", to_json(greatest(cu.updated_at, cu.deleted_at)) #>> '{}' as "updatedAt",
      to_json((${part.date} + ${part.time}) at time zone ${timeZone}) #>> '{}' as "startsAt",
      cu.calendar_sequence as "sequence", ${sql.raw(part.isCancelled ? 'true' : 'false')} as "isCancelled"
    from court_updates cu
    join matters m on m.firm_id = cu.firm_id and m.id = cu.matter_id
    where ${sql.join(part.where, sql` and `)}`;
}

/**
 * Every hearing in range: each live court update (of a live matter and client) with a next
 * adjourned date is one hearing, even when a later court update of the same matter names another
 * date (both are shown: an adjournment is recorded by editing or deleting the older update).
 * With `withCancelled` (the feeds), the cancelled hearings in range come too, marked as such.
 *
 * Shaped for the firm's feed of 15,000 hearings (issue 17), as three reads whose plans do not hang
 * on statistics: the hearings with their matters (through the next-hearing index); the firm's few
 * courts, since a join to them led the planner to walk each court's whole history (it guesses a
 * court's share of hearings across all firms); and the fee earners of those matters by the
 * assignees' key, once per matter instead of once per hearing.
 */
export async function findHearings(tx: Tx, firmId: string, filter: HearingFilter): Promise<HearingRow[]> {
  const conditions: SQL[] = [sql`cu.firm_id = ${firmId}`, sql`m.deleted_at is null`, sql`m.client_deleted_at is null`];
  if (filter.assigneeUserId) conditions.push(assignedTo(filter.assigneeUserId));
  if (filter.feeEarnerId) conditions.push(assignedTo(filter.feeEarnerId));
  if (filter.courtId) conditions.push(sql`cu.court_id = ${filter.courtId}`);
  const inRange = (date: SQL) =>
    filter.toDate
      ? sql`${date} >= ${filter.fromDate}::date and ${date} <= ${filter.toDate}::date`
      : sql`${date} >= ${filter.fromDate}::date`;
  const live = hearingSelect(filter.timeZone, {
    date: sql`cu.next_adjourned_date`,
    time: sql`cu.next_adjourned_time`,
    isCancelled: false,
    where: [...conditions, sql`cu.deleted_at is null`, inRange(sql`cu.next_adjourned_date`)],
  });
  // The cancelled ones are read through their own index (court_updates_cancelled_hearing_idx), whose predicate this repeats.
  const cancelledDate = sql`coalesce(cu.next_adjourned_date, cu.cancelled_next_date)`;
  const cancelled = hearingSelect(filter.timeZone, {
    date: cancelledDate,
    time: sql`coalesce(cu.next_adjourned_time, cu.cancelled_next_time)`,
    isCancelled: true,
    where: [
      ...conditions,
      sql`(cu.deleted_at is not null or cu.next_adjourned_date is null)`,
      sql`${cancelledDate} is not null`,
      inRange(cancelledDate),
    ],
  });
  const hearings = await rowsOf<Omit<HearingRow, keyof CourtOfHearing | 'feeEarners'>>(
    tx.execute(
      filter.withCancelled
        ? sql`${live} union all ${cancelled} order by "date", "time" nulls last, "courtUpdateId"`
        : sql`${live} order by cu.next_adjourned_date, cu.next_adjourned_time nulls last, cu.id`,
    ),
  );
  if (hearings.length === 0) return [];
  const matterIds = [...new Set(hearings.map((hearing) => hearing.matterId))];
  const courts = await rowsOf<CourtOfHearing & { id: string }>(
    tx.execute(
      sql`select id, name as "courtName", division as "courtDivision", address as "courtAddress" from courts where firm_id = ${firmId}`,
    ),
  );
  const assignees = await rowsOf<{ matterId: string; userId: string; name: string }>(
    tx.execute(sql`select a.matter_id as "matterId", u.id as "userId", u.name
      from matter_assignees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
      where a.firm_id = ${firmId} and a.matter_id = any(${sql.param(matterIds)}::uuid[])
      order by u.name, u.id`),
  );
  const courtById = new Map(courts.map(({ id, ...court }) => [id, court]));
  const feeEarnersOf = new Map<string, HearingRow['feeEarners']>();
  for (const { matterId, userId, name } of assignees) {
    const earners = feeEarnersOf.get(matterId) ?? [];
    earners.push({ userId, name });
    feeEarnersOf.set(matterId, earners);
  }
  return hearings.map((hearing) => ({
    ...hearing,
    ...courtById.get(hearing.courtId)!,
    feeEarners: feeEarnersOf.get(hearing.matterId) ?? [],
  }));
}

/** The firm's name, time zone and today's date there. */
export async function findFirmCalendar(tx: Tx, firmId: string, now: Date = new Date()) {
  const result = await tx.execute(sql`
    select name, time_zone as "timeZone", ${firmToday(sql`time_zone`, now)}::text as "today"
    from firms where id = ${firmId}`);
  const row = (result as unknown as { rows: { name: string; timeZone: string; today: string }[] }).rows[0];
  return row ?? null;
}
