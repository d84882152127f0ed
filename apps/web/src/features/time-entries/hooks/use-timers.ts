import { type AddTimerInput, MAX_TIMERS_PER_USER, type Timer } from '@matterhorn/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMER_TOTAL_KEY } from '../api/timer.ts';
import { addTimer, switchTimer, TIMERS_KEY, timersQuery } from '../api/timers.ts';
import { timerDraft } from '../utils/timer-draft.ts';

/**
 * The member's several timers beside the header's current one (issue 44): the list, and the two
 * changes the header offers. Each answer is the new list; the header's total is then read again,
 * since the current timer changed.
 */
export function useTimers(isEnabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...timersQuery(), enabled: isEnabled });
  const timers = query.data ?? [];
  const currentId = () => queryClient.getQueryData<Timer[]>(TIMERS_KEY)?.find((timer) => timer.isCurrent)?.id ?? null;

  const settle = async (fromId: string | null, answer: Timer[]) => {
    queryClient.setQueryData(TIMERS_KEY, answer);
    // What was typed into a minimized entry belongs to the timer it was typed for.
    timerDraft.switchTimer(fromId, answer.find((timer) => timer.isCurrent)?.id ?? null);
    await queryClient.invalidateQueries({ queryKey: TIMER_TOTAL_KEY, exact: true });
  };

  /** SPEC.md §8: like the other timer calls, a failed switch is silent; the reload shows what the server holds. */
  const switchTo = async (id: string): Promise<void> => {
    const fromId = currentId();
    try {
      await settle(fromId, await switchTimer(id));
    } catch {
      await queryClient.invalidateQueries({ queryKey: TIMER_TOTAL_KEY });
    }
  };

  /** A refusal (10 timers, a matter gone) throws, for the form to stop and the toast to say why. */
  const add = async (body: AddTimerInput, idempotencyKey: string): Promise<void> => {
    const fromId = currentId();
    await settle(fromId, await addTimer(body, idempotencyKey));
  };

  return {
    others: timers.filter((timer) => !timer.isCurrent),
    current: timers.find((timer) => timer.isCurrent) ?? null,
    isAtCap: timers.length >= MAX_TIMERS_PER_USER,
    refresh: () => void query.refetch(),
    switchTo,
    add,
  };
}
