import { type TimeEntryListQuery, timeEntryListRoute } from '@matterhorn/shared';
import { contractUrl } from '../../../lib/api/call-contract.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { timeEntryFiltersOf, timeEntryListParams } from './time-entry-list.ts';

/** The address of the filtered list as CSV: the same filter with IsDownlodCsv=true (SPEC.md's spelling), in the list's order. */
export function timeEntriesCsvUrl(query: TimeEntryListQuery): string {
  const { SortBy } = query;
  return contractUrl(timeEntryListRoute, { query: timeEntryListParams({ ...timeEntryFiltersOf(query), SortBy, IsDownlodCsv: true }) });
}

export const downloadTimeEntriesCsv = (query: TimeEntryListQuery): Promise<void> =>
  downloadCsv(timeEntriesCsvUrl(query), 'time-entries.csv');
