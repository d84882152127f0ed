import { DURATION_DECIMALS, parseTimerTotal, type TimerTotal } from '@matterhorn/shared';

/** The timer's three states (SPEC.md §4): no time yet, counting, or holding time. */
export type TimerStatus = 'idle' | 'running' | 'paused';

/** Whole seconds of a server total: its text when readable, else its decimal hours. */
export function secondsOfTotal(total: TimerTotal | null | undefined): number {
  if (!total) return 0;
  const fromText = parseTimerTotal(total.totalTime);
  if (fromText !== null) return fromText;
  return Number.isFinite(total.totalTimeInDouble) ? Math.max(0, Math.round(total.totalTimeInDouble * 3600)) : 0;
}

export function timerStatusOf(total: TimerTotal | null | undefined): TimerStatus {
  if (total?.isStarted) return 'running';
  return secondsOfTotal(total) > 0 ? 'paused' : 'idle';
}

/**
 * The popup's Duration from the timer: totalTimeInDouble with its 4 decimals (SPEC.md §9). The
 * server already rounded it to 4 places, so toFixed only writes it out.
 */
export function durationFromTotal(total: TimerTotal | null | undefined): string {
  const hours = total && Number.isFinite(total.totalTimeInDouble) ? Math.max(0, total.totalTimeInDouble) : 0;
  return hours.toFixed(DURATION_DECIMALS);
}
