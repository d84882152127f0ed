import { formatReportCell, isValidIsoDate, type ReportAnswer, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import { csvDatesIn, csvFileStart, csvLine, type CsvValue } from '../../lib/csv.ts';
import { buildReportPdf } from '../../lib/report-pdf.ts';

/**
 * A report's CSV and PDF, drawn from the very answer the screen shows (issue 37: the files hold
 * exactly what is on screen): its columns, rows and totals, then its formula, date basis, rounding
 * and checks.
 */

/** A CSV cell: amounts and hours stay plain decimals a spreadsheet sums; dates read as the app shows them. */
function csvValue(column: ReportColumn, value: ReportRow['cells'][string] | undefined, date: (iso: string) => string): CsvValue {
  if (value === null || value === undefined) return '';
  if (column.kind === 'date' && typeof value === 'string' && isValidIsoDate(value)) return date(value);
  return value;
}

/**
 * A report's CSV in three parts — the header, any rows, then the totals and footer — so the entries
 * behind a figure can be written a page at a time as they are read.
 */
export function reportCsvParts(report: ReportAnswer, timeZone: string) {
  const dates = csvDatesIn(timeZone);
  const width = report.columns.length;
  const line = (row: ReportRow) => csvLine(report.columns.map((column) => csvValue(column, row.cells[column.key], dates.date)));
  const note = (label: string, text: string) => csvLine([label, text, ...Array<string>(Math.max(0, width - 2)).fill('')]);
  return {
    head: csvFileStart(report.columns.map((column) => column.label)),
    rows: (rows: readonly ReportRow[]) => rows.map(line).join(''),
    tail: [
      ...report.totals.map(line),
      ...report.criteria.map((criterion) => note('Criteria', criterion)),
      note('Formula', report.formula),
      note('Date basis', report.dateBasis),
      note('Rounding', report.rounding),
      ...report.checks.map((check) =>
        note(`Check: ${check.pass ? 'Pass' : 'Fail'}`, `${check.name}: expected ${check.expected}, actual ${check.actual}`),
      ),
    ].join(''),
  };
}

export function reportCsv(report: ReportAnswer, timeZone: string): string {
  const parts = reportCsvParts(report, timeZone);
  return parts.head + parts.rows(report.rows) + parts.tail;
}

const cellsOf = (report: ReportAnswer, row: ReportRow) =>
  report.columns.map((column) => formatReportCell(column.kind, row.cells[column.key]));

export function reportPdf(report: ReportAnswer, firmName: string): Promise<Buffer> {
  const isNumeric = (column: ReportColumn) => column.kind !== 'text' && column.kind !== 'date';
  return buildReportPdf({
    firmName,
    title: report.title,
    lines: report.criteria,
    landscape: report.columns.length > 6,
    tables: [
      {
        heading: null,
        columns: report.columns.map((column) => ({
          label: column.label,
          ...(isNumeric(column)
            ? { align: 'right' as const }
            : { wrapWeight: column.key === 'description' || column.key === 'changes' ? 3 : 1 }),
        })),
        rows: [
          ...report.rows.map((row) => ({ cells: cellsOf(report, row) })),
          ...report.totals.map((row) => ({ cells: cellsOf(report, row), isBold: true })),
        ],
      },
      ...(report.checks.length > 0
        ? [
            {
              heading: 'Checks',
              columns: [
                { label: 'Check', wrapWeight: 1 },
                { label: 'Expected', align: 'right' as const },
                { label: 'Actual', align: 'right' as const },
                { label: 'Result' },
              ],
              rows: report.checks.map((check) => ({
                cells: [check.name, check.expected, check.actual, check.pass ? 'Pass' : 'Fail'],
                isBold: !check.pass,
              })),
            },
          ]
        : []),
    ],
    notes: [`Formula: ${report.formula}`, `Date basis: ${report.dateBasis}`, `Rounding: ${report.rounding}`],
  });
}
