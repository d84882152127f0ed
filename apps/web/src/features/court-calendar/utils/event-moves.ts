import type { CalendarOccurrence, CalendarRange } from '@matterhorn/shared';
import { addWallClockMinutes, displayWallClock, wallClockMinutes, wallClockText } from './wall-clock.ts';

/** move-event's body: by how much (the whole series for a recurring event) and, for a resize, the new length. */
export type MoveRequest = { deltaMinutes: number; durationMinutes?: number };

/** Where the calendar put the box after a drag or a resize (its all-day end excluded). */
export type CalendarChange = { start: Date; end: Date; isAllDay?: boolean | undefined };

/** Minutes from the occurrence's start to where it was dropped, on the wall clock (a day is 1,440 across a clock change too). */
export function moveDeltaMinutes(oldStart: string, newStart: Date): number {
  return wallClockMinutes(wallClockText(newStart)) - wallClockMinutes(oldStart);
}

/** A drop between the all-day row and the hours: move-event keeps the kind of event, so the form does that. */
export function changesAllDay(occurrence: CalendarOccurrence, change: CalendarChange): boolean {
  return change.isAllDay !== undefined && change.isAllDay !== occurrence.isAllDay;
}

/**
 * The move-event body for a drag (`move`: same length, new start) or a resize (`resize`: new
 * length, and a move when the start was dragged); null when nothing changed or the new length
 * is not a length.
 */
export function moveRequestOf(occurrence: CalendarOccurrence, change: CalendarChange, action: 'move' | 'resize'): MoveRequest | null {
  const deltaMinutes = moveDeltaMinutes(occurrence.start, change.start);
  if (action === 'move') return deltaMinutes === 0 ? null : { deltaMinutes };
  const durationMinutes = wallClockMinutes(wallClockText(change.end)) - wallClockMinutes(wallClockText(change.start));
  const currentMinutes = wallClockMinutes(occurrence.end) - wallClockMinutes(occurrence.start);
  if (durationMinutes < 1 || (deltaMinutes === 0 && durationMinutes === currentMinutes)) return null;
  return { deltaMinutes, durationMinutes };
}

/** The occurrence after the move, on the wall clock. */
export function movedOccurrence<Occurrence extends Pick<CalendarOccurrence, 'start' | 'end'>>(
  occurrence: Occurrence,
  move: MoveRequest,
): Occurrence {
  const start = addWallClockMinutes(occurrence.start, move.deltaMinutes);
  const end =
    move.durationMinutes === undefined
      ? addWallClockMinutes(occurrence.end, move.deltaMinutes)
      : addWallClockMinutes(start, move.durationMinutes);
  return { ...occurrence, start, end };
}

const shiftInstant = (instant: string, minutes: number) => new Date(Date.parse(instant) + minutes * 60_000).toISOString();

/** The range as it will be once the server has moved the event (every occurrence of a series), drawn at once. */
export function withMovedEvent(range: CalendarRange, eventId: string, move: MoveRequest): CalendarRange {
  return {
    ...range,
    events: range.events.map((occurrence) => {
      if (occurrence.eventId !== eventId) return occurrence;
      const moved = movedOccurrence(occurrence, move);
      const lengthChange =
        wallClockMinutes(moved.end) -
        wallClockMinutes(moved.start) -
        (wallClockMinutes(occurrence.end) - wallClockMinutes(occurrence.start));
      return {
        ...moved,
        startsAt: shiftInstant(occurrence.startsAt, move.deltaMinutes),
        endsAt: shiftInstant(occurrence.endsAt, move.deltaMinutes + lengthChange),
      };
    }),
  };
}

/** "12/03/2025", "12/03/2025 – 14/03/2025", "12/03/2025 10:00 – 11:00" or both moments in full. */
export function describeWhen(start: string, end: string, isAllDay: boolean): string {
  const [startDate = '', startTime = ''] = displayWallClock(start).split(' ');
  const [endDate = '', endTime = ''] = displayWallClock(end).split(' ');
  if (isAllDay) return startDate === endDate ? startDate : `${startDate} – ${endDate}`;
  return startDate === endDate ? `${startDate} ${startTime} – ${endTime}` : `${startDate} ${startTime} – ${endDate} ${endTime}`;
}

/** What a screen reader hears after a drag: where the event is now, and that a series moved as a whole. */
export function movedAnnouncement(occurrence: CalendarOccurrence, move: MoveRequest): string {
  const moved = movedOccurrence(occurrence, move);
  const when = describeWhen(moved.start, moved.end, occurrence.isAllDay);
  return occurrence.isRecurring
    ? `Moved every occurrence of “${occurrence.title}”: this one is now ${when}.`
    : `Moved “${occurrence.title}” to ${when}.`;
}
