import { describe, expect, it } from 'vitest';
import { occurrence } from '../test/stub-court-calendar.ts';
import { describeWhen, movedAnnouncement, moveDeltaMinutes, moveRequestOf, withMovedEvent } from './event-moves.ts';
import { wallClockDate } from './wall-clock.ts';

const at = (local: string) => wallClockDate(local);

describe('moveDeltaMinutes: from the occurrence’s start to where it was dropped, on the wall clock', () => {
  it.each([
    ['an hour later', '2025-03-14T10:00', '2025-03-14T11:00', 60],
    ['half an hour earlier', '2025-03-14T10:00', '2025-03-14T09:30', -30],
    ['to the next day', '2025-03-14T10:00', '2025-03-15T10:00', 1440],
    ['a week back, a quarter past', '2025-03-14T10:00', '2025-03-07T10:15', -10_065],
    ['over the end of a month', '2025-03-31T23:00', '2025-04-01T01:00', 120],
    // Europe's clocks went forward on 30/03/2025: in a browser there the two Dates are 23 hours apart, and the
    // wall clock still says a day (the tests run in UTC, so this case guards the arithmetic, not the zone).
    ['across a clock change', '2025-03-29T09:00', '2025-03-30T09:00', 1440],
    ['nowhere', '2025-03-14T10:00', '2025-03-14T10:00', 0],
  ])('%s', (_case, from, to, minutes) => {
    expect(moveDeltaMinutes(from, at(to))).toBe(minutes);
  });
});

describe('moveRequestOf: the move-event body', () => {
  const meeting = occurrence({ start: '2025-03-14T10:00', end: '2025-03-14T11:00' });

  it('moves a dragged event by the minutes between its starts, its length unchanged', () => {
    expect(moveRequestOf(meeting, { start: at('2025-03-13T14:00'), end: at('2025-03-13T15:00') }, 'move')).toEqual({ deltaMinutes: -1200 });
  });

  it('sends nothing for a drop where it was', () => {
    expect(moveRequestOf(meeting, { start: at('2025-03-14T10:00'), end: at('2025-03-14T11:00') }, 'move')).toBeNull();
  });

  it('sends the new length of a resized event, and a move when its start was dragged', () => {
    expect(moveRequestOf(meeting, { start: at('2025-03-14T10:00'), end: at('2025-03-14T12:30') }, 'resize')).toEqual({
      deltaMinutes: 0,
      durationMinutes: 150,
    });
    expect(moveRequestOf(meeting, { start: at('2025-03-14T09:30'), end: at('2025-03-14T11:00') }, 'resize')).toEqual({
      deltaMinutes: -30,
      durationMinutes: 90,
    });
    expect(moveRequestOf(meeting, { start: at('2025-03-14T10:00'), end: at('2025-03-14T11:00') }, 'resize')).toBeNull();
  });

  it('moves an all-day event by whole days', () => {
    const deadline = occurrence({ isAllDay: true, start: '2025-03-14T00:00', end: '2025-03-14T00:00' });
    expect(moveRequestOf(deadline, { start: at('2025-03-17T00:00'), end: at('2025-03-18T00:00') }, 'move')).toEqual({ deltaMinutes: 4320 });
  });
});

describe('after a move', () => {
  it('draws every occurrence of the series moved, instants included', () => {
    const range = {
      timeZone: 'Africa/Lagos',
      tasks: [],
      events: [
        occurrence({ isRecurring: true }),
        occurrence({
          isRecurring: true,
          start: '2025-03-21T10:00',
          end: '2025-03-21T11:00',
          startsAt: '2025-03-21T09:00:00.000Z',
          endsAt: '2025-03-21T10:00:00.000Z',
        }),
        occurrence({ eventId: 'another', title: 'Other' }),
      ],
    };
    const moved = withMovedEvent(range, occurrence().eventId, { deltaMinutes: 30, durationMinutes: 90 });
    expect(moved.events.map((event) => [event.start, event.end, event.startsAt, event.endsAt])).toEqual([
      ['2025-03-14T10:30', '2025-03-14T12:00', '2025-03-14T09:30:00.000Z', '2025-03-14T11:00:00.000Z'],
      ['2025-03-21T10:30', '2025-03-21T12:00', '2025-03-21T09:30:00.000Z', '2025-03-21T11:00:00.000Z'],
      ['2025-03-14T10:00', '2025-03-14T11:00', '2025-03-14T09:00:00.000Z', '2025-03-14T10:00:00.000Z'],
    ]);
  });

  it('says where the event went, and that a series moved as a whole', () => {
    expect(movedAnnouncement(occurrence(), { deltaMinutes: 1440 })).toBe('Moved “Client meeting” to 15/03/2025 10:00 – 11:00.');
    expect(movedAnnouncement(occurrence({ isRecurring: true }), { deltaMinutes: -60 })).toBe(
      'Moved every occurrence of “Client meeting”: this one is now 14/03/2025 09:00 – 10:00.',
    );
    expect(describeWhen('2025-03-14T00:00', '2025-03-16T00:00', true)).toBe('14/03/2025 – 16/03/2025');
    expect(describeWhen('2025-03-14T22:00', '2025-03-15T01:00', false)).toBe('14/03/2025 22:00 – 15/03/2025 01:00');
  });
});
