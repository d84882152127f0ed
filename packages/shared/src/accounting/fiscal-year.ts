/**
 * The firm's fiscal year (issue 36): it starts on the 1st of the firm's fiscal year start month and
 * runs twelve months. A fiscal year is named by the calendar year it starts in: with an April start,
 * fiscal year 2026 runs from 1 April 2026 to 31 March 2027 and is labelled "2026/27".
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The last day of a calendar month (month 1–12), YYYY-MM-DD. */
export function lastDayOfMonth(year: number, month: number): string {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(days)}`;
}

/** The first day of the month `months` after (or before, when negative) the given year and month. */
export function shiftMonth(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The fiscal year a date falls in (the calendar year that fiscal year starts in). */
export function fiscalYearOf(isoDate: string, startMonth: number): number {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return month >= startMonth ? year : year - 1;
}

/** The first and last day of a fiscal year. */
export function fiscalYearRange(fiscalYear: number, startMonth: number): { fromDate: string; toDate: string } {
  const end = shiftMonth(fiscalYear, startMonth, 11);
  return { fromDate: `${pad(fiscalYear, 4)}-${pad(startMonth)}-01`, toDate: lastDayOfMonth(end.year, end.month) };
}

/** "2026" for a fiscal year that is the calendar year, else "2026/27". */
export function fiscalYearLabel(fiscalYear: number, startMonth: number): string {
  return startMonth === 1 ? String(fiscalYear) : `${fiscalYear}/${pad((fiscalYear + 1) % 100)}`;
}

/** The fiscal year's twelve months in order, each as its first day (YYYY-MM-01). */
export function fiscalYearMonths(fiscalYear: number, startMonth: number): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const { year, month } = shiftMonth(fiscalYear, startMonth, index);
    return `${pad(year, 4)}-${pad(month)}-01`;
  });
}

/** "Apr 2026" for a month's first day. */
export function monthLabel(monthStart: string): string {
  return `${MONTH_NAMES[Number(monthStart.slice(5, 7)) - 1]!.slice(0, 3)} ${monthStart.slice(0, 4)}`;
}
