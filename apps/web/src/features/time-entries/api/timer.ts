import { timerTotalSchema, type TimerTotal } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';
import { TIME_ENTRIES_KEY } from './time-entry.ts';

/** The header timer's total; under the time-entries root, so saving an entry refreshes it too. */
export const TIMER_TOTAL_KEY = [...TIME_ENTRIES_KEY, 'timer'] as const;

/** SPEC.md §7: the four time-entry-log calls carry adminUserId and businessId in the body. */
export type TimerScope = { adminUserId?: string | null; businessId?: string | null };

const LOG_BASE = '/admin/time-entry-log';

/** SPEC.md §8: timer call failures are silently ignored, so every call here is silent. */
async function postTimer(path: string, scope: TimerScope): Promise<ApiEnvelope<unknown>> {
  return apiRequest<ApiEnvelope<unknown>>(`${LOG_BASE}/${path}`, { method: 'POST', body: scope, auth: 'firm', silent: true });
}

/** The total as the contract gives it, or null when the answer does not carry one. */
function totalOf(envelope: ApiEnvelope<unknown>): TimerTotal | null {
  const parsed = timerTotalSchema.safeParse(envelope.data);
  return parsed.success ? parsed.data : null;
}

export async function getTimerTotal(scope: TimerScope): Promise<TimerTotal> {
  const total = totalOf(await postTimer('get-total-hours', scope));
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
  return totalOf(await postTimer('start-entry', scope));
}

/** Closes the open log; answers the new total. */
export async function pauseTimer(scope: TimerScope): Promise<TimerTotal | null> {
  return totalOf(await postTimer('pause-entry', scope));
}

/** Discards every log of the user: the timer goes back to idle. Answers the server's message. */
export async function deleteTimerLogs(scope: TimerScope): Promise<string> {
  // The contract's timerRequestSchema names the body fields as the other three calls do.
  return (await postTimer('delete-time-entry-logs', scope)).message;
}
