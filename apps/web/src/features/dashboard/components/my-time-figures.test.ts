import { describe, expect, it } from 'vitest';
import { hoursAxisRange } from './my-time-figures.ts';

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
