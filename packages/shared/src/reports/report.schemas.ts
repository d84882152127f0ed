import { z } from 'zod';
import { isoDate } from '../common/fields.ts';
import { formatMoney } from '../common/money.ts';
import { isoToDisplayDate, isValidIsoDate } from '../common/dates.ts';

/**
 * Every report of the report centre answers one shape (issue 37): the columns it shows, its rows and
 * totals, the formula and date basis in words, and its tie-out checks. One table on screen, one CSV
 * and one PDF are all drawn from it, so the files hold exactly what the screen shows.
 */

/** How a column's values read: money and hours are exact decimal strings, a percentage one decimal. */
export const REPORT_COLUMN_KINDS = ['text', 'date', 'money', 'hours', 'percent', 'count'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const reportColumnSchema = z.object({
  key: z.string().describe('The key of this column’s value in each row’s cells.'),
  label: z.string().describe('The column’s heading, as the screen, the CSV and the PDF print it.'),
  kind: z.enum(REPORT_COLUMN_KINDS).describe('How the value reads: text, a date (YYYY-MM-DD), money, hours, percent or a count.'),
  drill: z
    .record(z.string(), z.string())
    .nullable()
    .describe(
      'For a figure: the filters it adds to its row’s to list the entries behind it (e.g. {"Bucket":"31-60"}); null: not a figure to open.',
    ),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportRowSchema = z.object({
  cells: z.record(z.string(), reportCellSchema).describe('The row’s values by column key.'),
  drill: z
    .record(z.string(), z.string())
    .nullable()
    .describe('The filters that select the entries behind this row (with Level=entries); null when the row is itself an entry.'),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportCheckSchema = z.object({
  name: z.string().describe('What is compared, in words, e.g. "Σ rows = accounts receivable (1200) in the ledger, NGN".'),
  expected: z.string().describe('What the report’s own rows add up to.'),
  actual: z.string().describe('What the other record (the ledger, the entries) says.'),
  pass: z.boolean().describe('true when the two agree.'),
});
export type ReportCheck = z.infer<typeof reportCheckSchema>;

export const REPORT_LEVELS = ['summary', 'entries'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

export const reportPageSchema = z.object({
  page: z.number().describe('The page shown, from 1.'),
  size: z.number().describe('Rows per page.'),
  totalCount: z.number().describe('How many rows the summary or the drill-down holds in all.'),
});

export const reportAnswerSchema = z.object({
  title: z.string().describe('The report’s title, as printed.'),
  level: z.enum(REPORT_LEVELS).describe('summary: grouped rows; entries: the entries behind a figure, one row each.'),
  criteria: z.array(z.string()).describe('The filters in words ("Activity dates 01/01/2026 – 31/12/2026"), as the PDF prints them.'),
  columns: z.array(reportColumnSchema).describe('The table’s columns, in order.'),
  rows: z.array(reportRowSchema).describe('The table’s rows, one page of them.'),
  totals: z.array(reportRowSchema).describe('Total rows (one per currency where money is shown), under the rows.'),
  formula: z.string().describe('How every figure is made, in words.'),
  dateBasis: z.string().describe('Which date places an entry in the report’s period or age bucket: activity, issue, due or payment date.'),
  rounding: z.string().describe('How amounts and hours are rounded.'),
  checks: z.array(reportCheckSchema).describe('The tie-outs that apply, each pass or fail.'),
  page: reportPageSchema
    .nullable()
    .describe('Which page of the rows this is (the JSON answer pages both levels); null in a report sent whole.'),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;

/** Query fields every report takes: the format, the level and the page of rows. */
export const reportQueryBase = {
  format: z
    .enum(REPORT_FORMATS, { error: 'format must be json, csv or pdf' })
    .optional()
    .describe('csv or pdf: exactly what the screen shows, as a file; left out or json: the JSON answer.'),
  Level: z
    .enum(REPORT_LEVELS, { error: 'Level must be summary or entries' })
    .optional()
    .describe('entries: the entries behind a figure (the drill-down), one row each; default summary.'),
  Page: z.coerce
    .number({ error: 'Page must be a number' })
    .int()
    .min(1, 'Page must be at least 1')
    .max(100_000, 'Page must be at most 100000')
    .describe('The page of rows, from 1.')
    .optional(),
  Size: z.coerce
    .number({ error: 'Size must be a number' })
    .int()
    .min(1, 'Size must be at least 1')
    .max(500, 'Size must be at most 500')
    .describe('Rows per page, up to 500 (default 100).')
    .optional(),
};

const optionalId = (label: string) =>
  z
    .union([z.uuid({ error: `${label} must be a valid id` }), z.literal('')])
    .optional()
    .transform((value) => value || undefined);

const optionalDate = (label: string) =>
  z
    .union([isoDate(label), z.literal('')])
    .optional()
    .transform((value) => value || undefined);

/** The filters reports share; each report's query picks those that fit it. */
export const reportFilterFields = {
  From: optionalDate('From').describe('From this day (YYYY-MM-DD), by the report’s date basis.'),
  To: optionalDate('To').describe('Up to this day (YYYY-MM-DD), by the report’s date basis.'),
  AsOfDate: optionalDate('AsOfDate').describe('The day the report is as of (YYYY-MM-DD); default the firm’s today.'),
  FeeEarnerId: optionalId('FeeEarnerId').describe('One fee earner’s (a team member’s id).'),
  ClientId: optionalId('ClientId').describe('One client’s.'),
  MatterId: optionalId('MatterId').describe('One matter’s.'),
  PracticeAreaId: optionalId('PracticeAreaId').describe('Matters of one practice area.'),
  CurrencyCode: z
    .string()
    .trim()
    .regex(/^([A-Z]{3})?$/, 'CurrencyCode must be a 3-letter ISO code')
    .optional()
    .transform((value) => value || undefined)
    .describe('One currency’s figures (ISO 4217).'),
};

/** A date range's order, said once for every report that takes From and To. */
export const fromNotAfterTo = (query: { From?: string | undefined; To?: string | undefined }) =>
  !query.From || !query.To || query.From <= query.To;
export const FROM_AFTER_TO = 'From must be on or before To';

/** A cell as the screen and the PDF print it: money with separators, dates DD/MM/YYYY, percentages with %. */
export function formatReportCell(kind: ReportColumnKind, value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return formatMoney(String(value));
    case 'date':
      // A total row's label may sit in a date column.
      return isValidIsoDate(String(value)) ? isoToDisplayDate(String(value)) : String(value);
    case 'percent':
      return `${value}%`;
    default:
      return String(value);
  }
}
