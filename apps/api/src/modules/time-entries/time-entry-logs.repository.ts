import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { matters, timeEntryLogs, timers } from '../../db/schema/index.ts';
import { findCurrentTimer, lockMemberTimers, pauseRunningTimer, secondsOf } from './timers.repository.ts';

/** The timer as the database sees it: whole seconds recorded and whether a log is open. */
export type TimerState = { seconds: number; isStarted: boolean };

type TimerRow = { seconds: number | string | null; is_started: boolean | null; is_stale?: boolean | null };

/** The logs of the member's current timer: what SPEC's four calls read (issue 44 gives a member several). */
const currentTimerLogs = (firmId: string, userId: string) => sql`time_entry_logs l
  join timers t on t.firm_id = l.firm_id and t.id = l.timer_id
 where t.firm_id = ${firmId} and t.user_id = ${userId} and t.is_current`;

const rowsOf = (result: unknown) => (result as { rows: TimerRow[] }).rows;

const stateOf = (row: TimerRow | undefined): TimerState => ({
  seconds: Number(row?.seconds ?? 0),
  isStarted: Boolean(row?.is_started),
});

/** The current timer: SPEC's total. */
export async function findTimerState(tx: Tx, firmId: string, userId: string): Promise<TimerState> {
  const result = await tx.execute(sql`
    select ${secondsOf} as seconds, coalesce(bool_or(l.paused_at is null), false) as is_started
      from ${currentTimerLogs(firmId, userId)}`);
  return stateOf(rowsOf(result)[0]);
}

/** Every timer of the member together: what deactivating them hands over. */
export async function findAllTimersState(tx: Tx, firmId: string, userId: string): Promise<TimerState> {
  const result = await tx.execute(sql`
    select ${secondsOf} as seconds, coalesce(bool_or(l.paused_at is null), false) as is_started
      from time_entry_logs l
     where l.firm_id = ${firmId} and l.user_id = ${userId}`);
  return stateOf(rowsOf(result)[0]);
}

/**
 * Opens a log on the current timer unless one is open, and answers the new total in the same
 * statement. The log goes on the current timer, or on a new one when none is current (the table's
 * trigger files it). The partial unique index (one open log per user) turns a double click, or
 * twenty, into one log. The select sees the snapshot from before the insert, so a log (or timer)
 * this statement made adds 0 seconds, which is right. `is_stale` flags the one case the snapshot
 * cannot answer: another request opened the log after this statement began, so nothing was
 * inserted yet no open log is visible.
 */
export async function startTimer(tx: Tx, firmId: string, userId: string): Promise<TimerState & { isStale: boolean }> {
  await lockMemberTimers(tx, firmId, userId);
  const result = await tx.execute(sql`
    with opened as (
      insert into time_entry_logs (firm_id, user_id) values (${firmId}, ${userId})
      on conflict (firm_id, user_id) where paused_at is null do nothing
      returning id
    )
    select ${secondsOf} as seconds,
           (exists (select 1 from opened) or coalesce(bool_or(l.paused_at is null), false)) as is_started,
           (not exists (select 1 from opened) and not coalesce(bool_or(l.paused_at is null), false)) as is_stale
      from ${currentTimerLogs(firmId, userId)}`);
  const row = rowsOf(result)[0];
  return { ...stateOf(row), isStale: Boolean(row?.is_stale) };
}

/**
 * Closes the open log (if any) at now() and answers the new total in the same statement. The
 * snapshot still sees the log open, and coalesce(paused_at, now()) then equals what was stored.
 * `is_stale` flags a log closed by a concurrent pause after this statement began.
 */
export async function pauseTimer(tx: Tx, firmId: string, userId: string): Promise<TimerState & { isStale: boolean }> {
  await lockMemberTimers(tx, firmId, userId);
  const result = await tx.execute(sql`
    with closed as (
      update time_entry_logs set paused_at = now()
       where firm_id = ${firmId} and user_id = ${userId} and paused_at is null
      returning id
    )
    select ${secondsOf} as seconds,
           false as is_started,
           (not exists (select 1 from closed) and coalesce(bool_or(l.paused_at is null), false)) as is_stale
      from ${currentTimerLogs(firmId, userId)}`);
  const row = rowsOf(result)[0];
  return { ...stateOf(row), isStale: Boolean(row?.is_stale) };
}

/**
 * Discards the current timer and its logs (its time): the header returns to idle, the member's
 * other timers stay. delete-time-entry-logs and saving a time entry from the timer call it.
 */
export async function deleteTimerLogs(tx: Tx, firmId: string, userId: string): Promise<void> {
  await lockMemberTimers(tx, firmId, userId);
  await tx.delete(timers).where(and(eq(timers.firmId, firmId), eq(timers.userId, userId), eq(timers.isCurrent, true)));
}

export type TimerSubject = { matterId: string; matterName: string; clientId: string; description: string };

/** What the current timer runs for (a matter and its words), or null; a matter in the recycle bin holds none. */
export async function findTimerSubject(tx: Tx, firmId: string, userId: string): Promise<TimerSubject | null> {
  const [row] = await tx
    .select({
      matterId: matters.id,
      matterName: matters.matterName,
      clientId: matters.clientId,
      description: timers.description,
    })
    .from(timers)
    .innerJoin(matters, and(eq(matters.firmId, timers.firmId), eq(matters.id, timers.matterId)))
    .where(and(eq(timers.firmId, firmId), eq(timers.userId, userId), eq(timers.isCurrent, true), sql`${matters.deletedAt} is null`));
  return row ?? null;
}

/**
 * Hands a departing member's timers to a colleague (team deactivation): an open log is closed now,
 * and every log of every timer moves to the colleague's current timer (made if they have none),
 * whose total grows by that time for them to record. Without a colleague the timers stay, stopped.
 */
export async function handTimerOver(tx: Tx, firmId: string, fromUserId: string, toUserId: string | null): Promise<number> {
  await lockMemberTimers(tx, firmId, fromUserId);
  await pauseRunningTimer(tx, firmId, fromUserId);
  const { seconds } = await findAllTimersState(tx, firmId, fromUserId);
  if (toUserId === null) return seconds;
  await lockMemberTimers(tx, firmId, toUserId);
  const [held] = await tx
    .select({ id: timeEntryLogs.id })
    .from(timeEntryLogs)
    .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, fromUserId)))
    .limit(1);
  if (held) {
    const current = await findCurrentTimer(tx, firmId, toUserId);
    const timerId =
      current?.id ?? (await tx.insert(timers).values({ firmId, userId: toUserId, isCurrent: true }).returning({ id: timers.id }))[0]!.id;
    await tx
      .update(timeEntryLogs)
      .set({ userId: toUserId, timerId })
      .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, fromUserId)));
  }
  // What they ran for stays the departing member's note, not the colleague's: they fill in the entry.
  await tx.delete(timers).where(and(eq(timers.firmId, firmId), eq(timers.userId, fromUserId)));
  return seconds;
}
