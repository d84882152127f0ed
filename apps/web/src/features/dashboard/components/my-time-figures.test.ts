import { describe, expect, it } from 'vitest';
import type { MyTime } from '@matterhorn/shared';
import { describeMyTime, formatHours, hoursAxisRange } from './my-time-figures.ts';

describe('the week chart’s hours axis', () => {
  it('reaches above the longest day, so its bar is drawn whole', () => {
    for (const longest of [0.25, 1, 7.5, 8, 12.75]) {
      const [from, to] = hoursAxisRange(longest);
      expect(from).toBe(0);
      expect(to).toBeGreaterThan(longest);
      expect(Number.isInteger(to)).toBe(true);
    }
    expect(hoursAxisRange(0)).toEqual([0, 1]);
  });
});

describe('the dashboard’s hours', () => {
  it('shows 2 decimals, not the timer’s 4 ("12.7500" → "12.75 h")', () => {
    expect(formatHours('12.7500')).toBe('12.75 h');
    expect(formatHours('0.1250')).toBe('0.13 h');
    expect(formatHours('3')).toBe('3.00 h');
    expect(
      describeMyTime({
        weekStart: '2026-11-23',
        weekEnd: '2026-11-29',
        weekTotalHours: '12.7500',
        weekBillableHours: '10.5000',
        weekNonBillableHours: '2.2500',
        unbilledHours: '7.0000',
        unbilledAmount: '350000.00',
        currencySymbol: '₦',
      } as MyTime),
    ).toBe(
      'Hours recorded from 23/11/2026 to 29/11/2026: 12.75 h in total, 10.50 h billable and 2.25 h non-billable. Unbilled: 7.00 h, ₦350,000.00.',
    );
  });
});
