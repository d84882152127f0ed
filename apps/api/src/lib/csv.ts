import { displayFirmDateTime } from '@matterhorn/shared';

/**
 * Text a spreadsheet would run as a formula (CSV injection, OWASP): after any blanks, an `=`, `+`,
 * `-`, `@`, tab or carriage return, or their full-width forms, which some spreadsheets fold to the
 * ASCII ones; also such a character behind a leading `;` or `,`, which a spreadsheet that guesses
 * the separator reads as an empty cell followed by the formula.
 */
const FORMULA_START = /^[\s\u3000]*[;,]?[\s\u3000]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export type CsvValue = string | number | null | undefined;

/** A plain decimal number (an amount read from NUMERIC arrives as text): a spreadsheet cannot run it. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * A phone number as people write it ("+234 803 123 4567", "+44 (0)20 7946 0958"): digits, blanks,
 * brackets, dots and dashes after one leading `+`, seven digits at least. It names no cell and no
 * function, so a spreadsheet can at worst read it as a number; the apostrophe would only spoil it.
 */
const PHONE_NUMBER = /^\+[\d\s().-]+$/;
const isPhoneNumber = (text: string) => PHONE_NUMBER.test(text) && (text.match(/\d/g)?.length ?? 0) >= 7;

/** True when a text cell must be neutralised before a spreadsheet opens it. */
export const isFormulaLike = (text: string): boolean => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) && !isPhoneNumber(text);

function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A negative amount stays a number that sums; only other text can smuggle a formula.
  if (typeof value === 'string' && isFormulaLike(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, RFC 4180 quoting, ended by CRLF: what every list's download writes. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV file's first line: its header behind UTF-8's byte-order mark, without which Excel reads the
 * file in the machine's legacy code page ("Ọlápé" and "₦" arrive garbled). Other readers skip it.
 */
export const csvFileStart = (header: readonly string[]): string => `\uFEFF${csvLine(header)}`;

/** How a CSV writes the firm's dates and moments: as the app shows them (SPEC.md: DD/MM/YYYY), in the firm's time zone. */
export type CsvDates = {
  /** A calendar date (YYYY-MM-DD) as DD/MM/YYYY. */
  date: (isoDate: string | null | undefined) => string;
  /** A moment (a timestamptz as the driver's text, ISO text or a Date) as DD/MM/YYYY HH:mm in the firm's time zone. */
  moment: (instant: string | Date | null | undefined) => string;
};

/** A timestamptz as the PostgreSQL drivers give it ("2026-11-10 09:12:44.123+00"), read as a Date. */
function instantOf(value: string | Date): Date {
  if (value instanceof Date) return value;
  const driverText = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2})(?::?(\d{2}))?$/.exec(value);
  return new Date(driverText ? `${driverText[1]}T${driverText[2]}${driverText[3]}:${driverText[4] ?? '00'}` : value);
}

export function csvDatesIn(timeZone: string): CsvDates {
  return {
    date: (isoDate) => (isoDate ? isoDate.slice(0, 10).split('-').reverse().join('/') : ''),
    moment: (instant) => {
      if (!instant) return '';
      const at = instantOf(instant);
      return Number.isNaN(at.getTime()) ? '' : displayFirmDateTime(at.toISOString(), timeZone);
    },
  };
}
