import { formatTimerTotal, secondsToHours, type TimerTotal } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { deleteTimerLogs, findTimerState, pauseTimer, startTimer, type TimerState } from './time-entry-logs.repository.ts';

export type TimeEntryLogService = ReturnType<typeof createTimeEntryLogService>;

/** SPEC.md §3 Timer log response: "d.hh:mm:ss" past a day, and hours to 4 decimals. */
export function toTimerTotal({ seconds, isStarted }: TimerState): TimerTotal {
  return { totalTime: formatTimerTotal(seconds), totalTimeInDouble: Number(secondsToHours(seconds)), isStarted };
}

/** The header timer of the signed-in user: one statement per call, the clock is the database's. */
export function createTimeEntryLogService(database: Database) {
  const total = (principal: FirmPrincipal) =>
    database.withFirm(principal.firmId, (tx) => findTimerState(tx, principal.firmId, principal.userId));

  /** A racing call lost to another tab's start or pause; its snapshot is outdated, so read afresh. */
  const settled = async (principal: FirmPrincipal, state: TimerState & { isStale: boolean }) =>
    toTimerTotal(state.isStale ? await total(principal) : state);

  return {
    getTotal: async (principal: FirmPrincipal) => toTimerTotal(await total(principal)),

    start: async (principal: FirmPrincipal) =>
      settled(principal, await database.withFirm(principal.firmId, (tx) => startTimer(tx, principal.firmId, principal.userId))),

    pause: async (principal: FirmPrincipal) =>
      settled(principal, await database.withFirm(principal.firmId, (tx) => pauseTimer(tx, principal.firmId, principal.userId))),

    reset: (principal: FirmPrincipal) =>
      database.withFirm(principal.firmId, (tx) => deleteTimerLogs(tx, principal.firmId, principal.userId)),
  };
}
