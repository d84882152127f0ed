import { describe, expect, it } from 'vitest';
import { conversionRateOf, medianOf } from './lead-report.ts';

describe('the lead report’s figures', () => {
  it.each([
    [1, 5, '20.0'],
    [1, 3, '33.3'],
    [2, 3, '66.7'],
    [1, 8, '12.5'],
    [1, 16, '6.3'],
    [0, 4, '0.0'],
    [0, 0, null],
  ])('%i engaged of %i leads is %s%%', (engaged, leads, expected) => {
    expect(conversionRateOf(engaged, leads)).toBe(expected);
  });

  it.each([
    [[], null],
    [[4], 4],
    [[9, 1, 5], 5],
    [[1, 2, 10, 3], 2.5],
  ])('the median of %j is %s', (values, expected) => {
    expect(medianOf(values)).toBe(expected);
  });
});
