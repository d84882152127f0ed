import { IS_BILLABLE } from '@matterhorn/shared';
import { csvLine } from '../../lib/csv.ts';
import type { TimeEntryExportRow } from './time-entry-export.repository.ts';

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
