import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { matters, timeEntryLogs, timers } from '../../db/schema/index.ts';

/**
 * Seconds across a timer's closed and open logs (alias l), measured with the database's now() so
 * that the server's clock never enters into it. Greatest(0, …) guards against a clock stepping back
 * under an open log.
 */
export const secondsOf = sql`coalesce(floor(sum(greatest(0, extract(epoch from coalesce(l.paused_at, now()) - l.started_at))))::float8, 0)`;

/**
 * Every change to a member's timers takes this lock first, so two tabs, a double click or "bill this"
 * beside a switch never see the same count of timers or the same current one. Transaction-scoped and
 * reentrant: a use case that calls several changes takes it once per call, harmlessly.
 */
export const lockMemberTimers = (tx: Tx, firmId: string, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`timer:${firmId}:${userId}`}, 0))`);

export type TimerRow = {
  id: string;
  matterId: string | null;
  matterName: string | null;
  matterNumber: string | null;
  clientId: string | null;
  description: string;
  seconds: number;
  isStarted: boolean;
  isCurrent: boolean;
};

/** The member's timers, oldest first; a timer whose matter is in the recycle bin shows none. */
export async function findTimers(tx: Tx, firmId: string, userId: string): Promise<TimerRow[]> {
  const rows = await rowsOf<TimerRow & { seconds: number | string }>(
    tx.execute(sql`
      select t.id, m.id as "matterId", m.matter_name as "matterName", m.matter_number as "matterNumber",
             m.client_id as "clientId", t.description, t.is_current as "isCurrent",
             ${secondsOf} as seconds, coalesce(bool_or(l.id is not null and l.paused_at is null), false) as "isStarted"
        from timers t
        left join matters m on m.firm_id = t.firm_id and m.id = t.matter_id and m.deleted_at is null
        left join time_entry_logs l on l.firm_id = t.firm_id and l.timer_id = t.id
       where t.firm_id = ${firmId} and t.user_id = ${userId}
       group by t.id, m.id
       order by t.created_at, t.id`),
  );
  return rows.map((row) => ({ ...row, seconds: Number(row.seconds) }));
}

/** The current timer and whether it holds any time yet; null when none is current. */
export async function findCurrentTimer(tx: Tx, firmId: string, userId: string): Promise<{ id: string; hasTime: boolean } | null> {
  const [row] = await rowsOf<{ id: string; has_time: boolean }>(
    tx.execute(sql`
      select t.id, exists (select 1 from time_entry_logs l where l.firm_id = t.firm_id and l.timer_id = t.id) as has_time
        from timers t where t.firm_id = ${firmId} and t.user_id = ${userId} and t.is_current`),
  );
  return row ? { id: row.id, hasTime: row.has_time } : null;
}

export async function isLiveMatter(tx: Tx, firmId: string, matterId: string): Promise<boolean> {
  const [matter] = await tx
    .select({ id: matters.id })
    .from(matters)
    .where(and(eq(matters.firmId, firmId), eq(matters.id, matterId), sql`${matters.deletedAt} is null`));
  return Boolean(matter);
}

/** Closes the member's open log, if any: the one running timer pauses. */
export const pauseRunningTimer = (tx: Tx, firmId: string, userId: string) =>
  tx
    .update(timeEntryLogs)
    .set({ pausedAt: sql`now()` })
    .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, userId), sql`${timeEntryLogs.pausedAt} is null`));

/** Makes the timer current and running; the caller has paused the one that ran. The old current goes first: the index allows one. */
async function runTimer(tx: Tx, firmId: string, userId: string, timerId: string): Promise<void> {
  await tx
    .update(timers)
    .set({ isCurrent: false })
    .where(and(eq(timers.firmId, firmId), eq(timers.userId, userId), eq(timers.isCurrent, true), sql`${timers.id} <> ${timerId}`));
  await tx
    .update(timers)
    .set({ isCurrent: true })
    .where(and(eq(timers.firmId, firmId), eq(timers.id, timerId)));
  await tx
    .insert(timeEntryLogs)
    .values({ firmId, userId, timerId })
    .onConflictDoNothing({ target: [timeEntryLogs.firmId, timeEntryLogs.userId], where: sql`paused_at is null` });
}

/**
 * A new timer for a matter, current and running; the one that ran pauses. 'at-cap' at 10 timers,
 * counted under the member's lock so two tabs cannot both add the tenth.
 */
export async function addTimer(
  tx: Tx,
  firmId: string,
  userId: string,
  subject: { matterId: string; description: string },
  maxTimers: number,
): Promise<'added' | 'at-cap'> {
  await lockMemberTimers(tx, firmId, userId);
  const [held] = await rowsOf<{ count: number }>(
    tx.execute(sql`select count(*)::int as count from timers where firm_id = ${firmId} and user_id = ${userId}`),
  );
  if (held!.count >= maxTimers) return 'at-cap';
  await pauseRunningTimer(tx, firmId, userId);
  const [timer] = await tx
    .insert(timers)
    .values({ firmId, userId, ...subject })
    .returning({ id: timers.id });
  await runTimer(tx, firmId, userId, timer!.id);
  return 'added';
}

/** Makes one of the member's timers current and running, pausing the one that ran; false when it is not theirs. */
export async function switchTimer(tx: Tx, firmId: string, userId: string, timerId: string): Promise<boolean> {
  await lockMemberTimers(tx, firmId, userId);
  const [timer] = await tx
    .select({ id: timers.id })
    .from(timers)
    .where(and(eq(timers.firmId, firmId), eq(timers.userId, userId), eq(timers.id, timerId)));
  if (!timer) return false;
  const [running] = await tx
    .select({ timerId: timeEntryLogs.timerId })
    .from(timeEntryLogs)
    .where(and(eq(timeEntryLogs.firmId, firmId), eq(timeEntryLogs.userId, userId), sql`${timeEntryLogs.pausedAt} is null`));
  // Switching to the one that runs changes nothing.
  if (running?.timerId !== timerId) await pauseRunningTimer(tx, firmId, userId);
  await runTimer(tx, firmId, userId, timerId);
  return true;
}

/** Discards one of the member's timers and its time (its logs go with it); false when it is not theirs. */
export async function removeTimer(tx: Tx, firmId: string, userId: string, timerId: string): Promise<boolean> {
  await lockMemberTimers(tx, firmId, userId);
  const removed = await tx
    .delete(timers)
    .where(and(eq(timers.firmId, firmId), eq(timers.userId, userId), eq(timers.id, timerId)))
    .returning({ id: timers.id });
  return removed.length > 0;
}
