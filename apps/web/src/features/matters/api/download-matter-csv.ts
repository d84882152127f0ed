import type { MatterListQuery } from '@matterhorn/shared';
import { API_BASE, buildQueryString, errorMessageFrom } from '../../../lib/api-client.ts';
import { firmToken } from '../../../lib/session-storage.ts';
import { MATTER_LIST_PATH, matterListParams } from './get-matter-list.ts';

const FALLBACK_FILE_NAME = 'matters.csv';

/** The file name from Content-Disposition (attachment; filename="x.csv"), else matters.csv. */
export function csvFileNameFrom(disposition: string | null): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : FALLBACK_FILE_NAME;
}

/**
 * The filtered list as CSV: the same query with IsDownlodCsv=true (SPEC.md's spelling), fetched
 * with the bearer (a plain link cannot carry it) and handed to the browser as a Blob download.
 */
export async function downloadMatterCsv(query: MatterListQuery): Promise<void> {
  const params = matterListParams({ ...query, page: undefined, size: undefined, IsDownlodCsv: true });
  const token = firmToken();
  const response = await fetch(`${API_BASE}${MATTER_LIST_PATH}${buildQueryString(params)}`, {
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
