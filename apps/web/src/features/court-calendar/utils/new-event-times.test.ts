import { describe, expect, it } from 'vitest';
import { defaultEventTimes, slotEventTimes } from './new-event-times.ts';
import { wallClockDate } from './wall-clock.ts';

const at = (local: string) => wallClockDate(local);

describe("a new event's times", () => {
  it('starts at the next full hour today, or at 09:00 of the day the calendar shows', () => {
    expect(defaultEventTimes(null, at('2025-03-12T14:20'))).toEqual({
      start: '2025-03-12T15:00',
      end: '2025-03-12T16:00',
      isAllDay: false,
    });
    expect(defaultEventTimes('2025-03-12', at('2025-03-12T23:30'))).toEqual({
      start: '2025-03-13T00:00',
      end: '2025-03-13T01:00',
      isAllDay: false,
    });
    expect(defaultEventTimes('2025-03-20', at('2025-03-12T14:20'))).toEqual({
      start: '2025-03-20T09:00',
      end: '2025-03-20T10:00',
      isAllDay: false,
    });
  });

  it.each([
    [
      'hours picked in the time grid',
      'week',
      '2025-03-12T10:00',
      '2025-03-12T11:30',
      { start: '2025-03-12T10:00', end: '2025-03-12T11:30', isAllDay: false },
    ],
    [
      'one day of the month',
      'month',
      '2025-03-12T00:00',
      '2025-03-13T00:00',
      { start: '2025-03-12T09:00', end: '2025-03-12T10:00', isAllDay: false },
    ],
    [
      'days of the month',
      'month',
      '2025-03-12T00:00',
      '2025-03-15T00:00',
      { start: '2025-03-12T00:00', end: '2025-03-14T00:00', isAllDay: true },
    ],
    [
      'a day of the all-day row',
      'week',
      '2025-03-12T00:00',
      '2025-03-12T00:00',
      { start: '2025-03-12T00:00', end: '2025-03-12T00:00', isAllDay: true },
    ],
    [
      'days of the all-day row',
      'week',
      '2025-03-12T00:00',
      '2025-03-13T00:00',
      { start: '2025-03-12T00:00', end: '2025-03-13T00:00', isAllDay: true },
    ],
  ] as const)('from %s', (_case, view, start, end, expected) => {
    expect(slotEventTimes(view, at(start), at(end))).toEqual(expected);
  });
});
