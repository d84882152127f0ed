import type { WorkActivityKind } from '@matterhorn/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { firmTodayText, timeZoneOfFirm } from '../../platform/firm-clock.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type RecordedWork = {
  matterId: string;
  kind: WorkActivityKind;
  subject: string;
  seconds: number;
  /** The record worked on: repeated work on it the same day adds up in one row. */
  sourceId?: string | null;
  /** The day the work was done when it is not today (a call logged afterwards). */
  workDate?: string;
};

/**
 * One statement, in the caller's transaction: nothing when the firm has Suggested time off or the
 * member opted out. A document read in beats adds up in the day's one row for it.
 */
export async function insertWorkActivity(tx: Tx, firmId: string, userId: string, work: RecordedWork): Promise<void> {
  await tx.execute(sql`
    insert into work_activities (firm_id, user_id, matter_id, work_date, kind, subject, seconds, source_id)
    select f.id, ${userId}, ${work.matterId}, coalesce(${work.workDate ?? null}::date, (now() at time zone f.time_zone)::date), ${work.kind}, left(${work.subject}, 300),
           least(${work.seconds}, 86400), ${work.sourceId ?? null}
      from firms f
     where f.id = ${firmId} and f.suggests_time
       and not exists (select 1 from time_recording_preferences p
                        where p.firm_id = ${firmId} and p.user_id = ${userId} and not p.suggests_time)
    on conflict (firm_id, user_id, work_date, kind, source_id) where source_id is not null
    do update set seconds = least(work_activities.seconds + excluded.seconds, 86400), occurred_at = now()`);
}

export type WorkActionRow = {
  workDate: string;
  matterId: string;
  kind: WorkActivityKind;
  subject: string;
  seconds: number;
  firstAt: string;
};

/**
 * A member's actions per day and matter, each kind and subject once with its seconds summed, in the
 * order first done: the rows of work_activities, and the events with a matter the member attended
 * that have ended (an event's length; a repeating or all-day one is not counted).
 */
export async function findWorkActions(tx: Tx, firmId: string, userId: string, from: string, to: string): Promise<WorkActionRow[]> {
  const result = await tx.execute(sql`
    with actions as (
      select a.work_date, a.matter_id, a.kind, a.subject, a.seconds, a.occurred_at
        from work_activities a
       where a.firm_id = ${firmId} and a.user_id = ${userId} and a.work_date between ${from}::date and ${to}::date
      union all
      select e.start_local::date, e.matter_id, 'eventAttended', e.title,
             extract(epoch from e.end_local - e.start_local)::int, e.start_local at time zone ${timeZoneOfFirm(firmId)}
        from calendar_events e
        join calendar_event_attendees ea on ea.firm_id = e.firm_id and ea.event_id = e.id and ea.user_id = ${userId}
       where e.firm_id = ${firmId} and e.matter_id is not null and not e.is_all_day and e.recurrence is null
         and e.start_local >= ${from}::date and e.start_local < ${to}::date + 1
         and e.end_local <= now() at time zone ${timeZoneOfFirm(firmId)}
    )
    select to_char(work_date, 'YYYY-MM-DD') as "workDate", matter_id as "matterId", kind, subject,
           sum(seconds)::int as seconds, min(occurred_at)::text as "firstAt"
      from actions
     group by work_date, matter_id, kind, subject
     order by work_date, matter_id, min(occurred_at)`);
  return rowsOf<WorkActionRow>(result);
}

export type MatterDayFigure = { workDate: string; matterId: string; seconds: number };

/** Seconds of time the member has recorded per day and matter (what suggestions subtract). */
export async function findRecordedSeconds(tx: Tx, firmId: string, userId: string, from: string, to: string): Promise<MatterDayFigure[]> {
  const result = await tx.execute(sql`
    select to_char(t.time_entry_date, 'YYYY-MM-DD') as "workDate", t.matter_id as "matterId",
           round(sum(coalesce(t.recorded_duration, t.duration)) * 3600)::int as seconds
      from time_entries t
     where t.firm_id = ${firmId} and t.user_id = ${userId} and t.deleted_at is null
       and t.time_entry_date between ${from}::date and ${to}::date
     group by t.time_entry_date, t.matter_id`);
  return rowsOf<MatterDayFigure>(result);
}

/** Seconds of work settled (accepted or dismissed) per day and matter. */
export async function findSettledSeconds(tx: Tx, firmId: string, userId: string, from: string, to: string): Promise<MatterDayFigure[]> {
  const result = await tx.execute(sql`
    select to_char(d.work_date, 'YYYY-MM-DD') as "workDate", d.matter_id as "matterId", d.settled_seconds as seconds
      from time_suggestion_dismissals d
     where d.firm_id = ${firmId} and d.user_id = ${userId} and d.work_date between ${from}::date and ${to}::date`);
  return rowsOf<MatterDayFigure>(result);
}

/** Settles a day's suggestion for a matter at the seconds of work it held (never lower than before). */
export async function settleSuggestion(tx: Tx, firmId: string, userId: string, workDate: string, matterId: string, seconds: number) {
  await tx.execute(sql`
    insert into time_suggestion_dismissals (firm_id, user_id, work_date, matter_id, settled_seconds)
    values (${firmId}, ${userId}, ${workDate}, ${matterId}, ${seconds})
    on conflict (firm_id, user_id, work_date, matter_id)
    do update set settled_seconds = greatest(time_suggestion_dismissals.settled_seconds, excluded.settled_seconds), dismissed_at = now()`);
}

/** Two accepts of one day's suggestion wait for each other: the second sees the first's entry. */
export async function lockMemberDay(tx: Tx, firmId: string, userId: string, workDate: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`time-suggestions:${firmId}:${userId}:${workDate}`}, 0))`);
}

export type MatterReference = {
  id: string;
  matterName: string;
  matterNumber: string;
  clientId: string;
  clientName: string;
  isOpen: boolean;
};

/** The live matters named, with their clients: what suggestions show and entries are recorded on. */
export async function findMatters(tx: Tx, firmId: string, matterIds: string[]): Promise<MatterReference[]> {
  if (matterIds.length === 0) return [];
  const result = await tx.execute(sql`
    select m.id, m.matter_name as "matterName", coalesce(m.matter_number, '') as "matterNumber", m.client_id as "clientId",
           m.client_name as "clientName", m.status <> 'Closed' as "isOpen"
      from matters m
     where m.firm_id = ${firmId} and m.deleted_at is null and m.id in (${sql.join(
       matterIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  return rowsOf<MatterReference>(result);
}

export type ActivityTypeReference = { id: string; activityType: string; utbmsCode: string | null };

export async function findActivityTypes(tx: Tx, firmId: string): Promise<ActivityTypeReference[]> {
  const result = await tx.execute(sql`
    select a.id, a.activity_type as "activityType", a.utbms_code as "utbmsCode"
      from activity_types a where a.firm_id = ${firmId} and a.deleted_at is null order by a.created_at, a.id`);
  return rowsOf<ActivityTypeReference>(result);
}

export type SuggestionSettings = { billingIncrement: string; firmSuggestsTime: boolean; userSuggestsTime: boolean; today: string };

export async function findSuggestionSettings(tx: Tx, firmId: string, userId: string): Promise<SuggestionSettings | null> {
  const result = await tx.execute(sql`
    select f.billing_increment::text as "billingIncrement", f.suggests_time as "firmSuggestsTime",
           coalesce(p.suggests_time, true) as "userSuggestsTime", ${firmTodayText(sql`f.time_zone`)} as today
      from firms f
      left join time_recording_preferences p on p.firm_id = f.id and p.user_id = ${userId}
     where f.id = ${firmId}`);
  return rowsOf<SuggestionSettings>(result)[0] ?? null;
}

export type Preferences = { bareNumberUnit: 'hours' | 'minutes'; suggestsTime: boolean; firmSuggestsTime: boolean };

export async function findPreferences(tx: Tx, firmId: string, userId: string): Promise<Preferences> {
  const result = await tx.execute(sql`
    select coalesce(p.bare_number_unit, 'hours') as "bareNumberUnit", coalesce(p.suggests_time, true) as "suggestsTime",
           f.suggests_time as "firmSuggestsTime"
      from firms f
      left join time_recording_preferences p on p.firm_id = f.id and p.user_id = ${userId}
     where f.id = ${firmId}`);
  return rowsOf<Preferences>(result)[0] ?? { bareNumberUnit: 'hours', suggestsTime: true, firmSuggestsTime: false };
}

export async function savePreferences(tx: Tx, firmId: string, userId: string, preferences: Omit<Preferences, 'firmSuggestsTime'>) {
  await tx.execute(sql`
    insert into time_recording_preferences (firm_id, user_id, bare_number_unit, suggests_time)
    values (${firmId}, ${userId}, ${preferences.bareNumberUnit}, ${preferences.suggestsTime})
    on conflict (firm_id, user_id) do update set bare_number_unit = excluded.bare_number_unit, suggests_time = excluded.suggests_time`);
}

/** An opt-out forgets: the member's recorded work and settled suggestions go. */
export async function deleteMemberWork(tx: Tx, firmId: string, userId: string) {
  await tx.execute(sql`delete from work_activities where firm_id = ${firmId} and user_id = ${userId}`);
  await tx.execute(sql`delete from time_suggestion_dismissals where firm_id = ${firmId} and user_id = ${userId}`);
}

/** The firm switched Suggested time off: everyone's recorded work goes. */
export async function deleteFirmWork(tx: Tx, firmId: string) {
  await tx.execute(sql`delete from work_activities where firm_id = ${firmId}`);
  await tx.execute(sql`delete from time_suggestion_dismissals where firm_id = ${firmId}`);
}

/**
 * Work older than the retention (by the firm's calendar) is deleted, a batch at a time. The cutoff is
 * read first and compared as a date: compared with an expression of now() and the firm's time zone,
 * work_date cannot bound the index scan and every row of the firm is read to find the old ones.
 */
export async function deleteWorkBefore(tx: Tx, firmId: string, days: number, batch: number): Promise<number> {
  const [{ cutoff }] = rowsOf<{ cutoff: string }>(
    await tx.execute(sql`select to_char((now() at time zone ${timeZoneOfFirm(firmId)})::date - ${days}::int, 'YYYY-MM-DD') as cutoff`),
  ) as [{ cutoff: string }];
  const result = await tx.execute(sql`
    with old as (
      select id from work_activities where firm_id = ${firmId} and work_date < ${cutoff}::date limit ${batch}
    )
    delete from work_activities a using old where a.id = old.id`);
  await tx.execute(sql`delete from time_suggestion_dismissals where firm_id = ${firmId} and work_date < ${cutoff}::date`);
  return (
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0
  );
}

/** A document's matter and name, for a reading beat: null when it is not the firm's, is deleted or is on no matter. */
export async function findDocumentOnMatter(tx: Tx, firmId: string, documentId: string) {
  const result = await tx.execute(sql`
    select d.matter_id as "matterId", d.name from documents d
     where d.firm_id = ${firmId} and d.id = ${documentId} and d.deleted_at is null`);
  return rowsOf<{ matterId: string | null; name: string }>(result)[0] ?? null;
}
