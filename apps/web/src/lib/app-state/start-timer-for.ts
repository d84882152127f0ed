import { timerContracts, type TimerTotal } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api-client.ts';
import { callContract } from '../api/call-contract.ts';
import { toast } from '../toasts.ts';

/**
 * The header timer's query key, as the time-entries feature names it (TIMER_TOTAL_KEY there): the
 * tasks and calendar features start the timer through here ("bill this"), and setting and
 * refreshing it makes the header show the clock running at once.
 */
export const HEADER_TIMER_KEY = ['time-entries', 'timer'] as const;

export const TIMER_STARTED_TEXT = 'Timer started';

/** "Bill this": start-entry for the matter, the words the time entry will be filled in with. */
export async function startTimerFor(body: { matterId: string; description: string }): Promise<TimerTotal> {
  return (await callContract(timerContracts.start, { body }, { auth: 'firm', silent: true })).data;
}

/**
 * Starts the signed-in member's timer for a task's or an event's matter. Time already on the timer
 * waits among their other timers; the server's 409 (ten timers already) shows as an alert rather than an error.
 */
export function useStartTimer() {
  const queryClient = useQueryClient();
  const [isStarting, setIsStarting] = useState(false);
  const start = async (matterId: string, description: string) => {
    if (isStarting) return;
    setIsStarting(true);
    try {
      const total = await startTimerFor({ matterId, description });
      queryClient.setQueryData(HEADER_TIMER_KEY, total);
      await queryClient.invalidateQueries({ queryKey: HEADER_TIMER_KEY });
      toast.success(`${TIMER_STARTED_TEXT} for “${description}”`);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The timer could not be started';
      if (error instanceof ApiError && error.status === 409) toast.alert(message);
      else toast.error(message);
    } finally {
      setIsStarting(false);
    }
  };
  return { start, isStarting };
}
