import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';

/**
 * A CSV download checked as Excel and other readers take it: UTF-8's byte-order mark first, every
 * line ended by CRLF (a line break inside a quoted cell is the cell's own), and RFC 4180 quoting
 * that a CSV parser reads back into rows of the same width. Returns the rows, header first.
 */
export function csvRowsOf(response: { rawPayload: Buffer }): string[][] {
  const text = csvTextOf(response);
  const rows = parse(text, { record_delimiter: '\r\n' }) as string[][];
  expect(new Set(rows.map((row) => row.length)).size, 'every row as wide as the header').toBe(1);
  return rows;
}

/** The download's lines (for a file whose cells hold no line break), after the same checks. */
export function csvLinesOf(response: { rawPayload: Buffer }): string[] {
  return csvTextOf(response).split('\r\n').slice(0, -1);
}

function csvTextOf({ rawPayload }: { rawPayload: Buffer }): string {
  expect([...rawPayload.subarray(0, 3)], "UTF-8's byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
  const text = rawPayload.subarray(3).toString('utf8');
  const outsideQuotes = text.replace(/"(?:[^"]|"")*"/g, '""');
  expect(outsideQuotes.endsWith('\r\n'), 'the last line ends with CRLF').toBe(true);
  expect(/(?<!\r)\n|\r(?!\n)/.test(outsideQuotes), 'a bare LF or CR between lines').toBe(false);
  return text;
}
