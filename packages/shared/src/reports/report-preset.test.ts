import { describe, expect, it } from 'vitest';
import { datesOfPeriod, nextSendingDay, presetQueryOn } from './report-preset.schemas.ts';

describe('a preset’s dates', () => {
  it.each([
    ['last-7-days', '2026-11-26', { From: '2026-11-19', To: '2026-11-25' }],
    ['last-month', '2026-11-26', { From: '2026-10-01', To: '2026-10-31' }],
    ['last-month', '2026-03-01', { From: '2026-02-01', To: '2026-02-28' }],
    ['last-month', '2026-01-15', { From: '2025-12-01', To: '2025-12-31' }],
    ['month-to-date', '2026-11-26', { From: '2026-11-01', To: '2026-11-26' }],
    ['year-to-date', '2026-11-26', { From: '2026-01-01', To: '2026-11-26' }],
  ] as const)('%s on %s', (period, today, expected) => {
    expect(datesOfPeriod(period, today)).toEqual(expected);
  });

  it('replaces Period with From and To, and keeps the other filters', () => {
    expect(presetQueryOn({ Period: 'last-month', ClientId: 'c', From: '2020-01-01' }, '2026-11-26')).toEqual({
      ClientId: 'c',
      From: '2026-10-01',
      To: '2026-10-31',
    });
    expect(presetQueryOn({ From: '2020-01-01' }, '2026-11-26')).toEqual({ From: '2020-01-01' });
  });
});

describe('the next sending day', () => {
  it.each([
    ['weekly', '2026-11-26', '2026-11-30'], // Thursday → Monday
    ['weekly', '2026-11-30', '2026-12-07'], // Monday → the next Monday
    ['weekly', '2026-11-29', '2026-11-30'], // Sunday → Monday
    ['monthly', '2026-11-26', '2026-12-01'],
    ['monthly', '2026-12-01', '2027-01-01'],
    ['monthly', '2026-01-31', '2026-02-01'],
  ] as const)('%s after %s is %s', (schedule, today, expected) => {
    expect(nextSendingDay(schedule, today)).toBe(expected);
  });
});
