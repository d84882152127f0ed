import { formatTimerTotal, MAX_TIMERS_PER_USER, secondsToHours, TIMER_MESSAGES, type TimerTotal } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  deleteTimerLogs,
  findTimerState,
  findTimerSubject,
  pauseTimer,
  startTimer,
  type TimerState,
  type TimerSubject,
} from './time-entry-logs.repository.ts';
import { addTimer, findCurrentTimer, findTimers, isLiveMatter, lockMemberTimers, removeTimer, switchTimer } from './timers.repository.ts';

export type TimeEntryLogService = ReturnType<typeof createTimeEntryLogService>;

/** SPEC.md §3 Timer log response: "d.hh:mm:ss" past a day, and hours to 4 decimals. */
export function toTimerTotal({ seconds, isStarted }: TimerState, subject: TimerSubject | null = null): TimerTotal {
  // SPEC's three fields exactly; the subject only when the current timer is for a matter ("bill this", or a timer added for one).
  return {
    totalTime: formatTimerTotal(seconds),
    totalTimeInDouble: Number(secondsToHours(seconds)),
    isStarted,
    ...(subject ? { subject } : {}),
  };
}

/** The header timer of the signed-in user: one statement per call, the clock is the database's. */
export function createTimeEntryLogService(database: Database) {
  const total = (principal: FirmPrincipal) =>
    database.withFirm(principal.firmId, (tx) => findTimerState(tx, principal.firmId, principal.userId));
  const subjectOf = (principal: FirmPrincipal) =>
    database.withFirm(principal.firmId, (tx) => findTimerSubject(tx, principal.firmId, principal.userId));

  /** A racing call lost to another tab's start or pause; its snapshot is outdated, so read afresh. */
  const settled = async (principal: FirmPrincipal, state: TimerState & { isStale: boolean }) =>
    toTimerTotal(state.isStale ? await total(principal) : state, await subjectOf(principal));

  /**
   * "Bill this": the timer starts for a matter and the words its entry will be filled in with. A
   * timer already kept for the same matter and words is switched to (a second click adds nothing);
   * else a new one starts, and the time the current one holds waits among the others (409 at 10).
   */
  const startFor = async (tx: Tx, principal: FirmPrincipal, subject: { matterId: string; description: string }) => {
    const { firmId, userId } = principal;
    await lockMemberTimers(tx, firmId, userId);
    if (!(await isLiveMatter(tx, firmId, subject.matterId))) throw notFound('Matter');
    const same = (await findTimers(tx, firmId, userId)).find(
      (timer) => timer.matterId === subject.matterId && timer.description === subject.description,
    );
    if (same) await switchTimer(tx, firmId, userId, same.id);
    else {
      // A current timer holding no time yet takes no place among the ten.
      const current = await findCurrentTimer(tx, firmId, userId);
      if (current && !current.hasTime) await removeTimer(tx, firmId, userId, current.id);
      if ((await addTimer(tx, firmId, userId, subject, MAX_TIMERS_PER_USER)) === 'at-cap') throw conflict(TIMER_MESSAGES.atCap);
    }
    return startTimer(tx, firmId, userId);
  };

  return {
    getTotal: async (principal: FirmPrincipal) => toTimerTotal(await total(principal), await subjectOf(principal)),

    start: async (principal: FirmPrincipal, subject?: { matterId?: string | undefined; description?: string | undefined } | null) =>
      settled(
        principal,
        await database.withFirm(principal.firmId, (tx) =>
          subject?.matterId
            ? startFor(tx, principal, { matterId: subject.matterId, description: subject.description ?? '' })
            : startTimer(tx, principal.firmId, principal.userId),
        ),
      ),

    pause: async (principal: FirmPrincipal) =>
      settled(principal, await database.withFirm(principal.firmId, (tx) => pauseTimer(tx, principal.firmId, principal.userId))),

    reset: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, (tx) => deleteTimerLogs(tx, principal.firmId, principal.userId)),
  };
}
