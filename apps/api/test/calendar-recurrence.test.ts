import { describe, expect, it } from 'vitest';
import { lastEndOf, occurrencesIn, ruleProblem, wallClockNow, wallTimeToInstant } from '../src/modules/calendar/recurrence.ts';

/** RRULE expansion on the firm's wall clock, and its instants across daylight-saving changes (issue 40). */
describe('recurring events on the firm’s clock', () => {
  const weekly = { start: '2026-03-16T09:00', end: '2026-03-16T10:30', isAllDay: false, recurrence: 'FREQ=WEEKLY;COUNT=4' };

  it('keeps a weekly 09:00 meeting at 09:00 in London across the spring change: its instants move an hour', () => {
    const occurrences = occurrencesIn(weekly, '2026-03-01T00:00', '2026-05-01T00:00');
    expect(occurrences).toEqual([
      { start: '2026-03-16T09:00', end: '2026-03-16T10:30' },
      { start: '2026-03-23T09:00', end: '2026-03-23T10:30' },
      { start: '2026-03-30T09:00', end: '2026-03-30T10:30' },
      { start: '2026-04-06T09:00', end: '2026-04-06T10:30' },
    ]);
    // The UK moved to summer time on 29 March 2026: 09:00 GMT is 09:00Z, 09:00 BST is 08:00Z.
    expect(occurrences.map((occurrence) => wallTimeToInstant(occurrence.start, 'Europe/London').toISOString())).toEqual([
      '2026-03-16T09:00:00.000Z',
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    expect(lastEndOf(weekly)).toBe('2026-04-06T10:30');
  });

  it('keeps New York’s daily 08:30 across the autumn change, and Lagos (no daylight saving) at UTC+1', () => {
    const daily = { start: '2026-10-31T08:30', end: '2026-10-31T09:00', isAllDay: false, recurrence: 'FREQ=DAILY' };
    const [saturday, sunday, monday] = occurrencesIn(daily, '2026-10-31T00:00', '2026-11-03T00:00');
    expect([saturday, sunday, monday].map((occurrence) => wallTimeToInstant(occurrence!.start, 'America/New_York').toISOString())).toEqual([
      '2026-10-31T12:30:00.000Z',
      '2026-11-01T13:30:00.000Z',
      '2026-11-02T13:30:00.000Z',
    ]);
    expect(wallTimeToInstant('2026-07-01T09:00', 'Africa/Lagos').toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(lastEndOf(daily)).toBeNull();
  });

  it('reads a time the spring change skips as past the change, and an autumn time that happens twice as its first', () => {
    expect(wallTimeToInstant('2026-03-29T01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeToInstant('2026-10-25T01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallClockNow('Europe/London', new Date('2026-07-01T11:15:00Z'))).toBe('2026-07-01T12:15');
  });

  it('shows only the occurrences overlapping the range, weekdays by BYDAY, and refuses rules finer than a day', () => {
    const weekdays = { start: '2026-12-04T16:00', end: '2026-12-04T17:00', isAllDay: false, recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' };
    expect(occurrencesIn(weekdays, '2026-12-05T00:00', '2026-12-12T00:00').map((occurrence) => occurrence.start)).toEqual([
      '2026-12-07T16:00',
      '2026-12-09T16:00',
      '2026-12-11T16:00',
    ]);
    const once = { start: '2026-12-04T16:00', end: '2026-12-04T17:00', isAllDay: false, recurrence: null };
    expect(occurrencesIn(once, '2026-12-04T16:30', '2026-12-05T00:00')).toHaveLength(1);
    expect(occurrencesIn(once, '2026-12-04T17:00', '2026-12-05T00:00')).toHaveLength(0);
    expect(ruleProblem('FREQ=MINUTELY')).toBe('repeats more often than daily');
    expect(ruleProblem('FREQ=WEEKLY;BYDAY=XX')).not.toBeNull();
    expect(ruleProblem('FREQ=MONTHLY;BYMONTHDAY=-1')).toBeNull();
  });
});
