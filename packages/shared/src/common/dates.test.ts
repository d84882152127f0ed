import { afterEach, describe, it, expect, vi } from 'vitest';
import {
  daysBetween,
  displayToIsoDate,
  displayToMonthDayYear,
  firmWallClockOf,
  isoToDisplayDate,
  isValidIsoDate,
  momentOfFirmWallClock,
  todayIso,
} from './dates.ts';
import { isoToDocumentDate } from './document-dates.ts';

describe('isoToDisplayDate (ISO -> DD/MM/YYYY)', () => {
  it.each([
    ['2026-03-05', '05/03/2026'],
    ['2026-12-31', '31/12/2026'],
    ['2026-01-01', '01/01/2026'],
    ['2024-02-29', '29/02/2024'],
    // timestamps: only the date part is used
    ['2026-03-05T00:00:00.000Z', '05/03/2026'],
    ['2026-03-05T23:59:59.999Z', '05/03/2026'],
    ['2026-03-05T10:00:00+05:30', '05/03/2026'],
    // not ISO
    ['', ''],
    ['05/03/2026', ''],
    ['2026-3-5', ''],
    ['20260305', ''],
    ['26-03-05', ''],
    ['not a date', ''],
  ])('%j -> %j', (iso, expected) => {
    expect(isoToDisplayDate(iso)).toBe(expected);
  });
});

describe('displayToIsoDate (DD/MM/YYYY -> ISO, null when invalid)', () => {
  it.each([
    ['05/03/2026', '2026-03-05'],
    ['01/01/2026', '2026-01-01'],
    ['31/12/2026', '2026-12-31'],
    ['31/01/2026', '2026-01-31'],
    ['28/02/2026', '2026-02-28'],
    ['31/03/2026', '2026-03-31'],
    ['30/04/2026', '2026-04-30'],
    ['31/05/2026', '2026-05-31'],
    // leap years
    ['29/02/2024', '2024-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['29/02/2028', '2028-02-29'],
  ])('%j -> %j', (display, expected) => {
    expect(displayToIsoDate(display)).toBe(expected);
  });

  it.each([
    // impossible calendar dates
    ['31/02/2026'],
    ['30/02/2026'],
    ['29/02/2026'],
    ['29/02/2025'],
    ['29/02/1900'],
    ['31/04/2026'],
    ['31/06/2026'],
    ['31/09/2026'],
    ['31/11/2026'],
    ['32/01/2026'],
    ['00/01/2026'],
    ['01/00/2026'],
    ['01/13/2026'],
    ['12/31/2026'], // month/day order is not accepted
    // wrong shape
    [''],
    ['1/2/2026'],
    ['05/3/2026'],
    ['05/03/26'],
    ['05-03-2026'],
    ['2026-03-05'],
    [' 05/03/2026'],
    ['05/03/2026 '],
    ['aa/bb/cccc'],
  ])('%j -> null', (display) => {
    expect(displayToIsoDate(display)).toBeNull();
  });

  it.each(['2026-03-05', '2024-02-29', '1999-12-31', '2026-01-01'])('round-trips %j through the display form', (iso) => {
    expect(displayToIsoDate(isoToDisplayDate(iso))).toBe(iso);
  });
});

describe('displayToMonthDayYear (DD/MM/YYYY -> MM/DD/YYYY for the date picker)', () => {
  it.each([
    ['05/03/2026', '03/05/2026'],
    ['31/12/2026', '12/31/2026'],
    ['01/01/2026', '01/01/2026'],
    ['29/02/2024', '02/29/2024'],
    ['', ''],
    ['2026-03-05', ''],
    ['5/3/2026', ''],
    ['05/03/26', ''],
  ])('%j -> %j', (display, expected) => {
    expect(displayToMonthDayYear(display)).toBe(expected);
  });
});

describe('isValidIsoDate', () => {
  it.each([
    ['2026-01-01', true],
    ['2026-12-31', true],
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-02-31', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-01-00', false],
    ['2026-01-32', false],
    ['2026-1-1', false],
    ['2026-01-01T00:00:00Z', false],
    ['01/01/2026', false],
    ['', false],
  ])('%j -> %s', (iso, expected) => {
    expect(isValidIsoDate(iso)).toBe(expected);
  });
});

describe('daysBetween (whole days, negative when `to` is earlier)', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-02', 1],
    ['2026-01-02', '2026-01-01', -1],
    ['2026-01-01', '2026-01-15', 14],
    ['2026-01-31', '2026-02-01', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-01-01', '2027-01-01', 365],
    ['2024-01-01', '2025-01-01', 366],
    ['2026-12-31', '2026-01-01', -364],
    ['2025-12-31', '2026-01-01', 1],
    // spans across daylight-saving changes (US and EU) are still whole days
    ['2026-03-07', '2026-03-09', 2],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-24', '2026-10-26', 2],
    ['2026-11-01', '2026-11-02', 1],
    // timestamps: only the date part counts
    ['2026-01-01T23:59:59Z', '2026-01-02T00:00:01Z', 1],
    ['2026-01-01T00:00:00Z', '2026-01-01T23:59:59Z', 0],
    ['2026-01-05T12:00:00Z', '2026-01-01', -4],
    // long spans
    ['2000-01-01', '2100-01-01', 36525],
  ])('%j -> %j = %i', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });
});

describe('todayIso (local calendar date)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [new Date(2026, 0, 15, 0, 0, 0), '2026-01-15'],
    [new Date(2026, 0, 15, 12, 0, 0), '2026-01-15'],
    [new Date(2026, 0, 15, 23, 59, 59), '2026-01-15'],
    [new Date(2024, 1, 29, 8, 30), '2024-02-29'],
    [new Date(2026, 11, 31, 23, 59, 59), '2026-12-31'],
    [new Date(2026, 2, 29, 12, 0, 0), '2026-03-29'],
    [new Date(2026, 9, 25, 12, 0, 0), '2026-10-25'],
  ])('%s -> %j', (now, expected) => {
    expect(todayIso(now)).toBe(expected);
  });

  it('defaults to the current time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 1, 23, 30));
    expect(todayIso()).toBe('2026-06-01');
  });
});

describe('isoToDocumentDate', () => {
  it('prints a date in each of the firm’s document formats', () => {
    expect(isoToDocumentDate('2026-03-07', 'DD/MM/YYYY')).toBe('07/03/2026');
    expect(isoToDocumentDate('2026-03-07', 'MM/DD/YYYY')).toBe('03/07/2026');
    expect(isoToDocumentDate('2026-03-07T10:00:00Z', 'YYYY-MM-DD')).toBe('2026-03-07');
    expect(isoToDocumentDate('2026-12-25', 'D MMM YYYY')).toBe('25 Dec 2026');
    expect(isoToDocumentDate('not a date', 'D MMM YYYY')).toBe('');
  });
});

describe('the firm’s wall clock', () => {
  it.each([
    ['2026-11-28T08:30:00.000Z', 'Africa/Lagos', '2026-11-28T09:30'],
    ['2026-11-28T23:30:00.000Z', 'Africa/Lagos', '2026-11-29T00:30'],
    ['2026-03-29T01:30:00.000Z', 'Europe/London', '2026-03-29T02:30'],
  ])('shows %s in %s as %s, and reads it back', (iso, timeZone, wallClock) => {
    expect(firmWallClockOf(iso, timeZone)).toBe(wallClock);
    expect(momentOfFirmWallClock(wallClock, timeZone)).toBe(iso);
  });

  it('answers nothing for text that is not a wall clock', () => {
    expect(momentOfFirmWallClock('28/11/2026 09:30', 'Africa/Lagos')).toBe('');
    expect(firmWallClockOf('not a date', 'Africa/Lagos')).toBe('');
  });
});
