import type { CalendarRange } from '@matterhorn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { moveCalendarEvent } from '../api/calendar-events.ts';
import { courtCalendarKeys, type CalendarRangeQuery } from '../api/court-calendar-keys.ts';
import type { EventItem } from '../utils/calendar-items.ts';
import { changesAllDay, movedAnnouncement, moveRequestOf, withMovedEvent, type CalendarChange } from '../utils/event-moves.ts';

export const ALL_DAY_SWITCH_TEXT = 'To make an event all day, or give it times, open it and change All day.';

/**
 * A dragged or resized event: drawn where it was dropped at once (every occurrence of a series),
 * sent to move-event, and said aloud where it went; a refusal (toasted by the API client) puts it
 * back. The announcement is for the page's live region.
 */
export function useEventMoves(rangeQuery: CalendarRangeQuery) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  const change = async (item: EventItem, dropped: CalendarChange, action: 'move' | 'resize') => {
    const { occurrence } = item;
    if (changesAllDay(occurrence, dropped)) {
      setAnnouncement(ALL_DAY_SWITCH_TEXT);
      return;
    }
    const request = moveRequestOf(occurrence, dropped, action);
    if (!request) return;
    const key = courtCalendarKeys.range(rangeQuery);
    const before = queryClient.getQueryData<CalendarRange>(key);
    if (before) queryClient.setQueryData(key, withMovedEvent(before, occurrence.eventId, request));
    try {
      await moveCalendarEvent(occurrence.eventId, request);
      setAnnouncement(movedAnnouncement(occurrence, request));
    } catch {
      if (before) queryClient.setQueryData(key, before);
      setAnnouncement(`“${occurrence.title}” was not moved.`);
    } finally {
      void queryClient.invalidateQueries({ queryKey: courtCalendarKeys.ranges() });
      void queryClient.invalidateQueries({ queryKey: courtCalendarKeys.event(occurrence.eventId) });
    }
  };

  return { change, announcement };
}
