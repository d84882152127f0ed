import { timerPauseRoute, timerResetRoute, timerStartRoute, type TimerTotal, timerTotalRoute } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { isNoConnection, type ApiEnvelope } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { keepTimerTotal, keptTimerTotal } from './kept-timer.ts';
import { timeEntryKeys } from './time-entry-list.ts';

/** The header timer's total; under the time-entries root, so saving an entry refreshes it too. */
export const TIMER_TOTAL_KEY = [...timeEntryKeys.all, 'timer'] as const;

/** SPEC.md §7: the four time-entry-log calls carry adminUserId and businessId in the body. */
export type TimerScope = { adminUserId?: string | null; businessId?: string | null };

type TimerCall = typeof timerTotalRoute | typeof timerStartRoute | typeof timerPauseRoute | typeof timerResetRoute;

/**
 * SPEC.md §8: timer call failures are silently ignored, so every call here is silent. Each total
 * answered is kept on the device, for the clock to count on offline.
 */
async function postTimer(contract: TimerCall, scope: TimerScope): Promise<ApiEnvelope<TimerTotal | null>> {
  const answer = await callContract(contract, { body: scope }, { auth: 'firm', silent: true });
  const token = firmToken();
  if (answer.data && token) keepTimerTotal(token, answer.data);
  return answer;
}

/** The server's total; with no signal, the one kept on the device, counted on to now. */
export async function getTimerTotal(scope: TimerScope): Promise<TimerTotal> {
  let total: TimerTotal | null;
  try {
    total = (await postTimer(timerTotalRoute, scope)).data;
  } catch (error) {
    const token = firmToken();
    const kept = isNoConnection(error) && token ? keptTimerTotal(token) : null;
    if (kept) return kept;
    throw error;
  }
  if (!total) throw new Error('The timer total could not be read');
  return total;
}

export const timerTotalQuery = (scope: TimerScope) =>
  queryOptions({
    queryKey: TIMER_TOTAL_KEY,
    queryFn: () => getTimerTotal(scope),
    // The server holds the timer: a fresh mount (refresh, login, another tab) always asks it.
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Opens a log unless one is open; answers the new total. */
export async function startTimer(scope: TimerScope): Promise<TimerTotal | null> {
  return (await postTimer(timerStartRoute, scope)).data;
}

/** Closes the open log; answers the new total. */
export async function pauseTimer(scope: TimerScope): Promise<TimerTotal | null> {
  return (await postTimer(timerPauseRoute, scope)).data;
}

/** Discards every log of the user: the timer goes back to idle. Answers the server's message. */
export async function deleteTimerLogs(scope: TimerScope): Promise<string> {
  return (await postTimer(timerResetRoute, scope)).message;
}
