import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { calendarEventAttendees, calendarEvents, firms, matters, users } from '../../db/schema/index.ts';
import { receivesEmail } from '../../platform/notifications/email-opt-outs.ts';

export type EventRow = {
  id: string;
  title: string;
  kind: 'Meeting' | 'Deadline' | 'Consultation' | 'Other';
  matterId: string | null;
  matterName: string | null;
  clientName: string | null;
  location: string | null;
  videoLink: string | null;
  description: string | null;
  isAllDay: boolean;
  start: string;
  end: string;
  recurrence: string | null;
  reminderMinutesBefore: number | null;
  remindedThrough: string | null;
  createdByUserId: string;
  createdByName: string;
  updatedAt: string | Date;
  attendees: { id: string; name: string; email: string }[];
};

const EVENT_COLUMNS = sql`e.id, e.title, e.kind, e.matter_id as "matterId", m.matter_name as "matterName", m.client_name as "clientName",
  e.location, e.video_link as "videoLink", e.description, e.is_all_day as "isAllDay",
  to_char(e.start_local, 'YYYY-MM-DD"T"HH24:MI') as "start", to_char(e.end_local, 'YYYY-MM-DD"T"HH24:MI') as "end",
  e.recurrence, e.reminder_minutes_before as "reminderMinutesBefore",
  to_char(e.reminded_through_local, 'YYYY-MM-DD"T"HH24:MI') as "remindedThrough",
  e.created_by_user_id as "createdByUserId", creator.name as "createdByName", e.updated_at as "updatedAt",
  coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email) order by u.name)
      from calendar_event_attendees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
     where a.firm_id = e.firm_id and a.event_id = e.id), '[]'::json) as "attendees"`;

const EVENT_FROM = sql`calendar_events e
  left join matters m on m.firm_id = e.firm_id and m.id = e.matter_id
  join users creator on creator.firm_id = e.firm_id and creator.id = e.created_by_user_id`;

/** Events that may have an occurrence in [from, to) on the wall clock (a matter in the bin hides its events). */
export function findEventsInRange(tx: Tx, firmId: string, range: { from: string; to: string }, attendeeOrCreator: string | null) {
  return rowsOf<EventRow>(
    tx.execute(sql`select ${EVENT_COLUMNS} from ${EVENT_FROM}
      where e.firm_id = ${firmId} and (e.matter_id is null or m.deleted_at is null)
        and e.start_local < ${range.to}::timestamp and (e.last_end_local is null or e.last_end_local > ${range.from}::timestamp)
        ${
          attendeeOrCreator
            ? sql`and (e.created_by_user_id = ${attendeeOrCreator} or exists (select 1 from calendar_event_attendees a
                where a.firm_id = e.firm_id and a.event_id = e.id and a.user_id = ${attendeeOrCreator}))`
            : sql``
        }
      order by e.start_local, e.id`),
  );
}

export async function findEvent(tx: Tx, firmId: string, eventId: string, lock = false): Promise<EventRow | null> {
  if (lock)
    await tx
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.firmId, firmId), eq(calendarEvents.id, eventId)))
      .for('update');
  const [row] = await rowsOf<EventRow>(
    tx.execute(sql`select ${EVENT_COLUMNS} from ${EVENT_FROM}
      where e.firm_id = ${firmId} and e.id = ${eventId} and (e.matter_id is null or m.deleted_at is null)`),
  );
  return row ?? null;
}

export type EventValues = {
  title: string;
  kind: EventRow['kind'];
  matterId: string | null;
  location: string | null;
  videoLink: string | null;
  description: string | null;
  isAllDay: boolean;
  startLocal: string;
  endLocal: string;
  recurrence: string | null;
  lastEndLocal: string | null;
  reminderMinutesBefore: number | null;
};

export async function insertEvent(tx: Tx, firmId: string, userId: string, values: EventValues): Promise<string> {
  const [row] = await tx
    .insert(calendarEvents)
    .values({ firmId, createdByUserId: userId, ...values })
    .returning({ id: calendarEvents.id });
  return row!.id;
}

/** Changes the event; a change of timing or reminder starts its reminders over. */
export async function updateEvent(tx: Tx, firmId: string, eventId: string, values: Partial<EventValues>, resetReminders: boolean) {
  await tx
    .update(calendarEvents)
    .set({ ...values, ...(resetReminders ? { remindedThroughLocal: null } : {}), updatedAt: sql`now()` })
    .where(and(eq(calendarEvents.firmId, firmId), eq(calendarEvents.id, eventId)));
}

export async function deleteEvent(tx: Tx, firmId: string, eventId: string) {
  await tx.delete(calendarEvents).where(and(eq(calendarEvents.firmId, firmId), eq(calendarEvents.id, eventId)));
}

export async function replaceAttendees(tx: Tx, firmId: string, eventId: string, userIds: string[]) {
  await tx
    .delete(calendarEventAttendees)
    .where(and(eq(calendarEventAttendees.firmId, firmId), eq(calendarEventAttendees.eventId, eventId)));
  if (userIds.length > 0) await tx.insert(calendarEventAttendees).values(userIds.map((userId) => ({ firmId, eventId, userId })));
}

export async function findActiveMemberIds(tx: Tx, firmId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.firmId, firmId), inArray(users.id, userIds), eq(users.isActive, true)));
  return new Set(rows.map((row) => row.id));
}

export async function isLiveMatter(tx: Tx, firmId: string, matterId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: matters.id })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), sql`${matters.deletedAt} is null`));
  return Boolean(row);
}

export async function findFirmClock(tx: Tx, firmId: string) {
  const [row] = await tx.select({ name: firms.name, timeZone: firms.timeZone }).from(firms).where(eq(firms.id, firmId));
  return { name: row?.name ?? '', timeZone: row?.timeZone ?? 'UTC' };
}

/** Open tasks due in [from, to] (days), the member's or the firm's, as the calendar shows them. */
export function findTasksDue(tx: Tx, firmId: string, range: { from: string; to: string }, assignedTo: string | null) {
  return rowsOf<{
    id: string;
    title: string;
    dueDate: string;
    dueTime: string | null;
    status: 'To do' | 'In progress' | 'Done';
    priority: 'Low' | 'Normal' | 'High' | 'Urgent';
    matterId: string | null;
    matterName: string | null;
  }>(
    tx.execute(sql`select t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') as "dueDate", to_char(t.due_time, 'HH24:MI') as "dueTime",
        t.status, t.priority, t.matter_id as "matterId", m.matter_name as "matterName"
      from tasks t left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id
      where t.firm_id = ${firmId} and t.status <> 'Done' and t.due_date between ${range.from}::date and ${range.to}::date
        and (t.matter_id is null or m.deleted_at is null)
        ${
          assignedTo
            ? sql`and exists (select 1 from task_assignees a where a.firm_id = t.firm_id and a.task_id = t.id and a.user_id = ${assignedTo})`
            : sql``
        }
      order by t.due_date, t.due_time nulls first, t.id`),
  );
}

// Reminders.

export async function listFirmIds(tx: Tx): Promise<string[]> {
  return (await tx.select({ id: firms.id }).from(firms)).map((row) => row.id);
}

/** Events with a reminder that may still have an occurrence to remind, locked: one run reminds each occurrence. */
export function lockEventsToRemind(tx: Tx, firmId: string, wallNow: string) {
  return rowsOf<{ id: string }>(
    tx.execute(sql`select e.id from calendar_events e
      where e.firm_id = ${firmId} and e.reminder_minutes_before is not null
        and (e.last_end_local is null or e.last_end_local > ${wallNow}::timestamp)
      for update skip locked`),
  );
}

export async function markReminded(tx: Tx, firmId: string, eventId: string, occurrenceStart: string) {
  await tx.execute(sql`update calendar_events set reminded_through_local = ${occurrenceStart}::timestamp
    where firm_id = ${firmId} and id = ${eventId}`);
}

/** The event's attendees who want reminders (task reminders' choice covers events too). */
export function findRemindedAttendees(tx: Tx, firmId: string, eventId: string) {
  return rowsOf<{ name: string; email: string }>(
    tx.execute(sql`select u.name, u.email from calendar_event_attendees a join users u on u.firm_id = a.firm_id and u.id = a.user_id
      where a.firm_id = ${firmId} and a.event_id = ${eventId} and u.is_active and btrim(u.email) <> ''
        and ${receivesEmail('u', 'taskReminders')}`),
  );
}

/** The events a feed carries: those not over before `fromLocal`, everyone's or the member's. */
export function findFeedEvents(tx: Tx, firmId: string, fromLocal: string, attendeeOrCreator: string | null) {
  return rowsOf<EventRow>(
    tx.execute(sql`select ${EVENT_COLUMNS} from ${EVENT_FROM}
      where e.firm_id = ${firmId} and (e.matter_id is null or m.deleted_at is null)
        and (e.last_end_local is null or e.last_end_local >= ${fromLocal}::timestamp)
        and (e.recurrence is not null or e.end_local >= ${fromLocal}::timestamp)
        ${
          attendeeOrCreator
            ? sql`and (e.created_by_user_id = ${attendeeOrCreator} or exists (select 1 from calendar_event_attendees a
                where a.firm_id = e.firm_id and a.event_id = e.id and a.user_id = ${attendeeOrCreator}))`
            : sql``
        }
      order by e.start_local, e.id limit 5000`),
  );
}

/** The member's open tasks with a due day from `fromDate`, for their feed. */
export function findFeedTasks(tx: Tx, firmId: string, userId: string, fromDate: string) {
  return rowsOf<{
    id: string;
    title: string;
    dueDate: string;
    dueTime: string | null;
    matterName: string | null;
    updatedAt: string | Date;
  }>(
    tx.execute(sql`select t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') as "dueDate", to_char(t.due_time, 'HH24:MI') as "dueTime",
        m.matter_name as "matterName", t.updated_at as "updatedAt"
      from tasks t left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id
      where t.firm_id = ${firmId} and t.status <> 'Done' and t.due_date >= ${fromDate}::date and (t.matter_id is null or m.deleted_at is null)
        and exists (select 1 from task_assignees a where a.firm_id = t.firm_id and a.task_id = t.id and a.user_id = ${userId})
      order by t.due_date, t.id limit 5000`),
  );
}

/** The events a member attends that may have an occurrence in [from, to) on the wall clock: their busy time. */
export function findAttendedEventsInRange(tx: Tx, firmId: string, userId: string, range: { from: string; to: string }) {
  return rowsOf<{ id: string; start: string; end: string; isAllDay: boolean; recurrence: string | null }>(
    tx.execute(sql`select e.id, to_char(e.start_local, 'YYYY-MM-DD"T"HH24:MI') as "start", to_char(e.end_local, 'YYYY-MM-DD"T"HH24:MI') as "end",
        e.is_all_day as "isAllDay", e.recurrence
      from calendar_events e left join matters m on m.firm_id = e.firm_id and m.id = e.matter_id
      where e.firm_id = ${firmId} and (e.matter_id is null or m.deleted_at is null)
        and e.start_local < ${range.to}::timestamp and (e.last_end_local is null or e.last_end_local > ${range.from}::timestamp)
        and exists (select 1 from calendar_event_attendees a where a.firm_id = e.firm_id and a.event_id = e.id and a.user_id = ${userId})`),
  );
}
