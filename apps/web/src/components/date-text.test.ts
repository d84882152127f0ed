import { describe, expect, it } from 'vitest';
import {
  displayDateToMonthDayYear,
  isoDateToMonthDayYear,
  isValidDisplayDate,
  monthDayYearToDisplayDate,
  monthDayYearToIsoDate,
} from './date-text.ts';

describe('date texts', () => {
  it.each([
    ['15/03/2024', true, '03/15/2024'],
    ['29/02/2024', true, '02/29/2024'],
    ['29/02/2023', false, ''],
    ['31/04/2024', false, ''],
    ['15/13/2024', false, ''],
    ['1/3/2024', false, ''],
    ['', false, ''],
  ])('DD/MM/YYYY %j is valid: %s, parent gets %j', (display, isValid, monthDayYear) => {
    expect(isValidDisplayDate(display)).toBe(isValid);
    expect(displayDateToMonthDayYear(display)).toBe(monthDayYear);
  });

  it('turns the parent’s MM/DD/YYYY back into DD/MM/YYYY and ISO', () => {
    expect(monthDayYearToDisplayDate('03/15/2024')).toBe('15/03/2024');
    expect(monthDayYearToDisplayDate('')).toBe('');
    expect(monthDayYearToIsoDate('03/15/2024')).toBe('2024-03-15');
    expect(monthDayYearToIsoDate('15/03/2024')).toBeNull();
    expect(monthDayYearToIsoDate('')).toBeNull();
  });

  it('turns an ISO date into the parent’s MM/DD/YYYY', () => {
    expect(isoDateToMonthDayYear('2024-03-15')).toBe('03/15/2024');
    expect(isoDateToMonthDayYear('2024-03-15T10:00:00Z')).toBe('03/15/2024');
    expect(isoDateToMonthDayYear('not a date')).toBe('');
  });
});
