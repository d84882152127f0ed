import { formatTimerTotal, secondsToHours, type TimerTotal } from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import {
  deleteTimerLogs,
  findTimerState,
  findTimerSubject,
  pauseTimer,
  setTimerSubject,
  startTimer,
  type TimerState,
  type TimerSubject,
} from './time-entry-logs.repository.ts';

export const TIMER_BUSY = 'The timer already holds time: stop it and record that first';

export type TimeEntryLogService = ReturnType<typeof createTimeEntryLogService>;

/** SPEC.md §3 Timer log response: "d.hh:mm:ss" past a day, and hours to 4 decimals. */
export function toTimerTotal({ seconds, isStarted }: TimerState, subject: TimerSubject | null = null): TimerTotal {
  // SPEC's three fields exactly; the subject only when the timer was started for something ("bill this").
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

  /** "Bill this": the timer, idle, starts for a matter and the words its entry will be filled in with. */
  const startFor = (tx: Tx, principal: FirmPrincipal, subject: { matterId: string; description: string }) =>
    setTimerSubject(tx, principal.firmId, principal.userId, subject).then((outcome) => {
      if (outcome === 'no-matter') throw notFound('Matter');
      if (outcome === 'busy') throw conflict(TIMER_BUSY);
      return startTimer(tx, principal.firmId, principal.userId);
    });

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
