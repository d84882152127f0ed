import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { daysShown, itemsOnDay, navigatedDate, placeTimedItems, rangeLabel } from './calendar-grid.ts';
import { taskItem, type CalendarItem } from './calendar-items.ts';
import { wallClockDate } from './wall-clock.ts';

const item = (id: string, start: string, end: string, allDay = false) =>
  ({ kind: 'task', id, title: id, start: wallClockDate(start), end: wallClockDate(end), allDay }) as unknown as CalendarItem;

describe('the calendar grid', () => {
  it('draws a month in whole weeks, a week in 7 days, a day, and 30 days of agenda', () => {
    const date = new Date(2025, 2, 12); // Wednesday 12 March 2025
    const month = daysShown('month', date);
    expect(month).toHaveLength(42); // 1 March is a Saturday, 31 March a Monday: six weeks
    expect(month[0]?.format('YYYY-MM-DD')).toBe('2025-02-23');
    expect(month.at(-1)?.format('YYYY-MM-DD')).toBe('2025-04-05');
    expect(daysShown('week', date).map((day) => day.format('DD'))).toEqual(['09', '10', '11', '12', '13', '14', '15']);
    expect(daysShown('day', date)).toHaveLength(1);
    expect(daysShown('agenda', date)).toHaveLength(30);
  });

  it('labels and moves each view by its own length', () => {
    const date = new Date(2025, 2, 12);
    expect(rangeLabel('month', date)).toBe('March 2025');
    expect(rangeLabel('week', date)).toBe('09/03/2025 – 15/03/2025');
    expect(rangeLabel('day', date)).toBe('Wednesday 12/03/2025');
    expect(rangeLabel('agenda', date)).toBe('12/03/2025 – 10/04/2025');
    expect(dayjs(navigatedDate('month', date, 'NEXT')).format('YYYY-MM-DD')).toBe('2025-04-12');
    expect(dayjs(navigatedDate('week', date, 'PREV')).format('YYYY-MM-DD')).toBe('2025-03-05');
    expect(dayjs(navigatedDate('agenda', date, 'NEXT')).format('YYYY-MM-DD')).toBe('2025-04-11');
    const today = new Date(2026, 0, 1);
    expect(navigatedDate('day', date, 'TODAY', today)).toBe(today);
  });

  it('puts an all-day event on each of its days, and a court date without a time on its own day', () => {
    const items = [
      item('conference', '2025-03-10T00:00', '2025-03-12T00:00', true), // 10 and 11 March
      item('hearing', '2025-03-12T00:00', '2025-03-12T00:00', true),
      item('meeting', '2025-03-11T09:00', '2025-03-11T10:00'),
    ];
    const on = (day: string) => itemsOnDay(items, dayjs(day)).map((entry) => entry.id);
    expect(on('2025-03-10')).toEqual(['conference']);
    expect(on('2025-03-11')).toEqual(['conference', 'meeting']);
    expect(on('2025-03-12')).toEqual(['hearing']);
  });

  it('shows a task due late in the evening on its own day only', () => {
    const task = { title: 'File the brief', status: 'To do', priority: 'High', matterId: null, matterName: null } as const;
    const items = [
      taskItem({ ...task, id: 'late', dueDate: '2025-03-11', dueTime: '23:45' }),
      taskItem({ ...task, id: 'noon', dueDate: '2025-03-11', dueTime: '12:00' }),
    ];
    expect(itemsOnDay(items, dayjs('2025-03-11')).map((entry) => entry.id)).toEqual(['task-noon', 'task-late']);
    expect(itemsOnDay(items, dayjs('2025-03-12'))).toEqual([]);
    expect(dayjs(items[1]!.end).diff(items[1]!.start, 'minute')).toBe(30);
  });

  it('places overlapping items side by side and the rest at full width', () => {
    const day = dayjs('2025-03-11');
    const placed = placeTimedItems(
      [
        item('a', '2025-03-11T09:00', '2025-03-11T10:00'),
        item('b', '2025-03-11T09:30', '2025-03-11T11:00'),
        item('c', '2025-03-11T10:00', '2025-03-11T10:30'),
        item('d', '2025-03-11T14:00', '2025-03-11T14:05'),
      ],
      day,
    );
    const by = Object.fromEntries(placed.map((entry) => [entry.item.id, entry]));
    expect(by.a).toMatchObject({ top: 540, length: 60, column: 0, columns: 2 });
    expect(by.b).toMatchObject({ top: 570, length: 90, column: 1, columns: 2 });
    expect(by.c).toMatchObject({ top: 600, length: 30, column: 0, columns: 2 });
    // Five minutes is drawn as twenty, alone at full width.
    expect(by.d).toMatchObject({ top: 840, length: 20, column: 0, columns: 1 });
  });

  it('draws an evening that runs past midnight to the end of its first day and from the top of the next', () => {
    const late = [item('vigil', '2025-03-11T22:00', '2025-03-12T02:00')];
    expect(placeTimedItems(late, dayjs('2025-03-11'))[0]).toMatchObject({ top: 1320, length: 120 });
    expect(placeTimedItems(late, dayjs('2025-03-12'))[0]).toMatchObject({ top: 0, length: 120 });
  });
});
