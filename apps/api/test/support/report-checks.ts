import { expect } from 'vitest';
import { isoToDisplayDate, isValidIsoDate, type ReportAnswer, type ReportRow } from '@matterhorn/shared';
import { csvRowsOf } from './csv-download.ts';
import { pdfText } from './pdf-text.ts';

type Inject = (
  url: string,
) => Promise<{ statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown>; json(): unknown }>;

/** GET a report's JSON answer, asserting 200. */
export async function reportOf(get: Inject, name: string, query: Record<string, string> = {}): Promise<ReportAnswer> {
  const response = await get(`/api/admin/reports/${name}?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: ReportAnswer }).data;
}

/** A report's rows as the keys a test names, for comparing with a hand-computed table. */
export const rowsAs = (rows: readonly ReportRow[], keys: readonly string[]) =>
  rows.map((row) => Object.fromEntries(keys.map((key) => [key, row.cells[key] ?? null])));

/**
 * The CSV of a report holds exactly what the screen does: the header is the columns' labels, then
 * the rows and totals cell for cell (dates as DD/MM/YYYY), then the formula, date basis, rounding
 * and each check.
 */
export async function expectCsvEqualsScreen(get: Inject, name: string, query: Record<string, string>, answer: ReportAnswer) {
  const response = await get(`/api/admin/reports/${name}?${new URLSearchParams({ ...query, format: 'csv' })}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  const [header, ...lines] = csvRowsOf(response);
  expect(header).toEqual(answer.columns.map((column) => column.label));
  const asCsv = (row: ReportRow) =>
    answer.columns.map((column) => {
      const value = row.cells[column.key];
      if (value === null || value === undefined) return '';
      return column.kind === 'date' && isValidIsoDate(String(value)) ? isoToDisplayDate(String(value)) : String(value);
    });
  const tableLength = answer.rows.length + answer.totals.length;
  expect(lines.slice(0, tableLength)).toEqual([...answer.rows, ...answer.totals].map(asCsv));
  const notes = lines.slice(tableLength).map((line) => [line[0], line[1]]);
  expect(notes).toContainEqual(['Formula', answer.formula]);
  expect(notes).toContainEqual(['Date basis', answer.dateBasis]);
  for (const check of answer.checks)
    expect(notes).toContainEqual([
      `Check: ${check.pass ? 'Pass' : 'Fail'}`,
      `${check.name}: expected ${check.expected}, actual ${check.actual}`,
    ]);
}

/** The PDF of a report: a real PDF whose text has the title, the formula's start and every check's result. */
export async function expectPdfOfReport(get: Inject, name: string, query: Record<string, string>, answer: ReportAnswer) {
  const response = await get(`/api/admin/reports/${name}?${new URLSearchParams({ ...query, format: 'pdf' })}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const text = (await pdfText(response.rawPayload)).join(' ').replace(/\s+/g, ' ');
  expect(text).toContain(answer.title);
  expect(text).toContain('Formula:');
  for (const check of answer.checks) expect(text).toContain(check.pass ? 'Pass' : 'Fail');
  return text;
}
