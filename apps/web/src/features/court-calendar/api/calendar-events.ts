import { calendarContracts, type CalendarEvent, type CalendarEventInput, type CalendarRange } from '@matterhorn/shared';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { callContract } from '../../../lib/api/call-contract.ts';
import { courtCalendarKeys, type CalendarRangeQuery } from './court-calendar-keys.ts';
import type { MoveRequest } from '../utils/event-moves.ts';

/** The events' occurrences and the open tasks due in the range; silent: the page says when they cannot be loaded. */
export async function getCalendarRange(query: CalendarRangeQuery): Promise<CalendarRange> {
  return (await callContract(calendarContracts.range, { query }, { auth: 'firm', silent: true })).data;
}

/** The visible range's events and tasks; the last range stays on screen while the next loads. */
export const calendarRangeQuery = (query: CalendarRangeQuery) =>
  queryOptions({ queryKey: courtCalendarKeys.range(query), queryFn: () => getCalendarRange(query), placeholderData: keepPreviousData });

/** Null when the event does not exist for this firm (missing, another firm's or deleted). */
export async function getCalendarEvent(id: string): Promise<CalendarEvent | null> {
  try {
    return (await callContract(calendarContracts.view, { params: { id } }, { auth: 'firm', silent: true })).data;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const calendarEventQuery = (id: string) =>
  queryOptions({ queryKey: courtCalendarKeys.event(id), queryFn: () => getCalendarEvent(id), enabled: id !== '' });

/** POST create-event (one event per Idempotency-Key, however often Save is pressed) or PUT update-event; the server's words toast. */
export async function saveCalendarEvent(id: string | null, body: CalendarEventInput, idempotencyKey?: string): Promise<CalendarEvent> {
  if (id) return (await callContract(calendarContracts.update, { params: { id }, body }, { auth: 'firm', toastSuccess: true })).data;
  return (
    await callContract(
      calendarContracts.create,
      { body },
      { auth: 'firm', toastSuccess: true, ...(idempotencyKey ? { idempotencyKey } : {}) },
    )
  ).data;
}

/** A drag's move: the page announces where the event went, so only a refusal toasts. */
export async function moveCalendarEvent(id: string, body: MoveRequest): Promise<CalendarEvent> {
  return (await callContract(calendarContracts.move, { params: { id }, body }, { auth: 'firm' })).data;
}

export async function deleteCalendarEvent(id: string): Promise<void> {
  await callContract(calendarContracts.remove, { params: { id } }, { auth: 'firm', toastSuccess: true });
}

/** The writes, each refreshing the calendar's ranges and the event once it succeeds (failures have toasted and throw). */
export function useCalendarEventWrites() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = (id: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courtCalendarKeys.ranges() }),
        queryClient.invalidateQueries({ queryKey: courtCalendarKeys.event(id) }),
      ]);
    return {
      save: async (id: string | null, body: CalendarEventInput, idempotencyKey?: string) => {
        const event = await saveCalendarEvent(id, body, idempotencyKey);
        await refresh(event.id);
        return event;
      },
      remove: async (id: string) => {
        await deleteCalendarEvent(id);
        queryClient.removeQueries({ queryKey: courtCalendarKeys.event(id) });
        await queryClient.invalidateQueries({ queryKey: courtCalendarKeys.ranges() });
      },
    };
  }, [queryClient]);
}
