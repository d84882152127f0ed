import { describe, expect, it } from 'vitest';
import { firstBookableDay, freeSlots, type SlotRules } from './consultation-slots.ts';

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '11:00' }));
const rules: SlotRules = { lengthMinutes: 45, workingHours: weekdays, noticeDays: 1, horizonDays: 7 };
// 2030-03-01 is a Friday.
const friday = { today: '2030-03-01', nowLocal: '2030-03-01T08:00' };

describe('the first bookable day', () => {
  it.each([
    ['Friday, no notice: today', '2030-03-01', 0, '2030-03-01'],
    ['Friday, one working day: Monday', '2030-03-01', 1, '2030-03-04'],
    ['Friday, two working days: Tuesday', '2030-03-01', 2, '2030-03-05'],
    ['Saturday, one working day: Monday', '2030-03-02', 1, '2030-03-04'],
    ['Wednesday, one working day: Thursday', '2030-02-27', 1, '2030-02-28'],
  ])('%s', (_case, today, noticeDays, expected) => {
    expect(firstBookableDay(today, { noticeDays, workingHours: weekdays })).toBe(expected);
  });

  it('is none when no weekday has hours', () => {
    expect(firstBookableDay('2030-03-01', { noticeDays: 1, workingHours: [] })).toBeNull();
  });
});

describe('free slots', () => {
  it('cuts each working day from its start into whole consultations, skipping the weekend, up to the horizon', () => {
    const days = freeSlots(rules, friday, []);
    expect(days.map((day) => day.date)).toEqual(['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08']);
    // 09:00–11:00 holds two of 45 minutes; the third would end after closing.
    expect(days[0]!.slots).toEqual([
      { start: '2030-03-04T09:00', end: '2030-03-04T09:45' },
      { start: '2030-03-04T09:45', end: '2030-03-04T10:30' },
    ]);
  });

  it('leaves out what overlaps busy time (not what only touches it) and what has started', () => {
    const busy = [
      { start: '2030-03-04T09:30', end: '2030-03-04T09:40' },
      { start: '2030-03-05T10:30', end: '2030-03-05T12:00' },
    ];
    const days = freeSlots(rules, friday, busy);
    expect(days[0]!.slots.map((slot) => slot.start)).toEqual(['2030-03-04T09:45']);
    expect(days[1]!.slots.map((slot) => slot.start)).toEqual(['2030-03-05T09:00', '2030-03-05T09:45']);
    const today = freeSlots({ ...rules, noticeDays: 0 }, { today: '2030-03-01', nowLocal: '2030-03-01T09:10' }, []);
    expect(today[0]).toEqual({ date: '2030-03-01', slots: [{ start: '2030-03-01T09:45', end: '2030-03-01T10:30' }] });
  });
});
