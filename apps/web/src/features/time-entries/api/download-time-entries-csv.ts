import type { TimeEntryListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { TIME_ENTRY_LIST_PATH, timeEntryFiltersOf, timeEntryListParams } from './time-entry-list.ts';

/** The address of the filtered list as CSV: the same filter with IsDownlodCsv=true (SPEC.md's spelling), in the list's order. */
export function timeEntriesCsvUrl(query: TimeEntryListQuery): string {
  const { SortBy } = query;
  return `${API_BASE}${TIME_ENTRY_LIST_PATH}${buildQueryString(timeEntryListParams({ ...timeEntryFiltersOf(query), SortBy, IsDownlodCsv: true }))}`;
}

export const downloadTimeEntriesCsv = (query: TimeEntryListQuery): Promise<void> =>
  downloadCsv(timeEntriesCsvUrl(query), 'time-entries.csv');
