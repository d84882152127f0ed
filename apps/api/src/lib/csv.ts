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

/** True when a text cell must be neutralised before a spreadsheet opens it. */
export const isFormulaLike = (text: string): boolean => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);

function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A negative amount stays a number that sums; only other text can smuggle a formula.
  if (typeof value === 'string' && isFormulaLike(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, RFC 4180 quoting, ended by CRLF: what every list's download writes. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;
