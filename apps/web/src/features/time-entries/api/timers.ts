import { type AddTimerInput, type Timer, timersContracts } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';
import { TIMER_TOTAL_KEY } from './timer.ts';

/**
 * The member's timers, under the header total's key: "bill this" and a saved entry, which
 * refresh the total with its children, refresh the list too; Pause and Start, which refresh the
 * total alone (exact), leave the others' times as they are, unchanged by them.
 */
export const TIMERS_KEY = [...TIMER_TOTAL_KEY, 'list'] as const;

export async function getTimers(): Promise<Timer[]> {
  return (await callContract(timersContracts.list, {}, { auth: 'firm', silent: true })).data;
}

export const timersQuery = () =>
  queryOptions({
    queryKey: TIMERS_KEY,
    queryFn: getTimers,
    // The server holds the timers: another tab or device may have changed them.
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** A new timer for a matter; it runs, and the one that ran pauses. The form shows a refusal (10 timers). */
export async function addTimer(body: AddTimerInput, idempotencyKey: string): Promise<Timer[]> {
  return (await callContract(timersContracts.add, { body }, { auth: 'firm', idempotencyKey })).data;
}

/** Makes the timer current and running; SPEC.md §8: timer call failures are silently ignored. */
export async function switchTimer(id: string): Promise<Timer[]> {
  return (await callContract(timersContracts.switch, { params: { id } }, { auth: 'firm', silent: true })).data;
}
