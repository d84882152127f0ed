import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { matters, timeEntryLogs, timerSubjects } from '../../db/schema/index.ts';

/** The timer as the database sees it: whole seconds recorded and whether a log is open. */
export type TimerState = { seconds: number; isStarted: boolean };

type TimerRow = { seconds: number | string | null; is_started: boolean | null; is_stale?: boolean | null };

/**
 * Seconds across closed and open logs, measured with the database's now() so that the server's
 * clock never enters into it. Greatest(0, …) guards against a clock stepping back under an open log.
 */
const secondsOf = sql`coalesce(floor(sum(greatest(0, extract(epoch from coalesce(l.paused_at, now()) - l.started_at))))::float8, 0)`;

const rowsOf = (result: unknown) => (result as { rows: TimerRow[] }).rows;

const stateOf = (row: TimerRow | undefined): TimerState => ({
  seconds: Number(row?.seconds ?? 0),
  isStarted: Boolean(row?.is_started),
});

export async function findTimerState(tx: Tx, firmId: string, userId: string): Promise<TimerState> {
  const result = await tx.execute(sql`
    select ${secondsOf} as seconds, coalesce(bool_or(l.paused_at is null), false) as is_started
      from time_entry_logs l
     where l.firm_id = ${firmId} and l.user_id = ${userId}`);
  return stateOf(rowsOf(result)[0]);
}

/**
 * Opens a log unless one is open, and answers the new total in the same statement. The partial
 * unique index (one open log per user) turns a double click, or twenty, into one log. The select
 * sees the snapshot from before the insert, so a log this statement opened adds 0 seconds, which is
 * right. `is_stale` flags the one case the snapshot cannot answer: another request opened the log
 * after this statement began, so nothing was inserted yet no open log is visible.
 */
export async function startTimer(tx: Tx, firmId: string, userId: string): Promise<TimerState & { isStale: boolean }> {
  const result = await tx.execute(sql`
    with opened as (
      insert into time_entry_logs (firm_id, user_id) values (${firmId}, ${userId})
      on conflict (firm_id, user_id) where paused_at is null do nothing
      returning id
    )
    select ${secondsOf} as seconds,
           (exists (select 1 from opened) or coalesce(bool_or(l.paused_at is null), false)) as is_started,
           (not exists (select 1 from opened) and not coalesce(bool_or(l.paused_at is null), false)) as is_stale
      from time_entry_logs l
     where l.firm_id = ${firmId} and l.user_id = ${userId}`);
  const row = rowsOf(result)[0];
  return { ...stateOf(row), isStale: Boolean(row?.is_stale) };
}

/**
 * Closes the open log (if any) at now() and answers the new total in the same statement. The
 * snapshot still sees the log open, and coalesce(paused_at, now()) then equals what was stored.
 * `is_stale` flags a log closed by a concurrent pause after this statement began.
 */
export async function pauseTimer(tx: Tx, firmId: string, userId: string): Promise<TimerState & { isStale: boolean }> {
  const result = await tx.execute(sql`
    with closed as (
      update time_entry_logs set paused_at = now()
       where firm_id = ${firmId} and user_id = ${userId} and paused_at is null
      returning id
    )
    select ${secondsOf} as seconds,
           false as is_started,
           (not exists (select 1 from closed) and coalesce(bool_or(l.paused_at is null), false)) as is_stale
      from time_entry_logs l
     where l.firm_id = ${firmId} and l.user_id = ${userId}`);
  const row = rowsOf(result)[0];
  return { ...stateOf(row), isStale: Boolean(row?.is_stale) };
}

/** Discards every log of the user, and what the timer ran for: the timer returns to idle. Time-entry saves from the timer call it too. */
export async function deleteTimerLogs(tx: Tx, firmId: string, userId: string): Promise<void> {
  await tx.delete(timeEntryLogs).where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, userId)));
  await tx.delete(timerSubjects).where(and(eq(timerSubjects.firmId, firmId), eq(timerSubjects.userId, userId)));
}

export type TimerSubject = { matterId: string; matterName: string; clientId: string; description: string };

/** What the member's timer runs for ("bill this"), or null; a matter in the recycle bin holds none. */
export async function findTimerSubject(tx: Tx, firmId: string, userId: string): Promise<TimerSubject | null> {
  const [row] = await tx
    .select({
      matterId: timerSubjects.matterId,
      matterName: matters.matterName,
      clientId: matters.clientId,
      description: timerSubjects.description,
    })
    .from(timerSubjects)
    .innerJoin(matters, and(eq(matters.firmId, timerSubjects.firmId), eq(matters.id, timerSubjects.matterId)))
    .where(and(eq(timerSubjects.firmId, firmId), eq(timerSubjects.userId, userId), sql`${matters.deletedAt} is null`));
  return row ?? null;
}

/**
 * Sets what the timer runs for, in the transaction that starts it: 'busy' when the timer already
 * holds time (it is running or paused), 'no-matter' for a matter not the firm's or in the bin.
 */
export async function setTimerSubject(
  tx: Tx,
  firmId: string,
  userId: string,
  subject: { matterId: string; description: string },
): Promise<'set' | 'busy' | 'no-matter'> {
  const [matter] = await tx
    .select({ id: matters.id })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, subject.matterId), sql`${matters.deletedAt} is null`));
  if (!matter) return 'no-matter';
  // Serialised per member: two "bill this" clicks cannot both find the timer idle.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`timer:${firmId}:${userId}`}, 0))`);
  const [held] = await tx
    .select({ id: timeEntryLogs.id })
    .from(timeEntryLogs)
    .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, userId)))
    .limit(1);
  if (held) return 'busy';
  await tx
    .insert(timerSubjects)
    .values({ firmId, userId, ...subject })
    .onConflictDoUpdate({ target: [timerSubjects.firmId, timerSubjects.userId], set: { ...subject, createdAt: sql`now()` } });
  return 'set';
}

/**
 * Hands a departing member's timer to a colleague (team deactivation): an open log is closed now,
 * and every log moves to the colleague, whose timer total grows by that time for them to record.
 */
export async function handTimerOver(tx: Tx, firmId: string, fromUserId: string, toUserId: string | null): Promise<number> {
  await tx
    .update(timeEntryLogs)
    .set({ pausedAt: sql`now()` })
    .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, fromUserId), sql`${timeEntryLogs.pausedAt} is null`));
  const { seconds } = await findTimerState(tx, firmId, fromUserId);
  if (toUserId !== null)
    await tx
      .update(timeEntryLogs)
      .set({ userId: toUserId })
      .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, fromUserId)));
  // What it ran for stays the departing member's note, not the colleague's: they fill in the entry.
  await tx.delete(timerSubjects).where(and(eq(timerSubjects.firmId, firmId), eq(timerSubjects.userId, fromUserId)));
  return seconds;
}
