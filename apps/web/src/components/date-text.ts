import { displayToIsoDate, displayToMonthDayYear, isoToDisplayDate } from '@matterhorn/shared';

/**
 * Date texts around the date picker (SPEC.md §2): the field shows and keeps DD/MM/YYYY, its parent
 * receives MM/DD/YYYY, and the API takes ISO (YYYY-MM-DD).
 */
const MONTH_DAY_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** True for DD/MM/YYYY text of a real calendar date (31/02/2024 is not). */
export function isValidDisplayDate(display: string): boolean {
  return displayToIsoDate(display) !== null;
}

/** What the field hands its parent: MM/DD/YYYY for a real date, '' otherwise. */
export function displayDateToMonthDayYear(display: string): string {
  return isValidDisplayDate(display) ? displayToMonthDayYear(display) : '';
}

/** The parent's MM/DD/YYYY back to DD/MM/YYYY for the field ('' when it is not such text). */
export function monthDayYearToDisplayDate(monthDayYear: string): string {
  const match = MONTH_DAY_YEAR.exec(monthDayYear);
  return match ? `${match[2]}/${match[1]}/${match[3]}` : '';
}

/** The parent's MM/DD/YYYY as an ISO date for the API, or null when it is not a real date. */
export function monthDayYearToIsoDate(monthDayYear: string): string | null {
  return displayToIsoDate(monthDayYearToDisplayDate(monthDayYear));
}

/** An ISO date (e.g. todayIso()) as the MM/DD/YYYY a parent keeps ('' when not an ISO date). */
export function isoDateToMonthDayYear(iso: string): string {
  return displayDateToMonthDayYear(isoToDisplayDate(iso));
}
