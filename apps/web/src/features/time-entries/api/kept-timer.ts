import { formatTimerTotal, secondsToHours, type TimerTotal } from '@matterhorn/shared';
import { keepForToken, keptForToken } from '../../../lib/session/kept-for-token.ts';
import { secondsOfTotal } from '../utils/timer-clock.ts';

/**
 * The member's timer as the server last answered it, and when (issue 64): the installed app
 * reopened with no signal shows a running timer counted on from that answer, not 00:00:00. Kept
 * beside the token, like the profile (ADR 96).
 */
const KEY = 'keptTimer';

type KeptTimer = { total: TimerTotal; answeredAt: number };

export const keepTimerTotal = (token: string, total: TimerTotal, answeredAt = Date.now()) =>
  keepForToken<KeptTimer>(KEY, token, { total, answeredAt });

/** The kept total as it stands at `now`: a running timer has counted on since it was answered. */
export function keptTimerTotal(token: string, now = Date.now()): TimerTotal | null {
  const kept = keptForToken<KeptTimer>(KEY, token);
  if (!kept) return null;
  if (!kept.total.isStarted) return kept.total;
  const seconds = secondsOfTotal(kept.total) + Math.max(0, Math.floor((now - kept.answeredAt) / 1000));
  return { ...kept.total, totalTime: formatTimerTotal(seconds), totalTimeInDouble: Number(secondsToHours(seconds)) };
}
