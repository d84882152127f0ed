import { describe, expect, it } from 'vitest';
import { fiscalYearLabel, fiscalYearMonths, fiscalYearOf, fiscalYearRange } from './fiscal-year.ts';

describe('the fiscal year', () => {
  it.each([
    { date: '2026-03-31', startMonth: 4, year: 2025 },
    { date: '2026-04-01', startMonth: 4, year: 2026 },
    { date: '2026-12-31', startMonth: 1, year: 2026 },
    { date: '2026-06-30', startMonth: 7, year: 2025 },
  ])('$date with a start in month $startMonth is in fiscal year $year', ({ date, startMonth, year }) => {
    expect(fiscalYearOf(date, startMonth)).toBe(year);
  });

  it('runs twelve months from its start month, named by the year it starts in', () => {
    expect(fiscalYearRange(2026, 1)).toEqual({ fromDate: '2026-01-01', toDate: '2026-12-31' });
    expect(fiscalYearRange(2023, 3)).toEqual({ fromDate: '2023-03-01', toDate: '2024-02-29' });
    expect(fiscalYearLabel(2026, 1)).toBe('2026');
    expect(fiscalYearLabel(2099, 4)).toBe('2099/00');
    expect(fiscalYearMonths(2026, 10)).toEqual([
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
      '2027-07-01',
      '2027-08-01',
      '2027-09-01',
    ]);
  });
});
