import { formatTimerTotal, secondsToHours, type TimerTotal } from '@matterhorn/shared';
import { secondsOfTotal } from '../utils/timer-clock.ts';

/**
 * The member's timer as the server last answered it, and when (issue 64): the installed app
 * reopened with no signal shows a running timer counted on from that answer, not 00:00:00. Kept
 * beside the token, like the profile (ADR 96): signing out or a 401 clears it with the token, and
 * it is read only for the token it was answered to.
 */
const KEY = 'keptTimer';

type KeptTimer = { token: string; total: TimerTotal; answeredAt: number };

export function keepTimerTotal(token: string, total: TimerTotal, answeredAt = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, total, answeredAt } satisfies KeptTimer));
  } catch {
    // A full or refused storage only costs the offline clock.
  }
}

/** The kept total as it stands at `now`: a running timer has counted on since it was answered. */
export function keptTimerTotal(token: string, now = Date.now()): TimerTotal | null {
  let kept: KeptTimer | null;
  try {
    kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as KeptTimer | null;
  } catch {
    return null;
  }
  if (!kept || kept.token !== token) return null;
  if (!kept.total.isStarted) return kept.total;
  const seconds = secondsOfTotal(kept.total) + Math.max(0, Math.floor((now - kept.answeredAt) / 1000));
  return { ...kept.total, totalTime: formatTimerTotal(seconds), totalTimeInDouble: Number(secondsToHours(seconds)) };
}
