import type { TimeEntryListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString, errorMessageFrom } from '../../../lib/api-client.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { TIME_ENTRY_LIST_PATH, timeEntryFiltersOf, timeEntryListParams } from './time-entry-list.ts';

const FALLBACK_FILE_NAME = 'time-entries.csv';

/** The file name from Content-Disposition (attachment; filename="x.csv"), else time-entries.csv. */
export function csvFileNameFrom(disposition: string | null): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : FALLBACK_FILE_NAME;
}

/** The address of the filtered list as CSV: the same filter with IsDownlodCsv=true (SPEC.md's spelling), in the list's order. */
export function timeEntriesCsvUrl(query: TimeEntryListQuery): string {
  const { SortBy } = query;
  return `${API_BASE}${TIME_ENTRY_LIST_PATH}${buildQueryString(timeEntryListParams({ ...timeEntryFiltersOf(query), SortBy, IsDownlodCsv: true }))}`;
}

/**
 * Fetched with the bearer (a plain link cannot carry it) and handed to the browser as a Blob
 * download; a refusal throws the server's message.
 */
export async function downloadTimeEntriesCsv(query: TimeEntryListQuery): Promise<void> {
  const token = firmToken();
  const response = await fetch(timeEntriesCsvUrl(query), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw new Error(errorMessageFrom(response.status, body, response.statusText || 'Download failed'));
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileNameFrom(response.headers.get('Content-Disposition'));
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
