import type { TimerTotal } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../../lib/session/session-context.ts';
import { deleteTimerLogs, pauseTimer, startTimer, TIMER_TOTAL_KEY, type TimerScope } from '../api/timer.ts';

/**
 * The timer's server calls, shared by the header widget and the popup. Each answer that carries
 * the new total goes straight into the cache; SPEC.md §8: failures are silently ignored.
 */
export function useTimerActions() {
  const queryClient = useQueryClient();
  const { workingUser } = useSession();
  const scope = useMemo<TimerScope>(
    () => ({ adminUserId: workingUser?.id ?? null, businessId: workingUser?.businessId ?? null }),
    [workingUser?.id, workingUser?.businessId],
  );

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: TIMER_TOTAL_KEY, exact: true }), [queryClient]);

  const remember = useCallback(
    (total: TimerTotal | null) => {
      if (total) queryClient.setQueryData(TIMER_TOTAL_KEY, total);
    },
    [queryClient],
  );

  const start = useCallback(async (): Promise<void> => {
    try {
      remember(await startTimer(scope));
    } catch {
      // Silently ignored (SPEC.md §8); the reload below shows what the server holds.
      await refresh();
    }
  }, [remember, refresh, scope]);

  /** Pauses and reloads the total (SPEC.md §4); answers the paused total when the server gave one. */
  const pause = useCallback(async (): Promise<TimerTotal | null> => {
    let total: TimerTotal | null = null;
    try {
      total = await pauseTimer(scope);
      remember(total);
    } catch {
      // Silently ignored (SPEC.md §8).
    }
    await refresh();
    return queryClient.getQueryData<TimerTotal>(TIMER_TOTAL_KEY) ?? total;
  }, [queryClient, remember, refresh, scope]);

  /** Deletes every log: the timer goes back to idle. Answers the server's message, or null on failure. */
  const reset = useCallback(async (): Promise<string | null> => {
    let message: string | null = null;
    try {
      message = await deleteTimerLogs(scope);
    } catch {
      // Silently ignored (SPEC.md §8).
    }
    await refresh();
    return message;
  }, [refresh, scope]);

  return { scope, start, pause, reset, refresh };
}
