import { IS_BILLABLE } from '@matterhorn/shared';
import type { ListCsv } from '../../platform/lists/list-csv.ts';
import { findExportNames, type timeEntryExport, type ExportNames } from './time-entry-export.repository.ts';

/** Rate and amount are in the entry's billing currency, named by its ISO code, so each row adds up. */
export const timeEntryCsv: ListCsv<typeof timeEntryExport.columns, ExportNames> = {
  header: [
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
  ],
  prepare: findExportNames,
  cells: (row, names, dates) => [
    dates.date(row.timeEntryDate),
    row.clientName,
    row.matterLabel,
    names.activities.get(row.activityTypeId),
    row.description,
    names.users.get(row.userId),
    row.duration,
    row.isBillable === IS_BILLABLE.billable ? 'Yes' : 'No',
    row.foreignUserRate,
    row.totalAmount,
    row.currencyId === null ? '' : names.currencies.get(Number(row.currencyId)),
    row.isLocked ? 'Billed' : 'Unbilled',
    row.utbmsTaskCode,
  ],
};
