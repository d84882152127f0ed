import { IS_BILLABLE } from '@matterhorn/shared';
import type { TimeEntryExportRow } from './time-entry-export.repository.ts';

/** Cells a spreadsheet would run as a formula get a leading apostrophe (CSV injection guard). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const TIME_ENTRY_CSV_HEADER = csvLine([
  'Date',
  'Client',
  'Matter',
  'Activity',
  'Description',
  'Fee earner',
  'Hours',
  'Billable',
  'Rate',
  'Amount',
  'Currency',
  'Status',
  'UTBMS task',
]);

export type ExportNames = { users: Map<string, string>; activities: Map<string, string>; currencies: Map<number, string> };

/** Rate and amount are in the entry's billing currency, named by its ISO code, so each row adds up. */
export const timeEntryCsvLine = (row: TimeEntryExportRow, names: ExportNames) =>
  csvLine([
    row.time_entry_date,
    row.client_name,
    row.matter_label,
    names.activities.get(row.activity_type_id),
    row.description,
    names.users.get(row.user_id),
    row.duration,
    row.is_billable === IS_BILLABLE.billable ? 'Yes' : 'No',
    row.foreign_user_rate,
    row.total_amount,
    row.currency_id === null ? '' : names.currencies.get(Number(row.currency_id)),
    row.is_locked ? 'Billed' : 'Unbilled',
    row.utbms_task_code,
  ]);
